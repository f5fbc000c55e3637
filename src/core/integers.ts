// Integer inputs of the addition endpoints: a decimal integer, optionally signed
// (or, in a JSON body, a JSON integer); nothing a JavaScript Number would round.
import { badRequest } from '../errors.ts';

const DECIMAL = /^[+-]?[0-9]+$/;

export function parseSafeInteger(name: string, value: unknown): number {
  let n: number;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw badRequest(`Parameter '${name}' must be an integer.`);
    n = value;
  } else if (typeof value === 'string') {
    const s = value.trim();
    if (s === '') throw badRequest(`Parameter '${name}' is empty; an integer is required.`);
    if (!DECIMAL.test(s)) throw badRequest(`Parameter '${name}' must be an integer.`);
    n = Number(s);
  } else if (value === undefined || value === null) {
    throw badRequest(`Missing required parameter '${name}'.`);
  } else {
    throw badRequest(`Parameter '${name}' must be an integer.`);
  }
  if (!Number.isSafeInteger(n)) {
    throw badRequest(`Parameter '${name}' is outside the safe integer range (-9007199254740991 to 9007199254740991).`);
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
    throw badRequest('The sum of input1 and input2 is outside the safe integer range (-9007199254740991 to 9007199254740991).');
  }
  return { success: true, operation: 'addition', input1: a, input2: b, result };
}

/** A positive integer query value (page, limit, id); undefined when absent. */
export function parsePositiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const s = value.trim();
  if (!/^\+?[0-9]+$/.test(s) || !Number.isSafeInteger(Number(s)) || Number(s) < 1) {
    throw badRequest(`Query parameter '${name}' must be a positive integer.`);
  }
  return Number(s);
}
