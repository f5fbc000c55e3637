// Interlinear glosses: a linguistics example sets each word of a sentence over its gloss in a
// box of its own (gb4e's \gll, linguex, expex, covington), so the content stream draws the page
// stack by stack: "Wenn", then "If" under it, then "jemand", then "someone"... Read in that order,
// the sentence and its gloss alternate word by word ("Wenn If jemand someone in in die the"), and
// neither line can be read or searched. Runs of such stacks are read as the lines the page shows:
// every word of the top baseline left to right, then the next baseline's. Pure; tests in
// test/documents/formats/pdf/stacks.test.ts.
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

/** The lines of a run of stacks (`n` lines from `i`, `k` a stack) as one line per baseline, top first. */
function rows(lines: readonly StreamLine[], i: number, n: number, k: number): StreamLine[] {
  const out: StreamLine[] = [];
  for (let r = 0; r < k; r++) {
    const own = [];
    for (let j = i + r; j < i + n; j += k) own.push(lines[j]!);
    const first = own[0]!;
    out.push({
      items: own.flatMap((l) => l.items),
      y: first.y,
      size: Math.max(...own.map((l) => l.size)),
      x: Math.min(...own.map((l) => l.x)),
      xEnd: Math.max(...own.map((l) => l.xEnd)),
      chars: own.reduce((t, l) => t + l.chars, 0),
      spaces: own.flatMap((l) => l.spaces),
    });
  }
  return out;
}

/**
 * The page's stream lines with each run of stacks (stackRun: three lines a stack, else two) read
 * as one line per baseline; the lines themselves when there is none (the common case).
 */
export function unstacked(lines: StreamLine[]): StreamLine[] {
  let out: StreamLine[] | undefined;
  for (let i = 0; i < lines.length; ) {
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
