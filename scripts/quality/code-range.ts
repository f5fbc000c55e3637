// Code blocks that no plan of chunks in the interface's range can keep whole. The interface sets
// every chunk but the last at 800 to 1200 characters; issue 25 asks code blocks kept whole
// "wherever they fit in a chunk". Where three listings and the prose between them leave no plan
// of chunks in range that keeps all three (glpk's example programs: 764, 394 and 765 characters
// with 180-370 characters of prose between them), the range wins and one block is cut at a line
// end: the chunker (src/documents/chunker.ts) costs a cut inside a block that fits far above any
// other cut, so it cuts one only where no plan in range avoids it. This file counts those blocks,
// independently of the chunker's costs: the fewest blocks any plan of chunks in range must cut,
// over the text the chunks hold. The code figure is then counted over the blocks a plan in range
// can keep (measures.ts codeKept), and the forced ones are shown beside it.

export interface Range {
  min: number;
  max: number;
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t';

/**
 * The fewest of `spans` ([start, end) code point offsets of blocks in `text`, sorted, apart) that
 * every plan of chunks must cut, a chunk being a run of `text` from the start or just after a run
 * of blanks to the next blank, every chunk but the last `range.min`..`range.max` code points long,
 * the last at most `range.max`. A cut at a blank strictly inside a span cuts it. Undefined when no
 * plan exists at all (a window without a blank: the chunker then cuts a word, and this count says
 * nothing).
 */
export function forcedBlockCuts(text: string, spans: readonly [number, number][], range: Range): number | undefined {
  const cs = Array.from(text);
  const n = cs.length;
  // Cuts: the first blank of each run of blanks; the next chunk starts after the run.
  const cuts: number[] = [];
  const nextStart: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!isBlank(cs[i]) || (i > 0 && isBlank(cs[i - 1]))) continue;
    let j = i;
    while (j < n && isBlank(cs[j])) j++;
    if (i === 0 || j === n) continue;
    cuts.push(i);
    nextStart.push(j);
  }
  // How many spans a cut at each candidate falls strictly inside (spans are apart: 0 or 1).
  const inside = cuts.map((e) => {
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid]![1] <= e) lo = mid + 1;
      else hi = mid;
    }
    return lo < spans.length && spans[lo]![0] < e && e < spans[lo]![1] ? 1 : 0;
  });
  const lowerBound = (v: number) => {
    let lo = 0;
    let hi = cuts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cuts[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // best(start): the fewest spans the chunks from `start` on must cut; solved right to left.
  const memo = new Map<number, number>();
  const best = (s: number): number => memo.get(s) ?? Number.POSITIVE_INFINITY;
  const solve = (s: number): number => {
    if (n - s <= range.max) return 0;
    let b = Number.POSITIVE_INFINITY;
    for (let k = lowerBound(s + range.min); k < cuts.length && cuts[k]! <= s + range.max; k++)
      b = Math.min(b, inside[k]! + best(nextStart[k]!));
    return b;
  };
  for (let k = cuts.length - 1; k >= 0; k--) memo.set(nextStart[k]!, solve(nextStart[k]!));
  const first = solve(0);
  return Number.isFinite(first) ? first : undefined;
}

/** A block's text as it is looked for: no blanks, no underscores (TeX's drawn `_`), no callouts. */
const key = (s: string) => s.replace(/[\s_\uE000\u24EA\u2460-\u2473]/gu, '');

/**
 * Where each of `blocks` stands in `text` ([start, end) in code points, the first character of
 * its first line to the last of its last), found with blanks, underscores and callouts set aside
 * (a chunk's cut at a line end, indentation, a reference's blanks), each after the one before
 * where it can be; left out when not found. Sorted, overlaps dropped.
 */
export function locateBlocks(text: string, blocks: readonly string[]): [number, number][] {
  const cs = Array.from(text);
  let k = '';
  const at: number[] = [];
  cs.forEach((c, i) => {
    const kc = key(c);
    if (kc.length === 0) return;
    k += kc;
    for (let j = 0; j < kc.length; j++) at.push(i);
  });
  const spans: [number, number][] = [];
  let from = 0;
  for (const b of blocks) {
    const want = key(b);
    if (want.length === 0) continue;
    let i = k.indexOf(want, from);
    if (i < 0) i = k.indexOf(want);
    if (i < 0) continue;
    spans.push([at[i]!, at[i + want.length - 1]! + 1]);
    from = i + want.length;
  }
  spans.sort((a, b) => a[0] - b[0]);
  const apart: [number, number][] = [];
  for (const s of spans) if (apart.length === 0 || s[0] >= apart[apart.length - 1]![1]) apart.push(s);
  return apart;
}
