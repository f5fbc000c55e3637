// Reads the few parts of an office document's zip (DOCX, PPTX, ODT, ODP) that hold text, with the
// decompression bounded: too many
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
  /** How messages name the document: `Word document` (the default), `PowerPoint presentation`, ... */
  what?: string;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxBytes: 128 * 2 ** 20, maxEntries: 10_000, maxRatio: 1000 };

const bomb = (limit: number, what?: string) => documentError('document_zip_bomb', limit, what);
const notDocx = (why: string, what = 'Word document') =>
  documentError(
    'document_unsupported',
    `The zip archive is not ${/^[AEIOU]/.test(what) ? 'an' : 'a'} ${what}: ${why}.`,
  );

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

/**
 * The named parts that exist in the archive, inflated; the others are never inflated. `names` is
 * a list (read in its order) or a test on each entry's name (read in the archive's order): a
 * presentation names its slides only in a part of its own.
 */
export async function readParts(
  bytes: Uint8Array,
  names: string[] | ((name: string) => boolean),
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<Map<string, Buffer>> {
  const what = limits.what;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: ZipFile;
  try {
    zip = await open(buf);
  } catch (err) {
    throw notDocx(err instanceof Error ? err.message.slice(0, 100) : 'unreadable', what);
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw bomb(limits.maxBytes, what);
  }
  const wanted = typeof names === 'function' ? names : (n: string) => names.includes(n);
  const found = new Map<string, Entry>();
  let declared = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: Entry) => {
      declared += e.uncompressedSize;
      if (!found.has(e.fileName) && wanted(e.fileName)) found.set(e.fileName, e);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  }).catch((err: unknown) => {
    throw notDocx(err instanceof Error ? err.message.slice(0, 100) : 'unreadable', what);
  });
  // A classic bomb declares its size honestly: refuse it before inflating anything.
  if (declared > limits.maxBytes * 8) throw bomb(limits.maxBytes, what);
  let remaining = limits.maxBytes;
  const out = new Map<string, Buffer>();
  for (const name of typeof names === 'function' ? [...found.keys()] : names) {
    const e = found.get(name);
    if (!e) continue;
    if (e.uncompressedSize > remaining) throw bomb(limits.maxBytes, what);
    if (e.uncompressedSize > 2 ** 20 && e.uncompressedSize > Math.max(1, e.compressedSize) * limits.maxRatio)
      throw bomb(limits.maxBytes, what);
    remaining -= e.uncompressedSize;
    try {
      out.set(name, await readEntry(zip, e));
    } catch (err) {
      // yauzl stops an entry that inflates past its declared size: a lying header is a bomb too.
      if (err instanceof Error && /too many bytes|exceeds/i.test(err.message)) throw bomb(limits.maxBytes, what);
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
