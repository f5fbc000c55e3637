// The column-aware reference reading of a PDF: pdftotext's words with their boxes (`pdftotext
// -bbox`), set in rows by baseline so that a table row or a code line with its comment reads as one
// line (pdftotext's own reading takes many tables column by column), and cut into columns only
// where a page has a column gutter with prose on both sides, so that two-column pages are not
// spliced line by line. scripts/quality/corpus.ts counts a chunk's 4-gram as in order when this
// reading or pdftotext's has it; coverage stays against pdftotext's reading alone. Pure functions,
// no I/O: test/scripts/column-reading.test.ts holds their tables.

/** One word of `pdftotext -bbox`: its box in PDF points, y growing down the page. */
export interface BoxWord {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five named entities and numeric references, as poppler's XML writers (pdftotext -bbox, pdftohtml -xml) escape text. */
export function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e] ?? m;
  });
}

/** The pages of a `pdftotext -bbox` XHTML document, each the list of its words. */
export function parseBbox(xhtml: string): BoxWord[][] {
  const pages: BoxWord[][] = [];
  for (const page of xhtml.split(/<page\b/).slice(1)) {
    const ws: BoxWord[] = [];
    for (const m of page.matchAll(
      /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g,
    ))
      ws.push({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]), text: unescapeXml(m[5]!) });
    pages.push(ws);
  }
  return pages;
}

/** How far (points) a word box may start from the end of the one before and still touch it. */
const TOUCH_PT = 0.05;

/**
 * A page's word boxes with each box that touches the one before it on its line (starting at its
 * end, within TOUCH_PT, their heights overlapping) joined to it, as pdftotext's own reading joins
 * them: -bbox parts a word where its font changes, so an index set on from its base is a word of
 * its own there ("seq" "1", "H" "n") and one word in pdftotext's text ("seq1", "Hn"). A
 * column-aware reading drawn from the joined boxes spells such words as the first reading does.
 */
export function touchingWordsJoined(words: readonly BoxWord[]): BoxWord[] {
  const out: BoxWord[] = [];
  for (const w of words) {
    const prev = out.at(-1);
    if (prev && Math.abs(w.x0 - prev.x1) <= TOUCH_PT && w.y0 < prev.y1 && w.y1 > prev.y0)
      out[out.length - 1] = {
        x0: prev.x0,
        y0: Math.min(prev.y0, w.y0),
        x1: Math.max(prev.x1, w.x1),
        y1: Math.max(prev.y1, w.y1),
        text: prev.text + w.text,
      };
    else out.push(w);
  }
  return out;
}

const median = (xs: number[]): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/**
 * A page's words in rows, top to bottom, each row left to right: a word joins a row when its
 * vertical middle lies within half a height of the middle of the row's first word (a superscript
 * stays on its line; the next line, a line height below, does not).
 */
export function pageRows(words: BoxWord[]): BoxWord[][] {
  const mid = (w: BoxWord) => (w.y0 + w.y1) / 2;
  const sorted = [...words].sort((a, b) => mid(a) - mid(b) || a.x0 - b.x0);
  const rows: BoxWord[][] = [];
  let first: BoxWord | undefined;
  for (const w of sorted) {
    const h = Math.max(w.y1 - w.y0, first ? first.y1 - first.y0 : 0);
    if (first && Math.abs(mid(w) - mid(first)) < h / 2) rows.at(-1)!.push(w);
    else {
      rows.push([w]);
      first = w;
    }
  }
  return rows.map((r) => r.sort((a, b) => a.x0 - b.x0));
}

interface Band {
  x0: number;
  x1: number;
}

/** The horizontal stretches of [lo, hi] that no word of the row covers, at least minGap wide. */
function freeBands(row: BoxWord[], lo: number, hi: number, minGap: number): Band[] {
  const out: Band[] = [];
  let at = lo;
  for (const w of row) {
    if (w.x0 - at >= minGap) out.push({ x0: at, x1: w.x0 });
    at = Math.max(at, w.x1);
  }
  if (hi - at >= minGap) out.push({ x0: at, x1: hi });
  return out;
}

function intersect(a: Band[], b: Band[], minGap: number): Band[] {
  const out: Band[] = [];
  for (const p of a)
    for (const q of b) {
      const x0 = Math.max(p.x0, q.x0);
      const x1 = Math.min(p.x1, q.x1);
      if (x1 - x0 >= minGap) out.push({ x0, x1 });
    }
  return out;
}

/** Whitespace-separated tokens per row, the median over the rows that have any in [x0, x1]. */
function medianTokens(rows: BoxWord[][], x0: number, x1: number): { rows: number; tokens: number } {
  const counts = rows.map((r) => r.filter((w) => w.x0 >= x0 && w.x1 <= x1).length).filter((n) => n > 0);
  return { rows: counts.length, tokens: median(counts) };
}

/** Rows of text on each side of a gutter, and the median words per row each side needs: prose, not a table's cells. */
export const GUTTER_ROWS = 3;
export const PROSE_TOKENS = 5;
/** At most this share of the smaller side's lines level with a line of the other side, */
export const SHARED_LINES = 2 / 3;
/** ... and the two sides' line pitches this share apart or more: two blocks, not a table. */
export const PITCH_APART = 0.08;
/** The smaller block has at least this share of the larger one's lines and of its height. */
export const MATCHED_SIZE = 0.4;
/** Two lines are level when their middles are within this share of the median word height. */
const LEVEL = 0.25;

