import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Constant-time string equality. Both sides are hashed first so that neither the
 * comparison time nor an early length check tells a caller how much of a
 * credential it got right.
 */
export function safeEqual(given: string | undefined, expected: string): boolean {
  const a = createHash('sha256')
    .update(given ?? '')
    .digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given !== undefined;
}
