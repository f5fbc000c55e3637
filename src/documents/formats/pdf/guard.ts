// Decompression-bomb guard. pdf.js inflates streams into ordinary buffers (outside the V8 heap,
// so worker resourceLimits do not see them): a 1 MB file whose content stream inflates to 1 GiB
// takes the process over 2 GB. Before pdf.js sees the file, every FlateDecode stream is inflated
// once with zlib's maxOutputLength set to what is left of the document's budget, so the check
// itself never holds more than the budget.
import { inflateSync, constants } from 'node:zlib';
import { documentError } from '../../document-error.ts';

export { DEFAULT_MAX_DECODED_BYTES } from '../format.ts';

const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');

/** Throws a too_large DocumentError when the Flate streams of `data` inflate to more than `limit` bytes in all. */
export function checkDecodedSize(data: Uint8Array, limit: number): void {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let remaining = limit;
  let pos = 0;
  for (;;) {
    const k = buf.indexOf(STREAM, pos);
    if (k < 0) return;
    pos = k + STREAM.length;
    // "endstream" also contains "stream"; a real stream keyword is followed by an end of line.
    if (k >= 3 && buf[k - 1] === 0x64 && buf[k - 2] === 0x6e && buf[k - 3] === 0x65) continue;
    let start = pos;
    if (buf[start] === 0x0d) start++;
    if (buf[start] !== 0x0a && buf[start - 1] !== 0x0d) continue;
    if (buf[start] === 0x0a) start++;
    if (!isFlate(buf, k)) continue;
    let end = buf.indexOf(ENDSTREAM, start);
    if (end < 0) end = buf.length;
    pos = end;
    if (end <= start) continue;
    let out: Buffer;
    try {
      out = inflateSync(buf.subarray(start, end), {
        maxOutputLength: remaining + 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
        throw documentError('document_too_large', limit);
      }
      continue; // not valid zlib data (encrypted, damaged): pdf.js decides what to make of it
    }
    remaining -= out.length;
    if (remaining < 0) throw documentError('document_too_large', limit);
  }
}

/** The stream dictionary just before `streamAt` names FlateDecode as its (first) filter. */
function isFlate(buf: Buffer, streamAt: number): boolean {
  const from = Math.max(0, streamAt - 1024);
  const dict = buf.toString('latin1', from, streamAt);
  const o = dict.lastIndexOf(' obj');
  const d = o >= 0 ? dict.slice(o) : dict;
  const f = d.indexOf('/Filter');
  if (f < 0) return false;
  const after = d.slice(f + 7).trimStart();
  const first = after.startsWith('[') ? after.slice(1).trimStart() : after;
  return first.startsWith('/FlateDecode') || /^\/Fl(?![A-Za-z])/.test(first);
}
