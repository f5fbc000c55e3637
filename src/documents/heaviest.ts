// The key a tally gives the most weight to (the body's font, size or left edge: the one holding
// the most characters). Pure.

/** The key of `tally` with the greatest count, the first inserted among equals; `fallback` when empty. */
export function heaviest<K>(tally: ReadonlyMap<K, number>, fallback: K): K;
export function heaviest<K>(tally: ReadonlyMap<K, number>): K | undefined;
export function heaviest<K>(tally: ReadonlyMap<K, number>, fallback?: K): K | undefined {
  let best = fallback;
  let most = -Infinity;
  for (const [k, n] of tally)
    if (n > most) {
      best = k;
      most = n;
    }
  return best;
}
