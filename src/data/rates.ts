// Fixed rates, expressed as units of each currency per 1 USD. They are not live
// market rates; every cross rate is derived from this one table, so that
// rate(a,b) * rate(b,c) == rate(a,c) up to rounding.
export const SUPPORTED_CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'AUD', 'CAD', 'JPY', 'AED', 'SGD', 'CHF'] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];

export const UNITS_PER_USD: Record<Currency, number> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  INR: 83.25,
  AUD: 1.52,
  CAD: 1.36,
  JPY: 149.5,
  AED: 3.6725,
  SGD: 1.34,
  CHF: 0.88,
};
