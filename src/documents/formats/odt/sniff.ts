// Whether bytes are an OpenDocument file of one kind, by their zip structure. Free of the zip
// reader and the XML parser: the main thread (format detection) imports it.

const MIMETYPE = Buffer.from('mimetype');
const CONTENT = Buffer.from('content.xml');

/**
 * A zip whose first entry is the uncompressed `mimetype` part naming this kind (ODF 1.2+, part 3,
 * 3.3: `application/vnd.oasis.opendocument.text`, or its template `...text-template`), and that
 * lists a content.xml. A spreadsheet, a drawing or a master document is not this.
 */
export function looksLikeOdf(b: Uint8Array, kind: 'text' | 'presentation'): boolean {
  if (b.length < 38 + 39 || b[0] !== 0x50 || b[1] !== 0x4b || b[2] !== 3 || b[3] !== 4) return false;
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const nameLen = buf.readUInt16LE(26);
  const extraLen = buf.readUInt16LE(28);
  if (nameLen !== MIMETYPE.length || !buf.subarray(30, 38).equals(MIMETYPE)) return false;
  const method = buf.readUInt16LE(8);
  if (method !== 0) return false;
  const size = buf.readUInt32LE(18);
  const start = 30 + nameLen + extraLen;
  if (size > 100 || start + size > buf.length) return false;
  const mime = buf
    .subarray(start, start + size)
    .toString('latin1')
    .trim();
  const base = `application/vnd.oasis.opendocument.${kind}`;
  return (mime === base || mime === `${base}-template`) && buf.includes(CONTENT);
}
