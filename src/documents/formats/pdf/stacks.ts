// Interlinear glosses: a linguistics example sets each word of a sentence over its gloss in a
// box of its own (gb4e's \gll, linguex, expex, covington), so the content stream draws the page
// stack by stack: "Wenn", then "If" under it, then "jemand", then "someone"... Read in that order,
// the sentence and its gloss alternate word by word ("Wenn If jemand someone in in die the"), and
// neither line can be read or searched. Runs of such stacks are read as the lines the page shows:
// every word of the top baseline left to right, then the next baseline's.
//
// Marks over a line of code: ConTeXt's command synopses (\showsetup, in every ConTeXt manual) set
// `\setupbtx [...] [..,..=..,..]` in a typewriter face with each argument's number over it and
// "OPT" under the optional ones, drawn argument by argument ("\setupbtx [...]", "1", "OPT",
// "[..,..=..,..]", "2"): read in that order, the synopsis came out a piece a line. Such a run is
// read the same way, a line per baseline. Pure; tests in test/documents/formats/pdf/stacks.test.ts.
import type { StreamLine } from './stream.ts';

/** Two baselines within this share of the larger size are one. */
const SAME_BASELINE_EM = 0.25;
/** A stack's next line stands at most this far (em) under the one before: one box, lines set solid. */
const STACK_STEP_EM = 2;
/** A stack's line holds at most this many characters: a word and its example number, not a line of text. */
const STACK_CHARS = 30;
/** A run of stacks has at least this many of them: a sentence, not a formula's fractions or a list's columns. */
const MIN_STACKS = 4;
/** A stack stands at most this far (em) right of the one before: a word space, not a gutter. */
const STACK_GAP_EM = 2;
/** A stack's line is a word: a letter in it (a formula's signs over their limits are no gloss). */
const LETTER = /\p{L}/u;

/** Can a stream line be one line of a stack: short, and a word? */
const stackLine = (l: StreamLine) => l.chars <= STACK_CHARS && l.items.some((it) => LETTER.test(it.str));

const sameBaseline = (a: StreamLine, b: StreamLine) =>
  Math.abs(a.y - b.y) <= SAME_BASELINE_EM * Math.max(a.size, b.size);

/**
 * How many stream lines from `i` a run of stacks of `k` lines holds: lines i..i+k-1 on baselines
 * going down the page (each at most STACK_STEP_EM under the one before), then each later line on
 * the baseline of the line k before it and right of it, each stack at most STACK_GAP_EM right of the
 * one before, every line a short word (stackLine); 0 when fewer than MIN_STACKS stacks.
 */
export function stackRun(lines: readonly StreamLine[], i: number, k: number): number {
  if (i + k * MIN_STACKS > lines.length) return 0;
  for (let r = 0; r < k; r++) if (!stackLine(lines[i + r]!)) return 0;
  for (let r = 1; r < k; r++) {
    const above = lines[i + r - 1]!;
    const l = lines[i + r]!;
    const step = above.y - l.y;
    if (step <= SAME_BASELINE_EM * Math.max(l.size, above.size) || step > STACK_STEP_EM * Math.max(l.size, above.size))
      return 0;
  }
  let j = i + k;
  while (j < lines.length) {
    const l = lines[j]!;
    const over = lines[j - k]!;
    if (!stackLine(l) || !sameBaseline(l, over) || l.x < over.xEnd) break;
    // The stack beside: its top line a word space or so right of the last stack's top line.
    if ((j - i) % k === 0 && l.x - Math.max(...lines.slice(j - k, j).map((m) => m.xEnd)) > STACK_GAP_EM * l.size) break;
    j++;
  }
  const n = j - i;
  return Math.floor(n / k) >= MIN_STACKS ? n : 0;
}

/** Stream lines on one baseline, left to right, as one line at baseline `y`. */
function joinedLine(own: readonly StreamLine[], y: number): StreamLine {
  return {
    items: own.flatMap((l) => l.items),
    y,
    size: Math.max(...own.map((l) => l.size)),
    x: Math.min(...own.map((l) => l.x)),
    xEnd: Math.max(...own.map((l) => l.xEnd)),
    chars: own.reduce((t, l) => t + l.chars, 0),
    spaces: own.flatMap((l) => l.spaces),
  };
}

