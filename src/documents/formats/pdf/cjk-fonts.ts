// Chinese, Japanese and Korean fonts are fixed-pitch by design: every ideograph, kana and Hangul
// syllable fills one em, and their FontDescriptors say FixedPitch (pdf.js reads such a font as
// `monospace`). Such a font sets a book's prose, not its code: read as typewriter, a paragraph of
// a Chinese or Japanese manual became a code block with its line breaks kept (DocBook/dblatex and
// LaTeX manuals in both languages). A monospaced font is a typewriter font where most of what it
// sets on a page is not such wide text. Pure.
import { isCjkUnit } from '../../cjk.ts';

/** The page's text items, as read (page-text.ts): text, font key, and whether pdf.js says monospace. */
export interface FontItem {
  str: string;
  font: string;
  mono: boolean;
}

/** A wide character of East Asian text: isCjkUnit's, and Hangul (syllables, jamo, compatibility jamo). */
function isWide(u: number): boolean {
  return isCjkUnit(u) || (u >= 0xac00 && u <= 0xd7af) || (u >= 0x1100 && u <= 0x11ff) || (u >= 0x3130 && u <= 0x318f);
}

/**
 * The monospaced fonts of one page that set Chinese, Japanese or Korean text: at least half the
 * non-blank characters they set on the page are such wide text (isWide). Empty when the page has
 * no monospaced item (the common case: one test per item).
 */
export function fixedPitchCjkFonts(items: readonly FontItem[]): Set<string> {
  const out = new Set<string>();
  let counts: Map<string, { cjk: number; all: number }> | undefined;
  for (const it of items) {
    if (!it.mono) continue;
    counts ??= new Map();
    let c = counts.get(it.font);
    if (!c) counts.set(it.font, (c = { cjk: 0, all: 0 }));
    for (let i = 0; i < it.str.length; i++) {
      const u = it.str.charCodeAt(i);
      if (u <= 0x20 || u === 0x3000) continue;
      c.all++;
      if (isWide(u)) c.cjk++;
    }
  }
  if (counts) for (const [font, c] of counts) if (c.all > 0 && c.cjk * 2 >= c.all) out.add(font);
  return out;
}
