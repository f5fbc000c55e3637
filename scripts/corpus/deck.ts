// A slide deck made from a real document's outline, for the office oracle set: Debian ships no
// presentation we may take (LibreOffice's own templates are in libreoffice-common, kept apart), and
// a beamer PDF cannot be converted back into slides. So the deck is written the way people write
// one from a manual: a slide per section, titled with the section's heading, holding the
// section's paragraphs, list items, code (in a monospaced font) and table rows, a long section
// going on over further slides under the same title with "(2)", "(3)". The deck is a flat
// OpenDocument presentation (.fodp) that Debian's LibreOffice Impress saves as PowerPoint,
// OpenDocument and PDF; beside it an HTML page of the same outline (h2 per slide, p, ul, pre,
// table) is the oracle: the true titles, reading order, code and rows of every slide.
import type { DocumentBlock } from '../../src/documents/blocks.ts';

export interface Slide {
  title: string;
  blocks: DocumentBlock[];
}

/** Most characters of text on one slide, and most table rows. */
export const SLIDE_CHARS = 650;
export const SLIDE_ROWS = 8;

const size = (b: DocumentBlock) => (b.lines ? b.lines.join('\n') : b.text).length;

/**
 * The slides of a document's blocks: a slide per heading (the text before the first heading goes
 * under the document's title), a block that would take a slide past SLIDE_CHARS or SLIDE_ROWS
 * opening a further slide with the same title and its number.
 */