/** The usual distance from one line to the next (gaps over 1.5 heights, a blank line or a skipped row, aside). */
function linePitch(mids: number[], height: number): number | undefined {
  const steps: number[] = [];
  for (let i = 1; i < mids.length; i++)
    if (mids[i]! - mids[i - 1]! <= 1.5 * height) steps.push(mids[i]! - mids[i - 1]!);
  return steps.length === 0 ? undefined : median(steps);
}

/**
 * Two blocks set side by side, each on its own line pitch: GUTTER_ROWS lines or more on each side
 * of the gutter (a line: the words of one row on one side, at the median of their middles), the
 * smaller block MATCHED_SIZE of the larger in lines and in height, their usual line-to-line
 * distances PITCH_APART or more apart, and at most SHARED_LINES of the smaller block's lines level
 * with a line of the other (some meet by chance). A LaTeX example's source in a smaller type
 * beside its typeset output: each block's lines follow each other, and a row read across both
 * splices two texts. A table's cells and a code line's comment stand on one pitch, level with each
 * other (a short cell centred between the lines of a wrapped one is on the same pitch: rows kept).
 */
export function sideBySide(rows: BoxWord[][], left: Band, right: Band, height: number): boolean {
  const side = (b: Band) =>
    rows.map((r) => r.filter((w) => w.x0 >= b.x0 && w.x1 <= b.x1)).filter((ws) => ws.length > 0);
  const mids = (ls: BoxWord[][]) => ls.map((ws) => median(ws.map((w) => (w.y0 + w.y1) / 2)));
  const sizes = (ls: BoxWord[][]) => median(ls.flat().map((w) => w.y1 - w.y0));
  const ls = side(left);
  const rs = side(right);
  if (ls.length < GUTTER_ROWS || rs.length < GUTTER_ROWS) return false;
  const l = mids(ls);
  const r = mids(rs);
  const [few, many] = l.length <= r.length ? [l, r] : [r, l];
  // Blocks of a size: not a few equation numbers or a margin note beside a page of lines, nor a
  // table's last columns beside the table's first ones and the text that follows it.
  const extent = (ms: number[]) => ms[ms.length - 1]! - ms[0]!;
  if (few.length < MATCHED_SIZE * many.length || extent(few) < MATCHED_SIZE * extent(many)) return false;
  const level = few.filter((m) => many.some((n) => Math.abs(m - n) <= LEVEL * height)).length;
  // Each side's pitch against its own type size (an example's source is set smaller than its output).
  const pl = linePitch(l, sizes(ls));
  const pr = linePitch(r, sizes(rs));
  const apart = pl !== undefined && pr !== undefined && Math.abs(pl - pr) >= PITCH_APART * Math.max(pl, pr);
  return apart && level <= SHARED_LINES * few.length;
}

/**
 * Where a run of rows is cut into columns: the bands of whitespace free in every row of the run,
 * with text on both sides, where both neighbouring columns read as prose (PROSE_TOKENS words per
 * row or more, on GUTTER_ROWS rows or more) or are two blocks on baselines of their own
 * (sideBySide). A table's first column of names, a code listing's code beside its comments, a
 * margin note's few words do not: their rows stay whole.
 */
export function columnCuts(rows: BoxWord[][], bands: Band[], lo: number, hi: number, height = 10): number[] {
  const inner = bands.filter((b) => b.x0 > lo && b.x1 < hi).sort((a, b) => a.x0 - b.x0);
  const cuts: number[] = [];
  for (let i = 0; i < inner.length; i++) {
    const leftBand = { x0: i === 0 ? lo : inner[i - 1]!.x1, x1: inner[i]!.x0 };
    const rightBand = { x0: inner[i]!.x1, x1: i + 1 < inner.length ? inner[i + 1]!.x0 : hi };
    const left = medianTokens(rows, leftBand.x0, leftBand.x1);
    const right = medianTokens(rows, rightBand.x0, rightBand.x1);
    const prose = (s: { rows: number; tokens: number }) => s.rows >= GUTTER_ROWS && s.tokens >= PROSE_TOKENS;
    if ((prose(left) && prose(right)) || sideBySide(rows, leftBand, rightBand, height))
      cuts.push((inner[i]!.x0 + inner[i]!.x1) / 2);
  }
  return cuts;
}

/** A row's words as text: a space between words, none where pdftotext's boxes overlap ("L" "A" "TEX"). */
function rowText(row: BoxWord[]): string {
  let out = '';
  let end = Number.NEGATIVE_INFINITY;
  for (const w of row) {
    out += out === '' || w.x0 < end ? w.text : ` ${w.text}`;
    end = Math.max(end, w.x1);
  }
  return out;
}

/** Bands with a word of the rows wholly on each side: a gutter between text, not the page's margin. */
function innerBands(rows: BoxWord[][], bands: Band[]): Band[] {
  let minEnd = Number.POSITIVE_INFINITY;
  let maxStart = Number.NEGATIVE_INFINITY;
  for (const r of rows)
    for (const w of r) {
      minEnd = Math.min(minEnd, w.x1);
      maxStart = Math.max(maxStart, w.x0);
    }
  return bands.filter((b) => minEnd <= b.x0 && maxStart >= b.x1);
}

