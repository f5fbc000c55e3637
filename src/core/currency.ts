import { fail } from '../errors.ts';
import { SUPPORTED_CURRENCIES, UNITS_PER_USD, type Currency } from '../data/rates.ts';

export interface Conversion {
  success: true;
  from: Currency;
  to: Currency;
  amount: number;
  rate: number;
  converted: number;
  supported_currencies: Currency[];
}

function currency(raw: string): Currency {
  const code = raw.trim().toUpperCase();
  if ((SUPPORTED_CURRENCIES as readonly string[]).includes(code)) return code as Currency;
  throw fail('currency_not_supported', code.slice(0, 16));
}

/** Rounds half away from zero at `digits` decimals, without 1.005 -> 1.00 binary surprises. */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  const scaled = Math.abs(value) * f * (1 + Number.EPSILON);
  // Past 2^53 a double has no fractional digits left, and scaling could overflow to Infinity.
  if (!Number.isSafeInteger(Math.trunc(scaled))) return value;
  return (Math.sign(value) * Math.round(scaled)) / f;
}

/**
 * Ten significant digits, not a fixed number of decimals: JPY -> GBP is
 * 0.005284280936, and six decimals (0.005284) would turn 1,000,000 JPY into
 * 5284.00 GBP instead of 5284.28.
 */
export function crossRate(from: Currency, to: Currency): number {
  return from === to ? 1 : Number((UNITS_PER_USD[to] / UNITS_PER_USD[from]).toPrecision(10));
}

export function convert(fromRaw = 'USD', toRaw = 'INR', amountRaw = '1'): Conversion {
  const from = currency(fromRaw);
  const to = currency(toRaw);
  const s = amountRaw.trim();
  const amount = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) ? Number(s) : NaN;
  if (!Number.isFinite(amount) || amount < 0) {
    throw fail('invalid_amount');
  }
  const rate = crossRate(from, to);
  const converted = round(amount * rate, 2);
  // A finite amount can still overflow once multiplied; JSON would carry it as null.
  if (!Number.isFinite(converted)) throw fail('amount_too_large');
  return { success: true, from, to, amount, rate, converted, supported_currencies: [...SUPPORTED_CURRENCIES] };
}
