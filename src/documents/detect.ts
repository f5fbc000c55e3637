// Which format a document is in, from its bytes alone (magic numbers and structure), never from
// its file name or declared Content-Type: the first format of the list (formats/index.ts) whose
// sniff says yes; null when it is none we read.
import { ACCEPTED_FORMATS, FORMATS, type DocumentFormat } from './formats/index.ts';

export { ACCEPTED_FORMATS };

export function detectFormat(bytes: Uint8Array): DocumentFormat | null {
  if (bytes.length === 0) return null;
  for (const f of FORMATS) if (f.sniff(bytes)) return f.name;
  return null;
}