/**
 * One page read column-aware. Consecutive rows form a run while a band of whitespace (at least
 * 0.75 of the median word height wide) is free in all of them; once the run has text on both sides
 * of such a band, a row that leaves no such band free (a title, a full-width float or display)
 * ends it. A run is read column by column where columnCuts cuts it, row by row elsewhere.
 */
export function pageReading(words: BoxWord[], cells = false, tails = false): string {
  if (words.length === 0) return '';
  const rows = pageRows(words);
  // A loop, not Math.min(...xs): a page of tens of thousands of words would overflow the call stack.
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const w of words) {
    lo = Math.min(lo, w.x0);
    hi = Math.max(hi, w.x1);
  }
  const height = median(words.map((w) => w.y1 - w.y0));
  const minGap = 0.75 * height;
  const lines: string[] = [];
  const flush = (run: BoxWord[][], bands: Band[]): void => {
    const inner = innerBands(run, bands);
    // A table under the line that introduces it: that line's width closed the table's gutters
    // for the run, and the page's margin kept the run going. Read with cells, the table is the
    // longest tail of the run with a gutter of its own.
    if (cells && inner.length === 0) {
      for (let k = 1; k + 1 < run.length; k++) {
        const tail = run.slice(k);
        const own = commonBands(tail, lo, hi, minGap);
        if (innerBands(tail, own).length === 0) continue;
        flush(run.slice(0, k), commonBands(run.slice(0, k), lo, hi, minGap));
        flush(tail, own);
        return;
      }
    }
    const cuts = run.length >= GUTTER_ROWS ? columnCuts(run, inner, lo, hi, height) : [];
    // With `tails`, a run read row by row whose last rows are columns of their own (a change
    // history's two columns under a full-width listing, which a gutter of the listing's ragged
    // right edge kept in its run): those rows read column by column (columnTail).
    if (tails && !cells && cuts.length === 0) {
      const k = columnTail(run, lo, hi, minGap, height);
      if (k > 0) {
        flush(run.slice(0, k), commonBands(run.slice(0, k), lo, hi, minGap));
        flush(run.slice(k), commonBands(run.slice(k), lo, hi, minGap));
        return;
      }
    }
    if (cells && cuts.length === 0 && inner.length > 0) {
      lines.push(
        ...tableCells(
          run,
          inner.map((b) => (b.x0 + b.x1) / 2).sort((a, b) => a - b),
        ),
      );
      return;
    }
    const edges = [Number.NEGATIVE_INFINITY, ...cuts, Number.POSITIVE_INFINITY];
    // A table inside a column (a reference card's panels of command | description rows, a paper's
    // table in one column): read with cells, each column is read as a page of its own, so that its
    // tables are read by cell as a table across the page is.
    if (cells && cuts.length > 0) {
      for (const part of columnParts(run, cuts)) lines.push(pageReading(part, true));
      return;
    }
    for (let c = 0; c + 1 < edges.length; c++)
      for (const r of run) {
        const part = r.filter((w) => w.x0 >= edges[c]! && w.x1 <= edges[c + 1]!);
        if (part.length > 0) lines.push(rowText(part));
      }
  };
  let run: BoxWord[][] = [];
  let bands: Band[] = [];
  for (const r of rows) {
    const free = freeBands(r, lo, hi, minGap);
    const next = intersect(bands, free, minGap);
    const keep =
      run.length > 0 &&
      (innerBands(run, bands).length > 0 ? innerBands([...run, r], next).length > 0 : next.length > 0);
    if (keep) {
      run.push(r);
      bands = next;
      continue;
    }
    // A run that never had a gutter (opened by a caption or a heading narrower than the page)
    // gives its last rows to the next run when they and this row have one: the first lines of
    // two blocks side by side, which the opening row's margins had let in.
    const from = run.length > 1 && innerBands(run, bands).length === 0 ? gutterTail(run, r, lo, hi, minGap) : 0;
    if (from > 0) {
      flush(run.slice(0, from), commonBands(run.slice(0, from), lo, hi, minGap));
      run = [...run.slice(from), r];
      bands = commonBands(run, lo, hi, minGap);
      continue;
    }
    if (run.length > 0) flush(run, bands);
    run = [r];
    bands = free;
  }
  if (run.length > 0) flush(run, bands);
  return lines.join('\n');
}

/**
 * Where the longest tail of a run of rows that columnCuts cuts into columns starts (GUTTER_ROWS
 * rows at least, its own gutters: the bands free in it alone), or 0 when no tail is cut.
 */
export function columnTail(run: BoxWord[][], lo: number, hi: number, minGap: number, height: number): number {
  for (let k = 1; k + GUTTER_ROWS <= run.length; k++) {
    const tail = run.slice(k);
    const inner = innerBands(tail, commonBands(tail, lo, hi, minGap));
    if (inner.length > 0 && columnCuts(tail, inner, lo, hi, height).length > 0) return k;
  }
  return 0;
}

