import { badRequest, MESSAGES } from '../errors.ts';
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
  throw badRequest(MESSAGES.currencyNotSupported(code.slice(0, 16)));
}

/** Rounds half away from zero at `digits` decimals, without 1.005 -> 1.00 binary surprises. */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.sign(value) * Math.round(Math.abs(value) * f * (1 + Number.EPSILON)) / f;
}

export function crossRate(from: Currency, to: Currency): number {
  return from === to ? 1 : round(UNITS_PER_USD[to] / UNITS_PER_USD[from], 6);
}

export function convert(fromRaw = 'USD', toRaw = 'INR', amountRaw = '1'): Conversion {
  const from = currency(fromRaw);
  const to = currency(toRaw);
  const s = amountRaw.trim();
  const amount = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) ? Number(s) : NaN;
  if (!Number.isFinite(amount) || amount < 0) {
    throw badRequest("Query parameter 'amount' must be a finite, non-negative number.");
  }
  const rate = crossRate(from, to);
  return { success: true, from, to, amount, rate, converted: round(amount * rate, 2), supported_currencies: [...SUPPORTED_CURRENCIES] };
}
