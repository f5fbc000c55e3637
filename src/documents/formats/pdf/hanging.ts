// Hanging-indent paragraphs: a man page's tagged paragraphs (groff's .TP: "-a, --all" on its own
// line, its text indented under it; or "-C       list entries by columns", tag and text on one
// line), a bibliography's or a glossary's entries. Each opens at the same left and its other
// lines hang right of it; the next entry opens back at that left. No fit rule tells it: the line
// before the next entry may be full (its first word would not fit there) or short with no
// sentence end ("list entries by columns"), so the entries ran into one paragraph.
import type { LinePiece } from './types.ts';

/** What of a line the rule reads. */
export interface HangLine {
  x: number;
  xEnd: number;
  size: number;
  pieces?: readonly Pick<LinePiece, 'text' | 'x' | 'xEnd'>[];
}

/** A line that runs on from the one before: it opens in lower case or with a bracket. */
const CONTINUES = /^[\p{Ll}(]/u;
/** How far (in em) a line must stand right of the first to hang under it. */
const HANG_MIN_EM = 0.8;
/** How near (in points) a line must stand to the first line's left to open there again. */
const SAME_LEFT = 1;
/** A tag set beside its text: at most this many characters... */
const TAG_CHARS = 24;
/** ...parted from its text by at least this gap (in em: more than any word space). */
const TAG_GAP_EM = 1;
/** A one-line entry stops this far (in em) short of the right edge: no justified line of prose. */
const SHORT_EM = 4;
/**
 * A hanging text ended where its last line stops this far (in em) short of the right edge: a
 * filled line that goes on reaches it (a title over a paragraph with a first-line indent, whose
 * second line goes on at the title's left: "Description" / "   The routine ... i.e." / "has no
 * rows").
 */
const ENDED_EM = 2;

/**
 * Does `l` open a new entry after the hanging paragraph `para` (its lines so far, on one page)?
 * `right`: the text block's right edge; `fits`: `l`'s first word would have fit on the line
 * above it, in its column (the fit rules, clean.ts wordFitsAbove: the text broke that line; false
 * where they say nothing, as in TeX's text). `l` must stand at the paragraph's first line's left
 * and open otherwise than in lower case, or else the text broke the line above (a title over a
 * paragraph with a first-line indent goes on at the title's left in lower case: "3.7. Title" /
 * "    Ten typowy ... rodzaj" / "filigranowego ..."); and either every later line of the
 * paragraph hangs right of that left (a tag on its line and its text under it, or a text that
 * wrapped under itself) and the last of them ended short of the right edge or the text broke it,
 * or the paragraph is one line short of the right edge holding a tag and
 * its text apart by a wide gap, `l` left of that text. A paragraph with a first-line indent (its
 * later lines left of the first) and a paragraph of lines flush at one left are never hanging.
 */
export function opensAfterHang(
  para: readonly HangLine[],
  l: Pick<HangLine, 'x'> & { text: string },
  right: number,
  fits: boolean,
): boolean {
  const first = para[0];
  if (!first || Math.abs(l.x - first.x) > SAME_LEFT || (CONTINUES.test(l.text) && !fits)) return false;
  const hang = first.x + first.size * HANG_MIN_EM;
  if (para.length >= 2) {
    const last = para[para.length - 1]!;
    return para.every((p, i) => i === 0 || p.x > hang) && (fits || last.xEnd < right - last.size * ENDED_EM);
  }
  const pieces = first.pieces;
  if (!pieces || pieces.length < 2) return false;
  const tag = pieces[0]!;
  const text = pieces[1]!;
  return (
    tag.text.trim().length <= TAG_CHARS &&
    text.x - tag.xEnd >= first.size * TAG_GAP_EM &&
    text.x > hang &&
    first.xEnd < right - first.size * SHORT_EM
  );
}