/**
 * The words of a run of rows cut into columns at `cuts` (x of the gutters, left to right): each
 * column's words, left column first, a column without words left out. A word straddling a cut is
 * in no column (columnCuts cuts only where every row leaves the gutter free).
 */
export function columnParts(run: readonly BoxWord[][], cuts: readonly number[]): BoxWord[][] {
  const edges = [Number.NEGATIVE_INFINITY, ...cuts, Number.POSITIVE_INFINITY];
  const parts: BoxWord[][] = [];
  for (let c = 0; c + 1 < edges.length; c++) {
    const part: BoxWord[] = [];
    for (const r of run) for (const w of r) if (w.x0 >= edges[c]! && w.x1 <= edges[c + 1]!) part.push(w);
    if (part.length > 0) parts.push(part);
  }
  return parts;
}

/**
 * A table's rows read a cell whole after the other, as a reader that keeps a row together reads
 * it: a cell wrapped over several lines and centred on its row (DocBook's and dblatex's tables
 * set the other cells of the row level with the middle of the wrapped one: "Defines extra path to
 * add to" / "TexInputs Directories --texinputs" / "TEXINPUTS") is read whole, then the next cell.
 * `edges` are the x of the gutters between the columns; a line with a word in the first column
 * opens a row, and each line without one belongs to the row whose opening line is nearest
 * (a tie: the row above, a top-aligned cell's next line). Each row is one line: its columns left
 * to right, each column's lines top to bottom (a line break kept after a line-end hyphen).
 */
export function tableCells(run: BoxWord[][], edges: number[]): string[] {
  const mid = (r: BoxWord[]) => median(r.map((w) => (w.y0 + w.y1) / 2));
  const column = (w: BoxWord) => edges.filter((e) => w.x0 >= e).length;
  const anchors = run.map((r, i) => (r.some((w) => column(w) === 0) ? i : -1)).filter((i) => i >= 0);
  if (anchors.length === 0) return run.map(rowText);
  const groups = new Map<number, BoxWord[][]>(anchors.map((a) => [a, []]));
  for (const r of run) {
    let best = anchors[0]!;
    for (const a of anchors) if (Math.abs(mid(run[a]!) - mid(r)) < Math.abs(mid(run[best]!) - mid(r))) best = a;
    groups.get(best)!.push(r);
  }
  const out: string[] = [];
  for (const a of anchors) {
    const rows = groups.get(a)!;
    const parts: string[] = [];
    for (let c = 0; c <= edges.length; c++)
      for (const r of rows) {
        const ws = r.filter((w) => column(w) === c);
        if (ws.length > 0) parts.push(rowText(ws));
      }
    // A cell's line that ends in a hyphen goes on at a line break, so that the break is read as
    // the reference's other readings read one (dehyphenate: "baje-" / "rywnej" is "bajerywnej").
    out.push(parts.reduce((text, part) => (/\p{L}[-\u2010]$/u.test(text) ? `${text}\n${part}` : `${text} ${part}`)));
  }
  return out;
}

/** The bands of whitespace free in every one of the rows. */
function commonBands(rows: BoxWord[][], lo: number, hi: number, minGap: number): Band[] {
  let bands = freeBands(rows[0]!, lo, hi, minGap);
  for (const r of rows.slice(1)) bands = intersect(bands, freeBands(r, lo, hi, minGap), minGap);
  return bands;
}

/**
 * Where the rows of `run` that go on with `row` start, if some do: the longest tail of the run
 * (its first row aside) that forms with `row` a band free in all of them with text on both sides,
 * a gutter; 0 when none does.
 */
export function gutterTail(run: BoxWord[][], row: BoxWord[], lo: number, hi: number, minGap: number): number {
  for (let k = 1; k < run.length; k++) {
    const rows = [...run.slice(k), row];
    if (innerBands(rows, commonBands(rows, lo, hi, minGap)).length > 0) return k;
  }
  return 0;
}

/** A word of this many characters or more whose box is this much taller than wide is set turned. */
const TURNED_CHARS = 3;
const TURNED_RATIO = 1.5;

/**
 * A page whose words are mostly set a quarter turn (a landscape report printed sideways: their
 * boxes are tall and narrow) with each box turned back into the text's own frame, so that its
 * lines run left to right and follow each other down; other pages as they are. pdftotext's own
 * reading takes such a page a word per line. Which way the text runs is told by the order
 * pdftotext gives the words of one turned line in: up the page (bottom first) or down it.
 */
export function uprightWords(words: BoxWord[]): BoxWord[] {
  let turned = 0;
  let upright = 0;
  for (const w of words) {
    if ([...w.text].length < TURNED_CHARS) continue;
    if (w.y1 - w.y0 > TURNED_RATIO * (w.x1 - w.x0)) turned++;
    else upright++;
  }
  if (turned <= upright) return words;
  // Consecutive words of one turned line (their boxes side by side across the page) vote on the
  // direction: the next word higher up the page means the text runs up.
  let up = 0;
  for (let i = 1; i < words.length; i++) {
    const a = words[i - 1]!;
    const b = words[i]!;
    if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) <= 0.5 * Math.min(a.x1 - a.x0, b.x1 - b.x0)) continue;
    up += b.y0 < a.y0 ? 1 : -1;
  }
  return words.map((w) =>
    up >= 0
      ? { x0: -w.y1, y0: w.x0, x1: -w.y0, y1: w.x1, text: w.text }
      : { x0: w.y0, y0: -w.x1, x1: w.y1, y1: -w.x0, text: w.text },
  );
}

