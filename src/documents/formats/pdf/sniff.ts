// Whether bytes are a PDF, by the signature readers accept. Its own module, free of pdf.js: the
// main thread (format detection in the route) imports it, and must not load the parser, whose
// Node build also loads @napi-rs/canvas (tens of MB of rss in every process that imports it).

const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** `%PDF-` within the first 1024 bytes (as readers accept it), whatever the file is called. */
export function looksLikePdf(data: Uint8Array): boolean {
  const end = Math.min(data.length, 1024) - MAGIC.length;
  for (let i = 0; i <= end; i++) {
    if (
      data[i] === 0x25 &&
      data[i + 1] === 0x50 &&
      data[i + 2] === 0x44 &&
      data[i + 3] === 0x46 &&
      data[i + 4] === 0x2d
    )
      return true;
  }
  return false;
}
