// The character encoding of an HTML document, as a browser would pick it (simplified): a byte
// order mark, else a <meta charset> / <meta http-equiv="Content-Type" content="...; charset=">
// in the first 1024 bytes, else UTF-8 when the bytes are valid UTF-8, else windows-1252.
import { isUtf8 } from 'node:buffer';

export function htmlEncoding(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  const declared = declaredCharset(head);
  // A page saved as UTF-8 that still says utf-16 cannot be UTF-16 (the meta tag was readable).
  if (declared && !declared.startsWith('utf-16') && supported(declared)) return declared;
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

/** The charset named by a meta tag in `head`, lower-case, or null. */
export function declaredCharset(head: string): string | null {
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = m[0];
    const direct = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(tag);
    if (direct) return direct[1]!.toLowerCase();
  }
  return null;
}

function supported(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

export function decodeHtml(bytes: Uint8Array): string {
  return new TextDecoder(htmlEncoding(bytes)).decode(bytes);
}
