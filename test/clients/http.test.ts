// retryAfterMs, the one Retry-After parser of the outbound clients (embeddings, search index).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { retryAfterMs } from '../../src/clients/http.ts';
import type { Headers } from '../../src/http/header-value.ts';

const NOW = Date.parse('2026-01-01T12:00:00Z');

const cases: [string, Headers, number | undefined][] = [
  ['no header', {}, undefined],
  ['retry-after-ms', { 'retry-after-ms': '250' }, 250],
  ['retry-after-ms of 0', { 'retry-after-ms': '0' }, 0],
  ['retry-after-ms before Retry-After', { 'retry-after-ms': '40', 'retry-after': '3' }, 40],
  ['a negative retry-after-ms: Retry-After instead', { 'retry-after-ms': '-5', 'retry-after': '2' }, 2000],
  ['retry-after-ms not a number: Retry-After instead', { 'retry-after-ms': 'soon', 'retry-after': '2' }, 2000],
  ['Retry-After seconds', { 'retry-after': '3' }, 3000],
  ['Retry-After seconds, spaces around', { 'retry-after': ' 7 ' }, 7000],
  ['Retry-After with a fraction', { 'retry-after': '1.5' }, 1500],
  ['Retry-After as an HTTP date ahead', { 'retry-after': 'Thu, 01 Jan 2026 12:00:30 GMT' }, 30_000],
  ['Retry-After as an HTTP date past: no wait', { 'retry-after': 'Thu, 01 Jan 2026 11:59:00 GMT' }, 0],
  ['Retry-After unreadable', { 'retry-after': 'later, please' }, undefined],
  ['a repeated header: its first value', { 'retry-after': ['4', '60'] }, 4000],
];

for (const [name, headers, want] of cases) {
  test(`retryAfterMs: ${name}`, () => {
    assert.equal(retryAfterMs(headers, NOW), want);
  });
}
