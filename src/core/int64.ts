// Int64 identifiers travel as validated digit strings end to end: a JavaScript
// Number would round 9007199254740993 to ...992 in the payload and the filter.
import { fail } from '../errors.ts';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const CANONICAL = /^(0|-?[1-9][0-9]{0,18})$/;

/** Returns the canonical decimal digits, or throws a 400 naming the header. */
export function parseInt64(name: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw fail('header_required', name);
  const s = value.trim();
  if (!CANONICAL.test(s)) {
    throw fail('invalid_int64_header', name);
  }
  const n = BigInt(s);
  if (n < INT64_MIN || n > INT64_MAX) throw fail('int64_out_of_range', name);
  return s;
}
