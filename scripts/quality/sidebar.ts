// A slide deck's navigation sidebar in the reference: pdftotext reads the deck's title, author and
// sections down the side of every slide as a block of lines beside the slide's text.
import type { XmlFragment } from './pdf-code.ts';

/** A text's letters and digits, case and ligatures folded ("ﬀ" is "ff"). */
const letters = (t: string): string[] => [...t.normalize('NFKC').toLowerCase()].filter((c) => /[\p{L}\p{N}]/u.test(c));

/**
 * The deck's reading (pdftotext's, pages split at form feeds) without its navigation sidebar:
 * the band of pdftohtml's fragments that stand at one left edge with one text on more than half
 * of the pages (3 such entries or more), in the outer third of the page's width on one side, that
 * no fragment reaches into from outside on more than a tenth of the pages; on each page, a line
 * whose letters stand in a row in the letters of the fragments wholly inside the band goes. The same rule as the
 * reader's (src/documents/formats/pdf/sidebar.ts), on the reference's own fragments: the current
 * section's subsections, listed on its slides only, go with the entries that stand everywhere.
 */
export function withoutSidebar(text: string, fragments: readonly XmlFragment[]): string {
  const pages = new Map<number, XmlFragment[]>();
  for (const f of fragments) if (f.text.trim().length > 0) pages.set(f.page, [...(pages.get(f.page) ?? []), f]);
  const n = pages.size;
  if (n < 4) return text;
  const seen = new Map<string, { pages: number; left: number; right: number }>();
  for (const list of pages.values()) {
    const keys = new Set<string>();
    for (const f of list) {
      if (!/\p{L}{2,}/u.test(f.text)) continue;
      const key = `${Math.round(f.left)}|${f.text.trim()}`;
      if (keys.has(key)) continue;
      keys.add(key);
      const s = seen.get(key);
      if (s) {
        s.pages++;
        s.right = Math.max(s.right, f.left + f.width);
      } else seen.set(key, { pages: 1, left: f.left, right: f.left + f.width });
    }
  }
  const entries = [...seen.values()].filter((s) => s.pages * 2 > n && s.pages >= 3);
  if (entries.length < 3) return text;
  const left = Math.min(...entries.map((s) => s.left)) - 2;
  const right = Math.max(...entries.map((s) => s.right)) + 2;
  const width = Math.max(...fragments.map((f) => f.left + f.width));
  if (right > width / 3 && left < (2 * width) / 3) return text;
  const inside = (f: XmlFragment) => f.left >= left && f.left + f.width <= right;
  let crossed = 0;
  for (const list of pages.values())
    if (list.some((f) => f.left + f.width > left && f.left < right && !inside(f))) crossed++;
  if (crossed > 0.1 * n) return text;
  // pdftohtml splits a logo's raised letter into fragments of its own ("Structure of a L", "A",
  // "TEX"), pdftotext reads the line whole ("LATEX"): a line goes when its letters (4 or more)
  // stand in a row in the letters of its page's fragments inside the band, read from the top
  // (each stretch once).
  return text
    .split('\f')
    .map((page, i) => {
      const band = (pages.get(i + 1) ?? []).filter(inside).sort((a, b) => a.top - b.top || a.left - b.left);
      let side = band.map((f) => letters(f.text).join('')).join('');
      if (side.length === 0) return page;
      return page
        .split('\n')
        .filter((l) => {
          const own = letters(l).join('');
          if (own.length < 4) return true;
          // pdftohtml may drop a line's last ligature ("Tables and stu" for "Tables and stuﬀ").
          for (const cut of [0, 1, 2]) {
            const part = own.slice(0, own.length - cut);
            const at = cut === 0 || part.length >= 6 ? side.indexOf(part) : -1;
            if (at < 0) continue;
            side = side.slice(0, at) + '\u0000' + side.slice(at + part.length);
            return false;
          }
          return true;
        })
        .join('\n');
    })
    .join('\f');
}