/** The lines of a run of stacks (`n` lines from `i`, `k` a stack) as one line per baseline, top first. */
function rows(lines: readonly StreamLine[], i: number, n: number, k: number): StreamLine[] {
  const out: StreamLine[] = [];
  for (let r = 0; r < k; r++) {
    const own = [];
    for (let j = i + r; j < i + n; j += k) own.push(lines[j]!);
    out.push(joinedLine(own, own[0]!.y));
  }
  return out;
}

/** A mark is at most this share of its line's size (a script size)... */
const MARK_RATIO = 0.8;
/** ...stands at most this far (em of the line's size) over or under its baseline... */
const MARK_EM = 1.5;
/** ...and a run has at least this many marks: one alone is a formula's limit or a footnote's number. */
const MIN_MARKS = 2;

/** Is every item of the line set in a typewriter face (layout.ts's `mono`)? */
const typewriter = (l: StreamLine) => l.items.every((it) => it.mono || it.str.trim() === '');

/**
 * How many stream lines from `i` a run of marks over a line of code holds: line i in a typewriter
 * face, then lines that either go on along its baseline, in the same face, right of what it drew
 * before, or are marks: smaller (MARK_RATIO), at most MARK_EM over or under the baseline and
 * within the span the line has drawn so far (over a piece of it, not beside it as a superscript
 * is). 0 when the run holds fewer than MIN_MARKS marks.
 */
export function markedRun(lines: readonly StreamLine[], i: number): number {
  const base = lines[i]!;
  if (!typewriter(base) || i + MIN_MARKS >= lines.length) return 0;
  let xEnd = base.xEnd;
  let marks = 0;
  const slack = SAME_BASELINE_EM * base.size;
  let j = i + 1;
  for (; j < lines.length; j++) {
    const l = lines[j]!;
    if (sameBaseline(l, base)) {
      if (!typewriter(l) || l.x < xEnd - slack) break;
      xEnd = Math.max(xEnd, l.xEnd);
      continue;
    }
    const off = Math.abs(l.y - base.y);
    if (l.size > MARK_RATIO * base.size || off > MARK_EM * base.size) break;
    if (l.x < base.x - slack || l.xEnd > xEnd + slack) break;
    marks++;
  }
  return marks >= MIN_MARKS ? j - i : 0;
}

/** The lines of a run (`n` lines from `i`) as one line per baseline, top first, each left to right. */
function baselines(lines: readonly StreamLine[], i: number, n: number): StreamLine[] {
  const groups: StreamLine[][] = [];
  for (const l of lines.slice(i, i + n)) {
    const g = groups.find((g) => sameBaseline(g[0]!, l));
    if (g) g.push(l);
    else groups.push([l]);
  }
  return groups
    .sort((a, b) => b[0]!.y - a[0]!.y)
    .map((own) => {
      // The baseline of its largest type (the command's, not its marks').
      const main = own.reduce((m, l) => (l.size > m.size ? l : m));
      return joinedLine(
        [...own].sort((a, b) => a.x - b.x),
        main.y,
      );
    });
}

/**
 * The page's stream lines with each run of stacks (stackRun: three lines a stack, else two) and
 * each run of marks over a line of code (markedRun) read as one line per baseline; the lines
 * themselves when there is none (the common case).
 */
export function unstacked(lines: StreamLine[]): StreamLine[] {
  let out: StreamLine[] | undefined;
  for (let i = 0; i < lines.length; ) {
    const marked = markedRun(lines, i);
    if (marked > 0) {
      out ??= lines.slice(0, i);
      out.push(...baselines(lines, i, marked));
      i += marked;
      continue;
    }
    let done = false;
    for (const k of [3, 2]) {
      const n = stackRun(lines, i, k);
      if (n === 0) continue;
      out ??= lines.slice(0, i);
      out.push(...rows(lines, i, n, k));
      i += n;
      done = true;
      break;
    }
    if (done) continue;
    out?.push(lines[i]!);
    i++;
  }
  return out ?? lines;
}
