import { badRequest } from '../errors.ts';

type Headers = Record<string, string | string[] | undefined>;

/** One header by its wire name, trimmed; undefined when absent; a 400 when it comes as a list. */
export function singleHeader(headers: Headers, wire: string): string | undefined {
  const v = headers[wire.toLowerCase()];
  if (Array.isArray(v)) throw badRequest(`Header ${wire} must be given once.`);
  return v?.trim();
}
