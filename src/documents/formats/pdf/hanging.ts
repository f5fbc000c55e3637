// Hanging-indent paragraphs: a man page's tagged paragraphs (groff's .TP: "-a, --all" on its own
// line, its text indented under it; or "-C       list entries by columns", tag and text on one
// line), a bibliography's or a glossary's entries. Each opens at the same left and its other
// lines hang right of it; the next entry opens back at that left. No fit rule tells it: the line
// before the next entry may be full (its first word would not fit there) or short with no
// sentence end ("list entries by columns"), so the entries ran into one paragraph.
import { RUNS_ON, SENTENCE_END } from './clean.ts';
import type { LinePiece } from './types.ts';

/** What of a line the rule reads. */
export interface HangLine {
  x: number;
  xEnd: number;
  size: number;
  pieces?: readonly Pick<LinePiece, 'text' | 'x' | 'xEnd'>[];
}

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
/** A tag alone on its line: at most this many characters (an option and its argument, "-D [bind_address:]port"). */
const TAG_LINE_CHARS = 40;

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
  l: Pick<HangLine, 'x' | 'pieces'> & { text: string },
  right: number,
  fits: boolean,
): boolean {
  const first = para[0];
  if (!first || Math.abs(l.x - first.x) > SAME_LEFT) return false;
  const hang = first.x + first.size * HANG_MIN_EM;
  const last = para[para.length - 1]!;
  const lastText = tagText(last.pieces, last.size);
  if (openedByTag(para, l, hang, lastText)) return true;
  if (RUNS_ON.test(l.text) && !fits) return false;
  if (para.length >= 2)
    return para.every((p, i) => i === 0 || p.x > hang) && (fits || last.xEnd < right - last.size * ENDED_EM);
  return !!lastText && lastText.x > hang && first.xEnd < right - first.size * SHORT_EM;
}

/**
 * The entry rules of a tagged list: `l`, at the first
 * line's left, opens the next entry after a text that hangs under its tag in two lines or more,
 * or after a line holding a tag and its text where `l` holds them too.
 */
function openedByTag(
  para: readonly HangLine[],
  l: Pick<HangLine, 'pieces'>,
  hang: number,
  lastText: LinePiece | undefined,
): boolean {
  const first = para[0]!;
  // Two lines or more hanging at one left: a text wrapped under its tag, however full its last
  // line and whatever the next entry opens with ("chmod mode file"): a first-line indent sets one
  // line right of the title's left, never two.
  const under = para[1];
  if (para.length >= 3 && para.every((p, i) => i === 0 || (p.x > hang && Math.abs(p.x - under!.x) <= SAME_LEFT)))
    return true;
  // The next entry's tag and text stand where the last line's do, however full that line (a
  // glossary's "word    A sequence of ... token." / "name    A word consisting ..."; sed's "c \" /
  // "text    Replace ..." / "d    Delete ...").
  const last = para[para.length - 1]!;
  if (!lastText || Math.abs(last.x - first.x) > SAME_LEFT) return false;
  const text = tagText(l.pieces, last.size);
  return !!text && Math.abs(text.x - lastText.x) <= SAME_LEFT;
}

/** The text piece of a line that opens with a short tag set apart from it by a wide gap, or undefined. */
function tagText(pieces: HangLine['pieces'], size: number): LinePiece | undefined {
  if (!pieces || pieces.length < 2) return undefined;
  const tag = pieces[0]!;
  const text = pieces[1]!;
  return tag.text.trim().length <= TAG_CHARS && text.x - tag.xEnd >= size * TAG_GAP_EM ? text : undefined;
}

/**
 * Does `l`, a line that opens with a short tag set apart from its text (hanging.ts tagText), open
 * a new entry after `prev`, a line that ends a sentence short of the right edge `right`, at any
 * left ("The special pattern characters have the following meanings:" / "    *    Matches any
 * string ...")? A list's first entry, indented under the sentence that opens it.
 */
export function tagAfterSentence(
  prev: Pick<HangLine, 'xEnd' | 'size'> & { text: string },
  l: Pick<HangLine, 'x' | 'size' | 'pieces'>,
  right: number,
): boolean {
  const text = tagText(l.pieces, l.size);
  if (!text || text.x <= l.x + l.size * HANG_MIN_EM) return false;
  return prev.xEnd < right - prev.size * SHORT_EM && SENTENCE_END.test(prev.text);
}