/**
 * A document read column-aware, pages apart at form feeds as pdftotext writes them; with `cells`,
 * the rows of a table (a run of rows with gutters that are not columns of prose) read a cell
 * whole after the other (tableCells).
 */
export function columnReading(pages: BoxWord[][], cells = false, tails = false): string {
  return pages.map((p) => pageReading(uprightWords(p), cells, tails)).join('\n\f');
}

/** Two rows whose boxes overlap by this much (points, and share of the lower row's height) are one formula's. */
const STACK_OVERLAP = 1;
const STACK_OVERLAP_SHARE = 0.15;
/** A row under this share of the page's usual word height is script-size text (a sum's limits)... */
const STACK_SCRIPT = 0.8;
/** ...which belongs to the band it stands within this share of that height of. */
const STACK_SCRIPT_GAP = 0.3;
/** A blank this many word heights wide, down the whole band, parts two things set side by side. */
const STACK_CHANNEL = 1.5;
/** Words of the line before and after a formula read with it. */
const STACK_CONTEXT = 3;

/** A row's (or a band's) words cut at blanks wider than `channel`, left to right. */
function channelParts(words: BoxWord[], channel: number): BoxWord[][] {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const parts: BoxWord[][] = [];
  let end = -Infinity;
  for (const w of sorted) {
    if (parts.length === 0 || w.x0 > end + channel) parts.push([]);
    parts.at(-1)!.push(w);
    end = Math.max(end, w.x1);
  }
  return parts;
}

const extent = (ws: BoxWord[]) => ({
  x0: Math.min(...ws.map((w) => w.x0)),
  x1: Math.max(...ws.map((w) => w.x1)),
});

/** The height of a band's full-size words: its upper quartile (its scripts are many, its signs few). */
export function fullSize(words: readonly BoxWord[]): number {
  const hs = words.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  return hs.length === 0 ? 0 : hs[Math.floor(hs.length * 0.75)]!;
}

/** Is a row script-size text: every word of it under STACK_SCRIPT of the page's usual word height? */
export function scriptRow(row: readonly BoxWord[], height: number): boolean {
  return row.every((w) => w.y1 - w.y0 < STACK_SCRIPT * height);
}

/**
 * A formula's words in stacks, left to right: words that stand over one another (a fraction's
 * numerator over its denominator, a sum's limits over and under it, a root's index) are one stack,
 * read top to bottom; the stacks are read in the order they stand across the page.
 */
export function stackOrder(words: BoxWord[]): BoxWord[] {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const stacks: BoxWord[][] = [];
  let end = -Infinity;
  for (const w of sorted) {
    // Overlapping by more than a point: a kern or an italic correction is no stack.
    if (stacks.length === 0 || w.x0 >= end - 1) stacks.push([]);
    stacks.at(-1)!.push(w);
    end = Math.max(end, w.x1);
  }
  // Each stack by its rows, top to bottom: a denominator with its exponent ("k" "2") is one row.
  return stacks.flatMap((s) => (s.length === 1 ? s : pageRows(s).flat()));
}

/**
 * Words as one text, those that touch (a gap under TOUCH points: a script set against its base,
 * "k" "2") joined as pdftotext's reading joins them ("k2"), the others with a space.
 */
const TOUCH = 0.5;
export function stackText(words: BoxWord[]): string {
  let out = '';
  let prev: BoxWord | undefined;
  for (const w of words) {
    const touching = prev !== undefined && w.x0 - prev.x1 < TOUCH && w.x0 > prev.x0 && w.y0 < prev.y1 && w.y1 > prev.y0;
    out += prev === undefined ? w.text : touching ? w.text : ` ${w.text}`;
    prev = w;
  }
  return out;
}

/**
 * The formulas of a page read stack by stack (stackOrder), each with the last words of the line
 * before it and the first words of the line after it, one reading per formula: what a reader of
 * the page reads where pdftotext and the row reading take a displayed formula row by row ("n" /
 * "X 1 π2" / "lim 2 = (3.3)" / "n→∞ k 6" / "k=1" for lim_{n→∞} ∑_{k=1}^n 1/k² = π²/6). A formula
 * is a band of rows whose boxes overlap in height (lines of text never do: the leading keeps them
 * apart); a blank down the whole band parts what stands side by side in it (a LaTeX example's
 * source beside its output, an equation's number). Only such bands are read: the rest of the page
 * is the other readings' to judge.
 *
 * The bands are drawn twice, their readings put together: with a row of limits under a sign told
 * by the page's usual word height, and by the band's own full-size words too (fullSize): on a
 * slide whose source is set in a smaller typewriter than its text, a limit in script size of the
 * text is nearly as tall as the page's usual word, and the band ended over it ("∫ ∞ f(x) dx = ∑ n",
 * the integral's "0" and the sum's "i=1" left out). Both, not the second alone: a longer band
 * reads its formula whole, and drops the readings of its parts that another page's reading
 * matches.
 */
