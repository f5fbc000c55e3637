import { fail } from '../errors.ts';

/** Headers as Node and undici hand them over: lower-case names, a repeated header as a list. */
export type Headers = Record<string, string | string[] | undefined>;

/**
 * What a repeated header (a list of values) reads as: its first value (an upstream's answer),
 * absent (a credential: the auth hooks then refuse it as missing or wrong), or a 400
 * header_repeated naming it (the route header tables).
 */
export type Repeated = 'first' | 'absent' | 'refuse';

/** The one reader of one header's value: by its name in any case; undefined when absent. */
export function headerValue(headers: Headers, name: string, repeated: Repeated = 'first'): string | undefined {
  const v = headers[name.toLowerCase()];
  if (!Array.isArray(v)) return v;
  if (repeated === 'refuse') throw fail('header_repeated', name);
  return repeated === 'first' ? v[0] : undefined;
}

/**
 * A learner's near miss: the header the request has under the other spelling of `wire`
 * (`api-key` for `api_key`, `document-id` for `document_id`, and back), or undefined.
 */
export function siblingSpelling(headers: Headers, wire: string): string | undefined {
  const name = wire.toLowerCase();
  for (const other of [name.replaceAll('_', '-'), name.replaceAll('-', '_')]) {
    if (other !== name && headers[other] !== undefined) return other;
  }
  return undefined;
}

/** The sentence a refusal adds when the request has the sibling spelling of a header it lacks. */
export function spellingHint(headers: Headers, wire: string): string {
  if (headers[wire.toLowerCase()] !== undefined) return '';
  const other = siblingSpelling(headers, wire);
  if (other === undefined) return '';
  const mark = wire.includes('_') ? 'an underscore' : 'a dash';
  return ` The request has a header ${other}; this endpoint reads ${wire}, with ${mark}.`;
}

/** "a", "a and b", "a, b and c". */
export function namesList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