/**
 * Is `l` the text of the tag `para` holds alone on its line (groff's .TP or .IP, -mdoc's tagged
 * list, Texinfo's @table, a LaTeX description list, with a tag too wide for the indent:
 * "-B bind_interface" / "      Bind to the address ..."; "control operator" / "      A token
 * that ...")? The paragraph is that one short line, with no sentence end, and `l` hangs right of
 * its left, left of its end or just after it (the tag did not fit beside the text). The text joins
 * its tag whatever their fonts: an option's argument set in typewriter makes the tag's line
 * typewriter beside a proportional text, and a tag and its text read apart (or a chunk ending
 * between them) lose the option its meaning. `above`: the line above the tag's, if any. No tag
 * under a typewriter line (the tag is a listing's last line, or a synopsis's wrapped line:
 * tmux's "respawn-pane [-k] ..." / "      [shell-command]" / "( alias: respawnp )"), nor under a
 * full line of prose that ends no sentence (the sentence runs on into a typewriter phrase:
 * "... do read grid" / "data * 2 3" / "    Now Gri has ...", the next paragraph's first-line
 * indent).
 */
export function textUnderTag(
  para: readonly Pick<HangLine, 'x' | 'xEnd' | 'size'>[],
  tag: string,
  l: Pick<HangLine, 'x'>,
  right: number,
  above?: Pick<HangLine, 'x' | 'xEnd'> & { mono: boolean; text: string },
): boolean {
  const first = para[0];
  if (para.length !== 1 || !first) return false;
  if (above && (above.mono || (above.xEnd >= right - first.size * ENDED_EM && !SENTENCE_END.test(above.text))))
    return false;
  return (
    tag.length <= TAG_LINE_CHARS &&
    !SENTENCE_END.test(tag) &&
    first.xEnd < right - first.size * SHORT_EM &&
    l.x > first.x + first.size * HANG_MIN_EM &&
    l.x <= first.xEnd + first.size * TAG_GAP_EM
  );
}

/** What of a table row (tables.ts TableRow) the list rule reads. */
export interface TagRow {
  cells: readonly string[];
  lines: readonly { y: number; xEnd: number; size: number }[];
}

/** The lines around a run (tables.ts) that may show it part of a longer list, and its text column's left. */
export interface ListContext {
  textLeft?: number;
  above?: Pick<HangLine, 'x'>;
  below?: Pick<HangLine, 'pieces'>;
}

/** Items parted by blank space: a step between them this many times the run's line pitch, or more. */
const PARTED_STEP = 1.3;
/** A line of a text filled and justified ends this near (em) the right edge... */
const FULL_EM = 0.1;
/** ...and two such lines (wrapped, not a row's last) show a filled text, not a table's one long cell. */
const FULL_LINES = 2;
/** A line's step, in em, that leaves no blank line (a type size's common leading is 1.2). */
const PITCH_EM = 1.2;

/** A table's caption: "Table 2:", "Tabelle 3: Pakete", "Tableau 1 –", "Tab. 4": its word and number... */
const TABLE_CAPTION = /^(?:table|tableau|tabelle|tab\.|tabla|tabella|tabela|tabulka)\s*[\dIVX]+(?:[.\-–]\d+)*/i;
/** ...then a colon, a dash or a full stop, or a capital (never a sentence's verb: "Table 3 lists ..."), or nothing. */
const CAPTION_REST = /^(?:\s*[:.–—-]|\s+\p{Lu}|\s*$)/u;
const isTableCaption = (text: string): boolean => {
  const m = TABLE_CAPTION.exec(text);
  return !!m && CAPTION_REST.test(text.slice(m[0].length));
};
/** How many lines above a run its caption may stand (a longtable's caption, a rule, a header row). */
const CAPTION_REACH = 8;

/**
 * Does a table's caption stand over the run of lines `start`..`end` (at most CAPTION_REACH lines
 * above it) or right under it? Then the run is a table, whatever its rows look like: LaTeX's
 * tables of options and packages in a float ("Tabelle 3: Pakete (eine Auswahl)" / "amsmath, |
 * Mathematischer Formelsatz ..." / blank / "array | ..."), their rows parted by blank space as a
 * list's entries are.
 */
export function captioned(lines: readonly { text: string }[], start: number, end: number): boolean {
  for (let k = Math.max(0, start - CAPTION_REACH); k < start; k++) if (isTableCaption(lines[k]!.text)) return true;
  const below = lines[end];
  return !!below && isTableCaption(below.text);
}