export function stackedReadings(words: BoxWord[]): string[] {
  const out = bandReadings(words, false);
  for (const r of bandReadings(words, true)) if (!out.includes(r)) out.push(r);
  return out;
}

function bandReadings(words: BoxWord[], fullSizeLimits: boolean): string[] {
  const rows = pageRows(words);
  const out: string[] = [];
  const top = (r: BoxWord[]) => Math.min(...r.map((w) => w.y0));
  const bottom = (r: BoxWord[]) => Math.max(...r.map((w) => w.y1));
  const height = median(words.map((w) => w.y1 - w.y0)) || 10;
  const channel = STACK_CHANNEL * height;
  for (let i = 0; i < rows.length; ) {
    let j = i;
    let low = bottom(rows[i]!);
    while (j + 1 < rows.length) {
      const next = rows[j + 1]!;
      // The smaller of the two rows' heights: a sum's sign reaches far into the rows around it.
      const h = Math.min(bottom(next) - top(next), bottom(rows[j]!) - top(rows[j]!));
      const overlap = low - top(next);
      // A row of script-size text just under (over) the band: a limit under its sign. The row's height against the page's usual word height; or (fullSizeLimits) each of its
      // words' against the band's full-size words as well: the limits of two signs stand a little
      // apart in height (the integral's "0", the sum's "i=1"), so that the row spans more than any
      // of its words.
      const script = fullSizeLimits
        ? scriptRow(next, Math.max(height, fullSize(rows.slice(i, j + 1).flat())))
        : bottom(next) - top(next) < STACK_SCRIPT * height;
      const limits = script && overlap > -STACK_SCRIPT_GAP * height;
      if (!limits && (overlap < STACK_OVERLAP || overlap < STACK_OVERLAP_SHARE * h)) break;
      j++;
      low = Math.max(low, bottom(next));
    }
    if (j > i) {
      const band = rows.slice(i, j + 1).flat();
      const parts = channelParts(band, channel);
      parts.forEach((part, k) => {
        const e = extent(part);
        // The part of a neighbouring line that stands over (under) this part of the band.
        const near = (row: BoxWord[] | undefined) => {
          if (!row) return [];
          let best: BoxWord[] = [];
          let most = 0;
          for (const p of channelParts(row, channel)) {
            const x = extent(p);
            const shared = Math.min(x.x1, e.x1) - Math.max(x.x0, e.x0);
            if (shared > most) {
              most = shared;
              best = p;
            }
          }
          return best;
        };
        // What stands beside the part in the band comes before (after) it: the text a displayed
        // formula ends ("due to reboxing:"), a LaTeX example's source, an equation's number; at
        // the band's ends, the line over (under) it.
        const before = (k > 0 ? stackOrder(parts[k - 1]!) : near(rows[i - 1])).slice(-STACK_CONTEXT);
        const after = (k + 1 < parts.length ? stackOrder(parts[k + 1]!) : near(rows[j + 1])).slice(0, STACK_CONTEXT);
        const read = [...before, ...stackOrder(part), ...after];
        // Scripts joined to their base as pdftotext joins them ("k2"), and apart ("k 2").
        const joined = stackText(read);
        const apart = read.map((w) => w.text).join(' ');
        out.push(joined);
        if (apart !== joined) out.push(apart);
      });
      if (parts.length > 1) out.push(...sideBlockReadings(rows, i, j, parts, height));
    }
    i = j + 1;
  }
  return out;
}

/** Rows this many word heights or less apart continue a block beside a formula. */
const SIDE_GAP = 1.5;
/** A page whose rows run across its middle fewer times than this share is a page of columns. */
const ACROSS_SHARE = 0.25;

/** A part's words in reading order: by rows where its rows stand apart (lines of source), by stacks where they overlap (a formula). */
function partOrder(part: BoxWord[]): BoxWord[] {
  const rows = pageRows(part);
  const overlaps = rows.some((r, k) => {
    if (k === 0) return false;
    const above = Math.max(...rows[k - 1]!.map((w) => w.y1));
    return above - Math.min(...r.map((w) => w.y0)) >= STACK_OVERLAP;
  });
  return overlaps ? stackOrder(part) : rows.flat();
}

/**
 * A formula band whose parts stand side by side (a LaTeX example's source beside its typeset
 * output, lshort's and l2kurz's examples) read block by block: each part with the rows over and
 * under the band that stand on its side (the source's `\begin{equation*}` and
 * `\end{equation*}` lines, the short last line of the paragraph before), the blocks left to
 * right, between the last words of the line over the region and the first of the line under it.
 * A reader that keeps each block whole reads the example so; the band's own readings
 * (stackedReadings) give a part only its neighbour's words inside the band. Rows more than
 * SIDE_GAP heights apart, with a word across the blank between two parts (a full line of text)
 * or beyond the band's width end the region. Nothing read where no row joins the band (its
 * readings have it all), nor on a page of columns (fewer than ACROSS_SHARE of its rows run across
 * its middle).
 */
