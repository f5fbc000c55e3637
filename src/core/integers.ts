// Integer inputs of the addition endpoints: a decimal integer, optionally signed
// (or, in a JSON body, a JSON integer); nothing a JavaScript Number would round.
import { fail } from '../errors.ts';

const DECIMAL = /^[+-]?[0-9]+$/;

export function parseSafeInteger(name: string, value: unknown): number {
  let n: number;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw fail('invalid_integer', name);
    n = value;
  } else if (typeof value === 'string') {
    const s = value.trim();
    if (s === '') throw fail('empty_integer', name);
    if (!DECIMAL.test(s)) throw fail('invalid_integer', name);
    n = Number(s);
  } else if (value === undefined || value === null) {
    throw fail('missing_parameter', 'parameter', name);
  } else {
    throw fail('invalid_integer', name);
  }
  if (!Number.isSafeInteger(n)) {
    throw fail('integer_out_of_range', name);
  }
  return n === 0 ? 0 : n; // no -0 in the answer
}

export interface Addition {
  success: true;
  operation: 'addition';
  input1: number;
  input2: number;
  result: number;
}

export function add(input1: unknown, input2: unknown): Addition {
  const a = parseSafeInteger('input1', input1);
  const b = parseSafeInteger('input2', input2);
  const result = a + b;
  if (!Number.isSafeInteger(result)) {
    throw fail('sum_out_of_range');
  }
  return { success: true, operation: 'addition', input1: a, input2: b, result };
}

/** A positive integer query value (page, limit, id); undefined when absent. */
export function parsePositiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const s = value.trim();
  if (!/^\+?[0-9]+$/.test(s) || !Number.isSafeInteger(Number(s)) || Number(s) < 1) {
    throw fail('invalid_positive_integer', name);
  }
  return Number(s);
}
