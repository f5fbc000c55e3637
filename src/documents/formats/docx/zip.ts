// Reads the few parts of a DOCX (a zip) that hold text, with the decompression bounded: too many
// entries, a part declared larger than what is left of the budget, or a part compressed beyond any
// real XML's ratio is refused before a byte is inflated; yauzl checks that no entry inflates past
// its declared size, so memory never exceeds the budget.
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { documentError } from '../../document-error.ts';

export interface ZipLimits {
  /** Bytes all the parts read may inflate to in all. */
  maxBytes: number;
  /** Entries the archive may list. */
  maxEntries: number;
  /** Inflated/compressed ratio beyond which a part larger than 1 MiB is taken for a bomb. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxBytes: 128 * 2 ** 20, maxEntries: 10_000, maxRatio: 1000 };

const bomb = (limit: number) => documentError('document_zip_bomb', limit);
const notDocx = (why: string) =>
  documentError('document_unsupported', `The zip archive is not a Word document: ${why}.`);

function open(buf: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buf,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (err, zip) => {
        if (err) reject(err);
        else resolve(zip);
      },
    );
  });
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      const parts: Buffer[] = [];
      stream.on('data', (c: Buffer) => parts.push(c));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(parts)));
    });
  });
}

/** The named parts that exist in the archive, inflated; the others are never inflated. */
export async function readParts(
  bytes: Uint8Array,
  names: string[],
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<Map<string, Buffer>> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: ZipFile;
  try {
    zip = await open(buf);
  } catch (err) {
    throw notDocx(err instanceof Error ? err.message.slice(0, 100) : 'unreadable');
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw bomb(limits.maxBytes);
  }
  const wanted = new Set(names);
  const found = new Map<string, Entry>();
  let declared = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: Entry) => {
      declared += e.uncompressedSize;
      if (wanted.has(e.fileName)) found.set(e.fileName, e);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  }).catch((err: unknown) => {
    throw notDocx(err instanceof Error ? err.message.slice(0, 100) : 'unreadable');
  });
  // A classic bomb declares its size honestly: refuse it before inflating anything.
  if (declared > limits.maxBytes * 8) throw bomb(limits.maxBytes);
  let remaining = limits.maxBytes;
  const out = new Map<string, Buffer>();
  for (const name of names) {
    const e = found.get(name);
    if (!e) continue;
    if (e.uncompressedSize > remaining) throw bomb(limits.maxBytes);
    if (e.uncompressedSize > 2 ** 20 && e.uncompressedSize > Math.max(1, e.compressedSize) * limits.maxRatio)
      throw bomb(limits.maxBytes);
    remaining -= e.uncompressedSize;
    try {
      out.set(name, await readEntry(zip, e));
    } catch (err) {
      // yauzl stops an entry that inflates past its declared size: a lying header is a bomb too.
      if (err instanceof Error && /too many bytes|exceeds/i.test(err.message)) throw bomb(limits.maxBytes);
      throw documentError(
        'document_damaged',
        `part ${name}: ${err instanceof Error ? err.message.slice(0, 80) : 'unreadable'}`,
        'document',
      );
    }
  }
  zip.close();
  return out;
}
