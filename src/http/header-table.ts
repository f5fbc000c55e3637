// Request headers as data: a route declares one table of rules (wire name, required, maximum
// length, parser), and both its validation (readHeaders) and the header schema of its API
// documents (headersSchema) come from that table, so the documents state the real limits.
import type { IncomingHttpHeaders } from 'node:http';
import { Type, type TObject, type TSchema } from 'typebox';
import type { AppError } from '../errors.ts';
import { ERROR_HINT_HEADER, fail } from '../errors.ts';
import { headerValue, namesList, siblingSpelling, spellingHint } from './header-value.ts';
import { parseInt64 } from '../core/int64.ts';

export interface HeaderRule<T, R extends boolean = boolean> {
  wire: string;
  required: R;
  /** longest accepted value, in UTF-16 code units after UTF-8 decoding */
  maxLength: number;
  /** the trimmed, non-empty value to what the route uses; throws a 400 naming the header */
  parse: (value: string, wire: string) => T;
  description: string;
  example?: string;
  /** JSON-schema pattern the documents state (informative: parse is the rule) */
  pattern?: string;
  /**
   * Read only when the named boolean rule of the same table is true; then required, with
   * `Header X is required when Y is true.`
   */
  requiredWhen?: string;
  /**
   * An optional header whose absence widens what the call does (a deletion's tenant-id): sent only
   * under its sibling spelling (tenant_id), it is a 400 rather than silently not read.
   */
  refuseSibling?: boolean;
}

type Table = Record<string, HeaderRule<unknown>>;

export type HeaderValues<T extends Table> = {
  [K in keyof T]: T[K] extends HeaderRule<infer V, infer R> ? (R extends true ? V : V | undefined) : never;
};

export function header<T, R extends boolean>(rule: HeaderRule<T, R>): HeaderRule<T, R> {
  return rule;
}

/** Header values arrive as latin1; a UTF-8 value ("Handbuch für ...") is decoded back. */
export function decodeUtf8(value: string): string {
  if (!/[\x80-\xff]/.test(value)) return value;
  const decoded = Buffer.from(value, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? value : decoded;
}

const isBlank = (headers: IncomingHttpHeaders, wire: string): boolean => {
  const v = headers[wire.toLowerCase()];
  return v === undefined || (typeof v === 'string' && v.trim() === '');
};

/**
 * The refusal of the required headers a request lacks, naming every one at once (in the message
 * and in X-Error-Hint, with a sibling spelling the request has), or undefined.
 */
export function missingHeaders(wires: readonly string[], headers: IncomingHttpHeaders): AppError | undefined {
  const missing = wires.filter((w) => isBlank(headers, w));
  if (missing.length === 0) return undefined;
  const spelling = missing.map((w) => spellingHint(headers, w)).join('');
  const err = fail('header_required', missing, spelling);
  return err.withHeaders({
    [ERROR_HINT_HEADER]: `Missing ${missing.length === 1 ? 'header' : 'headers'} ${namesList(missing)}.${spelling}`,
  });
}

/** Reads every header of the table in its order: every missing required header at once, then the first problem, as a 400 naming it. */
export function readHeaders<T extends Table>(table: T, headers: IncomingHttpHeaders): HeaderValues<T> {
  const required = Object.values(table).filter((r) => r.required && r.requiredWhen === undefined);
  const refusal = missingHeaders(
    required.map((r) => r.wire),
    headers,
  );
  if (refusal) throw refusal;
  const out: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(table)) {
    if (rule.requiredWhen !== undefined && out[rule.requiredWhen] !== true) {
      out[key] = undefined;
      continue;
    }
    const raw = headerValue(headers, rule.wire, 'refuse')?.trim();
    if (raw === undefined || raw === '') {
      if (rule.requiredWhen !== undefined) {
        // The interface's message names one header; the hint names every one the flag needs and lacks.
        const flag = table[rule.requiredWhen]?.wire ?? rule.requiredWhen;
        const lacking = Object.values(table)
          .filter((r) => r.requiredWhen === rule.requiredWhen && isBlank(headers, r.wire))
          .map((r) => r.wire);
        throw fail('header_required_when', rule.wire, flag).withHeaders({
          [ERROR_HINT_HEADER]: `Missing ${lacking.length === 1 ? 'header' : 'headers'} ${namesList(lacking)}, required when ${flag} is true (or send ${flag}: false).${lacking.map((w) => spellingHint(headers, w)).join('')}`,
        });
      }
      // (a required header is never blank here: missingHeaders refused it above)
      const sibling = rule.refuseSibling ? siblingSpelling(headers, rule.wire) : undefined;
      if (sibling !== undefined) {
        throw fail('header_sibling_only', rule.wire, sibling, rule.wire.includes('_') ? 'an underscore' : 'a dash');
      }
      out[key] = undefined;
      continue;
    }
    const value = decodeUtf8(raw);
    if (value.length > rule.maxLength) throw fail('header_too_long', rule.wire, rule.maxLength);
    out[key] = rule.parse(value, rule.wire);
  }
  // The one widening in the reader: each key was filled by its own rule above.
  return out as HeaderValues<T>;
}

/** The documented header schema of a table, plus the headers an auth hook checks. */
export function headersSchema(table: Table, auth: Record<string, TSchema> = {}): TObject {
  const props: Record<string, TSchema> = { ...auth };
  for (const rule of Object.values(table)) {
    const when = rule.requiredWhen !== undefined ? ` Required when ${table[rule.requiredWhen]?.wire} is true.` : '';
    const s = Type.String({
      description: rule.description + when,
      maxLength: rule.maxLength,
      ...(rule.pattern ? { pattern: rule.pattern } : {}),
      ...(rule.example !== undefined ? { examples: [rule.example] } : {}),
    });
    props[rule.wire] = rule.required ? s : Type.Optional(s);
  }
  return Type.Object(props);
}

// ---------------------------------------------------------------------------
// Parsers shared by the tables

export const parsePrintableAscii = (value: string, wire: string): string => {
  if (!/^[\x21-\x7e]+$/.test(value)) throw fail('header_not_printable', wire);
  return value;
};

export const parseInt64Header = (value: string, wire: string): string => parseInt64(wire, value);

export const parseBooleanFlag = (value: string, wire: string): boolean => {
  const v = value.toLowerCase();
  if (v !== 'true' && v !== 'false') throw fail('invalid_boolean_header', wire);
  return v === 'true';
};

/** A count from `min` to `max`, plain decimal digits (no sign, no leading zero). */
export const parseIntegerInRange =
  (min: number, max: number) =>
  (value: string, wire: string): number => {
    const n = Number(value);
    if (!/^[1-9][0-9]{0,8}$/.test(value) || n < min || n > max) throw fail('header_integer_range', wire, min, max);
    return n;
  };

export const INT64_PATTERN = '^(0|-?[1-9][0-9]{0,18})$';