export function sideBlockReadings(
  rows: BoxWord[][],
  i: number,
  j: number,
  parts: BoxWord[][],
  height: number,
): string[] {
  const cuts = parts.slice(1).map((p, k) => (extent(parts[k]!).x1 + extent(p).x0) / 2);
  const column = (w: BoxWord) => cuts.filter((c) => w.x0 >= c).length;
  // A row joins the region when no word of it crosses a blank between the parts and it stands
  // within the band's width (give or take a word height). A row of script-size words alone (a
  // fraction's denominator in the line over) is that line's, not the example's.
  const script = (r: BoxWord[]) => r.every((w) => w.y1 - w.y0 < STACK_SCRIPT * height);
  const lo = Math.min(...parts.map((p) => extent(p).x0)) - height;
  const hi = Math.max(...parts.map((p) => extent(p).x1)) + height;
  const fits = (r: BoxWord[]) =>
    !script(r) && r.every((w) => w.x0 >= lo && w.x1 <= hi && cuts.every((c) => w.x1 <= c || w.x0 >= c));
  const top = (r: BoxWord[]) => Math.min(...r.map((w) => w.y0));
  const bottom = (r: BoxWord[]) => Math.max(...r.map((w) => w.y1));
  const near = (upper: BoxWord[], lower: BoxWord[]) => top(lower) - bottom(upper) <= SIDE_GAP * height;
  let a = i;
  while (a > 0 && fits(rows[a - 1]!) && near(rows[a - 1]!, rows[a]!)) a--;
  let b = j;
  while (b + 1 < rows.length && fits(rows[b + 1]!) && near(rows[b]!, rows[b + 1]!)) b++;
  // The lines around the region: a script-size row alone is skipped to its line.
  const closing = (k: number, step: number): BoxWord[] | undefined => {
    while (rows[k] !== undefined && script(rows[k]!)) k += step;
    return rows[k];
  };
  const over = closing(a - 1, -1);
  const under = closing(b + 1, 1);
  if (a === i && b === j) return [];
  // Not on a page of two columns, where few rows run across the middle (a title, a float): a
  // formula in one column stands level with lines of the other, and the region read block by
  // block would cut each column's sentences at its edges (ltnews's pages: without this rule,
  // readings like "... turned them back into fragile A/image.pdf would not be found").
  const xs = rows.flat();
  const middle = (Math.min(...xs.map((w) => w.x0)) + Math.max(...xs.map((w) => w.x1))) / 2;
  // (A row runs across where no blank of STACK_CHANNEL heights parts it at the middle: a line's
  // spaces between words are narrower, a gutter wider.)
  const runsAcross = (r: BoxWord[]) => {
    const left = Math.max(...r.filter((w) => w.x0 < middle).map((w) => w.x1));
    const right = Math.min(...r.filter((w) => w.x1 > middle).map((w) => w.x0));
    return Number.isFinite(left) && Number.isFinite(right) && right - left < STACK_CHANNEL * height;
  };
  if (rows.filter(runsAcross).length < ACROSS_SHARE * rows.length) return [];
  const blocks = parts.map((part, k) => {
    const over = rows.slice(a, i).flatMap((r) => r.filter((w) => column(w) === k));
    const under = rows.slice(j + 1, b + 1).flatMap((r) => r.filter((w) => column(w) === k));
    return [...over, ...partOrder(part), ...under];
  });
  const before = (over ?? []).slice(-STACK_CONTEXT);
  const after = (under ?? []).slice(0, STACK_CONTEXT);
  const read = [...before, ...blocks.flat(), ...after];
  const joined = stackText(read);
  const apart = read.map((w) => w.text).join(' ');
  return apart === joined ? [joined] : [joined, apart];
}

/** A region of two sides has this many rows or more, each side two or more. */
const REGION_ROWS = 3;
/** A label beside a line (a line number, an equation number) has this many characters or fewer. */
const LABEL_CHARS = 6;
/** The widest blank, in word heights, between two lines of one side (a blank source line is about two). */
const BLOCK_GAP = 2;
/** A table's two columns: this share of the smaller side's lines or more stand level with a line of the other. */
const TABLE_LEVEL = 0.8;

/**
 * Blocks set side by side on a one-column page read block by block: the left block whole, then
 * the right one, between the last words of the line over the region and the first of the line
 * under it. A LaTeX manual's example sets the source on the left and its typeset output, plain
 * text, on the right ("\begin{verse} Humpty Dumpty sat on a wall:\\ ..." beside "Humpty Dumpty
 * sat on a / wall: ..."); a reader that keeps each block whole reads it so, where the row reading
 * splices the two line by line when both are set on one line pitch (sideBySide reads only blocks
 * on pitches of their own). A region: consecutive rows, none more than SIDE_GAP heights under the
 * one before, that keep a blank of STACK_CHANNEL heights free all the way down (a row may have
 * words on one side only: two blocks whose lines are not level alternate row by row), with words
 * on both sides of exactly one such blank (three columns are a table), REGION_ROWS rows or more,
 * two lines or more each side, each side a block (no blank of BLOCK_GAP heights between its
 * lines: labels set apart beside a display's lines are none). A table of two columns keeps its
 * rows: where TABLE_LEVEL of the smaller side's lines stand level with a line of the other, or
 * one side is a column of labels (one word of LABEL_CHARS or fewer a line: line numbers,
 * equation numbers), nothing is read. A page of two columns is read column by column here too,
 * between the rows that cross its gutter, as columnReading reads it.
 */