export function deckOutline(blocks: readonly DocumentBlock[], title: string): Slide[] {
  const slides: Slide[] = [];
  let base = title;
  let part = 1;
  let cur: Slide | null = null;
  const open = (t: string) => {
    cur = { title: t, blocks: [] };
    slides.push(cur);
  };
  for (const b of blocks) {
    if (b.kind === 'heading') {
      base = b.text.replace(/\s+/g, ' ').trim();
      part = 1;
      open(base);
      continue;
    }
    if (cur === null) open(base);
    const c = cur as unknown as Slide;
    const chars = c.blocks.reduce((n, x) => n + size(x), 0);
    const rows = c.blocks.filter((x) => x.kind === 'row').length;
    if (c.blocks.length > 0 && (chars + size(b) > SLIDE_CHARS || (b.kind === 'row' && rows >= SLIDE_ROWS))) {
      part++;
      open(`${base} (${part})`);
    }
    (cur as unknown as Slide).blocks.push(b);
  }
  return slides.filter((s) => s.blocks.length > 0 || s.title.length > 0);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Runs of blocks of one kind (consecutive items make one list, consecutive rows one table). */
function runs(blocks: readonly DocumentBlock[]): DocumentBlock[][] {
  const out: DocumentBlock[][] = [];
  for (const b of blocks) {
    const last = out[out.length - 1];
    if (last && last[0]!.kind === b.kind && (b.kind === 'item' || b.kind === 'row')) last.push(b);
    else out.push([b]);
  }
  return out;
}

const cellsOf = (b: DocumentBlock) => (b.cells ? b.cells.map((c) => c.text) : b.text.split(' | '));

/** ODF text for a code line: spaces as text:s, tabs as text:tab (ODF collapses white space). */
function odfCode(line: string): string {
  return line
    .split(/(\t| {2,})/)
    .map((part) =>
      part === '\t'
        ? '<text:tab/>'
        : /^ {2,}$/.test(part)
          ? `<text:s text:c="${part.length}"/>`
          : esc(part).replace(/^ /, '<text:s/>'),
    )
    .join('');
}

const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"';

/** The deck as a flat OpenDocument presentation (16:9, title and outline placeholders). */
export function deckFodp(slides: readonly Slide[]): string {
  const page = (s: Slide, i: number) => {
    const body: string[] = [];
    let y = 3.2;
    for (const run of runs(s.blocks)) {
      const kind = run[0]!.kind;
      if (kind === 'row') {
        const width = Math.max(...run.map((r) => cellsOf(r).length));
        const rows = run
          .map(
            (r) =>
              `<table:table-row>${Array.from({ length: width }, (_, k) => {
                const t = cellsOf(r)[k] ?? '';
                return `<table:table-cell>${t ? `<text:p>${esc(t)}</text:p>` : ''}</table:table-cell>`;
              }).join('')}</table:table-row>`,
          )
          .join('');
        body.push(
          `<draw:frame svg:x="1.5cm" svg:y="${y}cm" svg:width="25cm" svg:height="${run.length}cm"><table:table>` +
            `<table:table-column table:number-columns-repeated="${width}"/>${rows}</table:table></draw:frame>`,
        );
        y += run.length * 0.9;
        continue;
      }
      let inner: string;
      let cls = '';
      if (kind === 'item')
        inner = `<text:list>${run.map((b) => `<text:list-item><text:p>${esc(b.text)}</text:p></text:list-item>`).join('')}</text:list>`;
      else if (kind === 'code')
        inner = (run[0]!.lines ?? run[0]!.text.split('\n'))
          .map((l) => `<text:p><text:span text:style-name="Tmono">${odfCode(l)}</text:span></text:p>`)
          .join('');
      else {
        inner = `<text:p>${esc(run[0]!.text)}</text:p>`;
        cls = '';
      }
      const lines = Math.ceil(run.reduce((n, b) => n + size(b), 0) / 80) + run.length;
      body.push(
        `<draw:frame draw:style-name="gr1"${cls} svg:x="1.5cm" svg:y="${y}cm" svg:width="25cm" svg:height="${lines * 0.6}cm"><draw:text-box>${inner}</draw:text-box></draw:frame>`,
      );
      y += lines * 0.6;
    }
    return (
      `<draw:page draw:name="slide${i + 1}" draw:master-page-name="Default">` +
      `<draw:frame presentation:style-name="pr1" presentation:class="title" svg:x="1.5cm" svg:y="0.6cm" svg:width="25cm" svg:height="2.2cm">` +
      `<draw:text-box><text:p>${esc(s.title)}</text:p></draw:text-box></draw:frame>${body.join('')}</draw:page>`
    );
  };
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">` +
    '<office:styles><style:style style:name="standard" style:family="graphic"><style:text-properties fo:font-size="12pt"/></style:style></office:styles>' +
    '<office:automatic-styles>' +
    '<style:page-layout style:name="PM1"><style:page-layout-properties fo:page-width="28cm" fo:page-height="15.75cm" style:print-orientation="landscape"/></style:page-layout>' +
    '<style:style style:name="pr1" style:family="presentation"/>' +
    '<style:style style:name="gr1" style:family="graphic"><style:graphic-properties draw:stroke="none" draw:fill="none"/><style:text-properties fo:font-size="12pt"/></style:style>' +
    '<style:style style:name="Tmono" style:family="text"><style:text-properties fo:font-family="\'DejaVu Sans Mono\'" style:font-pitch="fixed" fo:font-size="10pt"/></style:style>' +
    '</office:automatic-styles>' +
    '<office:master-styles><style:master-page style:name="Default" style:page-layout-name="PM1"/></office:master-styles>' +
    `<office:body><office:presentation>${slides.map(page).join('\n')}</office:presentation></office:body></office:document>\n`
  );
}

/** The oracle: the same outline as HTML (an h2 per slide), which pandoc reads for the measures. */
export function deckHtml(slides: readonly Slide[], title: string): string {
  const page = (s: Slide) => {
    const body = runs(s.blocks).map((run) => {
      const kind = run[0]!.kind;
      if (kind === 'item') return `<ul>${run.map((b) => `<li>${esc(b.text)}</li>`).join('')}</ul>`;
      if (kind === 'code') return `<pre>${esc((run[0]!.lines ?? [run[0]!.text]).join('\n'))}</pre>`;
      if (kind === 'row')
        return `<table>${run
          .map(
            (r) =>
              `<tr>${cellsOf(r)
                .map((c) => `<td>${esc(c)}</td>`)
                .join('')}</tr>`,
          )
          .join('')}</table>`;
      return `<p>${esc(run[0]!.text)}</p>`;
    });
    return `<h2>${esc(s.title)}</h2>\n${body.join('\n')}`;
  };
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>\n${slides.map(page).join('\n')}\n</body></html>\n`;
}