/**
 * Is a run of two columns that the table reader found (tables.ts) a list of tagged paragraphs
 * rather than a table? groff's .TP (and .IP with a tag, -mdoc's tagged lists) sets each tag at the
 * left and its text beside it, at the indent, so a run of short tags reads as a table
 * ("-4 | Forces ssh to use IPv4 ..."), while the entries around it, a tag too wide for the
 * indent on a line of its own, read as paragraphs: one list read two ways. Each row's first cell
 * is a short tag (or empty: a next paragraph of the text above), and either the rows that open
 * with a tag are parted by blank space (a table's rows never are) or the text wraps under itself
 * in lines justified to the right edge `right`, two at least, no row's last (the typesetter filled
 * a paragraph; a table's wrapped cell ends where its words do).
 * So is a run inside a longer list (`around`): the line above it stands at its text column's left
 * (the text of an entry whose tag stood on a line of its own), or the line below it has a piece
 * there (an entry whose tag left the gap too narrow for a gutter). A table of one-line entries
 * set close, alone (bash's "\\a | alert (bell)"), stays a table.
 */
export function tagsBesideText(rows: readonly TagRow[], right: number, around: ListContext = {}): boolean {
  if (rows.length < 2 || rows[0]!.cells.length !== 2 || rows.some((r) => r.cells[0]!.length > TAG_CHARS)) return false;
  // The list goes on around the run: the text of an entry above it (a tag too wide for the
  // indent, its text under it) or an entry after it whose tag leaves less than a gutter.
  const { textLeft, above, below } = around;
  if (textLeft !== undefined) {
    if (above && Math.abs(above.x - textLeft) <= SAME_LEFT) return true;
    const next = below?.pieces?.[1];
    if (next && Math.abs(next.x - textLeft) <= SAME_LEFT) return true;
  }
  let pitch = Number.POSITIVE_INFINITY;
  for (const r of rows) {
    pitch = Math.min(pitch, r.lines[0]!.size * PITCH_EM);
    for (let i = 1; i < r.lines.length; i++) pitch = Math.min(pitch, r.lines[i - 1]!.y - r.lines[i]!.y);
  }
  let tags = 0;
  let parted = true;
  let full = 0;
  rows.forEach((r, i) => {
    const tag = r.cells[0]!;
    if (tag.length === 0) return;
    tags++;
    const above = rows[i - 1]?.lines.at(-1);
    if (above && above.y - r.lines[0]!.y < pitch * PARTED_STEP) parted = false;
    for (let k = 0; k + 1 < r.lines.length; k++) if (r.lines[k]!.xEnd >= right - r.lines[k]!.size * FULL_EM) full++;
  });
  return tags >= 2 && (parted || full >= FULL_LINES);
}

/** How far right (in em) of a full line a hanging entry's further lines may stand. */
const HANG_MAX_EM = 3;
/** How far (in em) short of the full line above a hanging entry's full line may end. */
const FLUSH_EM = 0.5;

/**
 * Does `l`, standing 0.8 to 3 em right of the full line above it (`above`, which reaches the
 * measure), go on that line's text as a hanging indent rather than open a paragraph with a
 * first-line indent? A paragraph ends at a sentence's end: after a full line that ends none
 * (apalike's "Ahuja, R. K., ... (1993). Network Flows: Theory," over "Algorithms, and
 * Applications ..."; econ's "... Gérard-" over "Bayesian Incentives,") the line goes on the same
 * entry. After one that ends a sentence (an author list's last initial, "Wallace, W. A."), only
 * when `l` ends where that line ends and the line under it (`underX`: its left, when it is the
 * next line of the same block) stands at `l`'s left: a paragraph's indented first line is
 * followed by lines back at the margin, a hanging entry's further lines share one left, a
 * quotation's or a displayed example's lines stop short of the margin on the right too. Never
 * after a colon, which announces a display or a list.
 */
export function hangsAfterFull(
  above: { text: string; x: number; xEnd: number },
  l: { x: number; xEnd: number; size: number },
  underX: number | undefined,
): boolean {
  const off = l.x - above.x;
  if (off < HANG_MIN_EM * l.size || off > HANG_MAX_EM * l.size) return false;
  if (!SENTENCE_END.test(above.text)) return true;
  return (
    !above.text.endsWith(':') &&
    underX !== undefined &&
    Math.abs(underX - l.x) <= SAME_LEFT &&
    l.xEnd >= above.xEnd - l.size * FLUSH_EM
  );
}
