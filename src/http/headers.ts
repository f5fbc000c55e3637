import { fail } from '../errors.ts';

type Headers = Record<string, string | string[] | undefined>;

/** One header by its wire name, trimmed; undefined when absent; a 400 when it comes as a list. */
export function singleHeader(headers: Headers, wire: string): string | undefined {
  const v = headers[wire.toLowerCase()];
  if (Array.isArray(v)) throw fail('header_repeated', wire);
  return v?.trim();
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
