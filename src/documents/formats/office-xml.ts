// The XML of office files (Word, OpenDocument, PowerPoint), read the same way by each reader: the
// text of a part with entity bombs refused, a SAX pass whose errors become document_damaged, an
// attribute as a string, and a table row's block.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { DocumentError, documentError } from '../document-error.ts';
import { isNavigationCell, type LinkedBlock } from '../listing.ts';

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

/** A table cell as an office reader collects it: its text, and its in-page link characters and links. */
export interface OfficeCell {
  text: string;
  inPage: number;
  links: number;
}

/**
 * A table row's block (`a | b`, the cells in their columns), the same for Word and OpenDocument:
 * `header` marks every cell a header cell (a row repeated on each page), `links` are the row's
 * link counts; a data cell has letters or digits and no in-page link, a navigation cell is a
 * Prev/Next link (isNavigationCell).
 */
export function officeRow(
  row: readonly OfficeCell[],
  header: boolean,
  group: number,
  links: { inPage: number; chars: number; n: number },
): LinkedBlock {
  return {
    kind: 'row',
    text: row.map((c) => c.text).join(' | '),
    cells: row.map((c) => (header ? { text: c.text, header: true } : { text: c.text })),
    group,
    inPageLinkChars: links.inPage,
    linkChars: links.chars,
    links: links.n,
    dataCells: row.filter((c) => c.inPage === 0 && /[\p{L}\p{N}]/u.test(c.text)).length,
    navCells: row.filter((c) => isNavigationCell(c.text, c.links)).length,
  };
}
