// Whether bytes are a PowerPoint presentation, by their zip structure. Free of the zip reader and
// the XML parser: the main thread (format detection) imports it.

const CONTENT_TYPES = Buffer.from('[Content_Types].xml');
const PRESENTATION = Buffer.from('ppt/presentation.xml');

/**
 * A zip (a local file header) whose entry names (stored uncompressed) include the OPC content-type
 * list and a PresentationML main part. The PPTX reader then checks the archive properly.
 */
export function looksLikePptx(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0x50 || b[1] !== 0x4b || b[2] !== 3 || b[3] !== 4) return false;
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  return buf.includes(CONTENT_TYPES) && buf.includes(PRESENTATION);
}