export function sideRegionReadings(words: BoxWord[]): string[] {
  const rows = pageRows(words);
  if (rows.length < REGION_ROWS) return [];
  const height = median(words.map((w) => w.y1 - w.y0)) || 10;
  const gap = STACK_CHANNEL * height;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const w of words) {
    lo = Math.min(lo, w.x0);
    hi = Math.max(hi, w.x1);
  }
  const top = (r: BoxWord[]) => Math.min(...r.map((w) => w.y0));
  const bottom = (r: BoxWord[]) => Math.max(...r.map((w) => w.y1));
  const mid = (r: BoxWord[]) => median(r.map((w) => (w.y0 + w.y1) / 2));
  // The blanks between a row's words (not its margins).
  const inner = (r: BoxWord[]) => freeBands(r, lo, hi, gap).filter((b) => b.x0 > lo && b.x1 < hi);
  const near = (k: number) => top(rows[k + 1]!) - bottom(rows[k]!) <= SIDE_GAP * height;
  const first = (r: BoxWord[]) => Math.min(...r.map((w) => w.x0));
  const last = (r: BoxWord[]) => Math.max(...r.map((w) => w.x1));
  // The blank a row leaves free within band b (the widest, when a word stands inside it).
  const keep = (b: Band, r: BoxWord[]): Band | undefined =>
    intersect([b], freeBands(r, lo, hi, gap), gap).sort((p, q) => q.x1 - q.x0 - (p.x1 - p.x0))[0];
  // Where a gutter may run: a blank between a row's words, or between a row's end and the next
  // row's start (two blocks whose lines are not level: one side's row, then the other's).
  const seeds = (k: number): Band[] => {
    const out = inner(rows[k]!);
    if (k + 1 < rows.length && near(k)) {
      const [p, q] = [rows[k]!, rows[k + 1]!];
      if (first(q) - last(p) >= gap) out.push({ x0: last(p), x1: first(q) });
      if (first(p) - last(q) >= gap) out.push({ x0: last(q), x1: first(p) });
    }
    return out;
  };
  const out: string[] = [];
  for (let k = 0; k < rows.length; k++) {
    for (const seed of seeds(k)) {
      let band: Band = seed;
      let j = k;
      while (j + 1 < rows.length && near(j)) {
        const next = keep(band, rows[j + 1]!);
        if (!next) break;
        band = next;
        j++;
      }
      let a = k;
      while (a > 0 && near(a - 1)) {
        const next = keep(band, rows[a - 1]!);
        if (!next) break;
        band = next;
        a--;
      }
      const region = rows.slice(a, j + 1);
      const cut = (band.x0 + band.x1) / 2;
      const left = region.map((r) => r.filter((w) => w.x1 <= cut)).filter((r) => r.length > 0);
      const right = region.map((r) => r.filter((w) => w.x0 >= cut)).filter((r) => r.length > 0);
      if (region.length < REGION_ROWS || left.length < 2 || right.length < 2) continue;
      // Exactly two sides: no other blank free all the way down with words on both its sides.
      const others = region
        .map((r) => freeBands(r, lo, hi, gap))
        .reduce((x, y) => intersect(x, y, gap))
        .filter((b) => b.x1 <= band.x0 || b.x0 >= band.x1)
        .filter(
          (b) => region.some((r) => r.some((w) => w.x1 <= b.x0)) && region.some((r) => r.some((w) => w.x0 >= b.x1)),
        );
      if (others.length > 0 || tableLike(left, right, height) || !block(left) || !block(right)) continue;
      {
        const read = [
          ...(rows[a - 1] ?? []).slice(-STACK_CONTEXT),
          ...left.flat(),
          ...right.flat(),
          ...(rows[j + 1] ?? []).slice(0, STACK_CONTEXT),
        ];
        const joined = stackText(read);
        const apart = read.map((w) => w.text).join(' ');
        out.push(joined);
        if (apart !== joined) out.push(apart);
      }
      k = j;
      break;
    }
  }
  return out;

  // A side is a block: its lines follow each other, no blank over BLOCK_GAP heights between two
  // (labels set apart beside a display's lines, "maximize" over "subject to", are no block).
  function block(side: BoxWord[][]): boolean {
    return side.every((r, k) => k === 0 || top(r) - bottom(side[k - 1]!) <= BLOCK_GAP * height);
  }

  function tableLike(left: BoxWord[][], right: BoxWord[][], h: number): boolean {
    const [few, many] = left.length <= right.length ? [left, right] : [right, left];
    const level = few.filter((r) => many.some((s) => Math.abs(mid(r) - mid(s)) <= LEVEL * h)).length;
    // A side of one short word a line is a column of labels (a listing's line numbers, equation
    // numbers); a LaTeX source's `\\begin{center}` alone on its line is a line of a block.
    const labels = (side: BoxWord[][]) => side.every((r) => r.length === 1 && [...r[0]!.text].length <= LABEL_CHARS);
    if (labels(left) || labels(right)) return true;
    // Each line of the side with fewer beside a line of the other: a table's rows (two blocks
    // set apart meet level only by chance, or on one grid, which a reader of rows keeps too).
    return level >= TABLE_LEVEL * few.length;
  }
}
