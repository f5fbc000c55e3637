// The limits per caller (src/http/rate-limit.ts, documents/admission.ts) turned off: tests and
// benchmarks send from one loopback address what a loop sends, and measure or check other things.
// The limits' own tests turn them on (test/http/rate-limit.test.ts), and a test checks that the
// lab defaults keep them on for `npm start`.
export const NO_CALLER_LIMITS = {
  RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_CREDENTIAL_PER_MINUTE: '0',
  MAX_DOCUMENTS_PER_CLIENT: '0',
} as const satisfies Record<string, string>;
