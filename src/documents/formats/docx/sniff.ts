// Whether bytes are a Word document, by their zip structure. Free of the zip reader and the XML
// parser: the main thread (format detection) imports it.

/** A local file header ("PK\3\4") or the end record of an empty archive ("PK\5\6"). */
function isZip(b: Uint8Array): boolean {
  return b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && ((b[2] === 3 && b[3] === 4) || (b[2] === 5 && b[3] === 6));
}

const CONTENT_TYPES = Buffer.from('[Content_Types].xml');
const WORD_DOCUMENT = Buffer.from('word/document.xml');

/**
 * A zip whose entries (names are stored uncompressed, in the local headers and the central
 * directory) include the OPC content-type list and a WordprocessingML main part. The DOCX
 * reader then checks the archive properly; a spreadsheet (xl/workbook.xml) or any other zip is
 * not this (and, starting with control bytes, no text format either).
 */
export function looksLikeDocx(b: Uint8Array): boolean {
  if (!isZip(b)) return false;
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  return buf.includes(CONTENT_TYPES) && buf.includes(WORD_DOCUMENT);
}
