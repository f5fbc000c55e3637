// The XML of office files (Word, OpenDocument, PowerPoint), read the same way by each reader: the
// text of a part with entity bombs refused, a SAX pass whose errors become document_damaged, and
// an attribute as a string.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { DocumentError, documentError } from '../document-error.ts';

/**
 * UTF-8 (or UTF-16 with a BOM) XML text; a DTD declaring entities is refused (entity bombs), the
 * message naming the kind of file (`Word documents`, `OpenDocument files`, ...).
 */
export function xmlText(buf: Buffer, what?: string): string {
  const text = buf[0] === 0xff && buf[1] === 0xfe ? buf.toString('utf16le') : buf.toString('utf8');
  const dt = text.indexOf('<!DOCTYPE');
  if (dt >= 0 && /<!ENTITY/.test(text.slice(dt, text.indexOf('>', text.indexOf(']', dt)) + 1 || undefined))) {
    throw documentError('document_entity_bomb', what);
  }
  return text;
}

/** One SAX pass over `xml`; a malformed part is document_damaged (422) with the parser's first line. */
export function parseXml(
  xml: string,
  on: { open: (t: SaxesTagPlain) => void; close: (name: string) => void; text: (s: string) => void },
): void {
  const p = new SaxesParser({ xmlns: false, position: false });
  p.on('opentag', on.open);
  p.on('closetag', (t) => on.close(t.name));
  p.on('text', on.text);
  p.on('error', (err) => {
    throw err;
  });
  try {
    p.write(xml).close();
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    const msg = err instanceof Error ? err.message.split('\n')[0]!.slice(0, 100) : 'unreadable XML';
    throw documentError('document_damaged', msg, 'document');
  }
}

/** An attribute's value, or undefined when absent. */
export const attr = (t: SaxesTagPlain, name: string): string | undefined => {
  const v = t.attributes[name];
  return typeof v === 'string' ? v : undefined;
};
