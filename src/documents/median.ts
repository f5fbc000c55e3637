// The median of a list of measures (font sizes, line steps, edges): the upper middle value of the
// sorted list, 0 for an empty one.

export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}
