// The one error catalogue (src/errors.ts): every code well formed, every message a client may read,
// a DocumentError carrying its catalogue code and status, no error built from a string literal
// outside the catalogue, and the README's "Errors" table listing exactly its codes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AppError,
  CATALOGUE,
  fail,
  hintOf,
  messageOf,
  type CatalogueEntry,
  type DocumentCode,
  type ErrorCode,
  errorEnvelope,
} from '../src/errors.ts';
import { DocumentError, documentError, toDocumentError } from '../src/documents/document-error.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ENTRIES = Object.entries(CATALOGUE) as [ErrorCode, CatalogueEntry][];

/** Sample facts for a message function, by parameter name: a method list, a number, or a string. */
function sampleMessage(message: CatalogueEntry['message']): string {
  if (typeof message === 'string') return message;
  const facts = parameterNames(message).map((p) =>
    p === 'methods'
      ? ['GET', 'HEAD']
      : /^(?:limit|ms|count|chunk|chunks|deleted|total|failed|indexed)$/.test(p)
        ? 7 * 2 ** 20
        : 'x1',
  );
  return (message as (...a: unknown[]) => string)(...facts);
}

/** The parameter names of a message function, from its source. */
function parameterNames(message: CatalogueEntry['message']): string[] {
  if (typeof message === 'string') return [];
  const src = message.toString();
  const list = /^\(([^)]*)\)/.exec(src)?.[1] ?? /^(\w+)\s*=>/.exec(src)?.[1] ?? '';
  return list
    .split(',')
    .map((p) => p.trim().split(/[\s=:?]/)[0]!)
    .filter(Boolean);
}

test('every code: unique snake_case, a 4xx/5xx status, a non-empty message and when, no secret placeholder', () => {
  const seen = new Set<string>();
  for (const [code, entry] of ENTRIES) {
    assert.match(code, /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/, code);
    assert.ok(!seen.has(code.toLowerCase()), `duplicate ${code}`);
    seen.add(code.toLowerCase());
    assert.ok(
      Number.isInteger(entry.status) && entry.status >= 400 && entry.status < 600,
      `${code}: status ${entry.status}`,
    );
    const text = sampleMessage(entry.message);
    assert.ok(text.trim().length > 0, `${code}: empty message`);
    assert.doesNotMatch(text, /undefined|\[object |\$\{|NaN/, `${code}: ${text}`);
    assert.ok(entry.when.trim().length > 0, `${code}: no 'when'`);
    assert.doesNotMatch(entry.when, /\|/, `${code}: a pipe would break the README table`);
    // A message names the parameter, the header, the limit: never a credential's value.
    for (const p of parameterNames(entry.message))
      assert.doesNotMatch(p, /secret|password|token|key|auth|credential/i, `${code}: parameter ${p}`);
    assert.doesNotMatch(text, /<[a-z_ ]+>|\{\{/, `${code}: placeholder left in the message`);
  }
});

const DOCUMENT_CODES = ENTRIES.map(([code]) => code).filter((code): code is DocumentCode =>
  code.startsWith('document_'),
);

test('the document codes are the ones a DocumentError may carry', () => {
  assert.deepEqual(DOCUMENT_CODES, [
    'document_over_size_limit',
    'document_not_pdf',
    'document_unsupported',
    'document_encrypted',
    'document_damaged',
    'document_no_text',
    'document_too_large',
    'document_zip_bomb',
    'document_entity_bomb',
    'document_too_much_memory',
    'document_timeout',
    'document_ocr_limit',
  ]);
});

for (const code of DOCUMENT_CODES) {
  test(`a DocumentError of ${code} carries the code and the catalogue's status, across the worker boundary`, () => {
    const d = new DocumentError(code, 'a message');
    assert.deepEqual([d.code, d.status], [code, CATALOGUE[code].status]);
    assert.ok([400, 413, 415, 422].includes(d.status), `${code}: ${d.status}`);
    // The worker sends { code, message } as data; the pool makes the error again.
    const crossed = toDocumentError(structuredClone({ code: d.code, message: d.message }));
    assert.ok(crossed instanceof DocumentError);
    assert.deepEqual([crossed.code, crossed.status, crossed.message], [code, d.status, 'a message']);
  });
}

test('fail() and documentError() take status and message from the catalogue', () => {
  const e = fail('header_required', 'api-key');
  assert.ok(e instanceof AppError);
  assert.deepEqual([e.code, e.statusCode, e.message], ['header_required', 400, 'Header api-key is required.']);
  assert.deepEqual(fail('service_busy').withHeaders({ 'retry-after': '3' }).headers, { 'retry-after': '3' });
  const d = documentError('document_zip_bomb', 64 * 2 ** 20);
  assert.deepEqual(
    [d.code, d.status, d.message],
    ['document_zip_bomb', 413, messageOf('document_zip_bomb', 64 * 2 ** 20)],
  );
});

// Messages stay word for word what the interface and the clients know.
const messageCases: [string, string][] = [
  [messageOf('route_not_found', 'GET', '/x'), 'Route GET /x not found.'],
  [messageOf('method_not_allowed', ['GET', 'HEAD']), 'Method Not Allowed. Use GET.'],
  [messageOf('missing_parameter', 'query parameter', 'input1'), "Missing required query parameter 'input1'."],
  [messageOf('unauthorized_api_key'), 'Unauthorized. Invalid or missing api_key header.'],
  [messageOf('unauthorized_document_api_key'), 'Unauthorized. Invalid or missing api-key header.'],
  [messageOf('document_no_text'), 'No text could be extracted from the PDF.'],
  [messageOf('document_no_text', 'document'), 'No text could be extracted from the document.'],
  [messageOf('document_timeout', 500), 'The PDF took too long to parse (over 500 ms) and was abandoned.'],
  [messageOf('document_timeout', 30_000), 'The PDF took too long to parse (over 30 s) and was abandoned.'],
  [messageOf('document_damaged', 'bad xref'), 'The PDF is damaged and could not be parsed: bad xref'],
  [messageOf('document_damaged', 'bad zip', 'document'), 'The document is damaged and could not be read: bad zip'],
  [messageOf('document_unsupported', 'why.'), `${messageOf('document_unsupported')} (why.)`],
  [
    messageOf('document_too_large', 256 * 2 ** 20),
    'The PDF expands to too much data when decompressed (over 256 MiB); it may be a decompression bomb.',
  ],
  [messageOf('service_busy'), 'The service is busy with other documents; retry after the time in Retry-After.'],
  [messageOf('internal'), 'Internal server error.'],
  [
    messageOf('document_ocr_limit', 12, 10),
    'The PDF has 12 pages without a text layer, over the OCR limit of 10 pages (OCR_MAX_PAGES); send ocr: off to chunk only its text pages, or split the file.',
  ],
  [messageOf('document_timeout', 90_000, 'ocr'), 'OCR of the PDF took longer than 90 s and was abandoned.'],
];
for (const [got, want] of messageCases) {
  test(`message stays word for word: ${want}`, () => assert.equal(got, want));
}

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

test('no file under src/ builds an AppError or a DocumentError from a string literal, nor answers an error status without its code', () => {
  const CATALOGUES = new Set(['src/errors.ts', 'src/documents/document-error.ts']);
  const literal = /new\s+(?:AppError|DocumentError)\(\s*[^,()]*,\s*[`'"]/;
  const bareStatus = /\.code\(\s*[45]\d\d\s*\)/;
  const offenders: string[] = [];
  for (const file of tsFiles('src')) {
    if (CATALOGUES.has(file)) continue;
    // Whole statements, not lines: the formatter breaks a chained reply over several lines.
    const text = readFileSync(join(ROOT, file), 'utf8');
    const lineOf = (at: number) => text.slice(0, at).split('\n').length;
    for (const m of text.matchAll(new RegExp(literal, 'g'))) offenders.push(`${file}:${lineOf(m.index)}: ${m[0]}`);
    for (const m of text.matchAll(new RegExp(bareStatus, 'g'))) {
      const statement = text.slice(m.index).split(';', 1)[0] ?? '';
      if (!statement.includes('ERROR_CODE_HEADER')) offenders.push(`${file}:${lineOf(m.index)}: ${m[0]}`);
    }
  }
  assert.deepEqual(offenders, []);
  // The walk sees what it looks for.
  assert.ok(literal.test("throw new AppError('internal', 'oops');"));
  assert.ok(literal.test('throw new DocumentError(`damaged`, `x`);'));
  assert.ok(!literal.test('throw new AppError(err.errorCode, err.message);'));
});

test("README's Errors table lists exactly the catalogue's codes, each with its status", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = /\n#{2,3} Errors\n([\s\S]*?)(?=\n#{2,3} |$)/.exec(readme)?.[1];
  assert.ok(section, 'README has an "Errors" section');
  const rows = [...section.matchAll(/^\|\s*(\d{3})\s*\|\s*`([a-z0-9_]+)`\s*\|/gm)].map(
    (m) => [m[2]!, Number(m[1])] as const,
  );
  assert.deepEqual(rows.map(([c]) => c).sort(), ENTRIES.map(([c]) => c).sort());
  for (const [code, status] of rows) assert.equal(status, CATALOGUE[code as ErrorCode].status, code);
});

const envelopes: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ['the error field (every endpoint but deletion)', errorEnvelope('Bad.'), { success: false, error: 'Bad.' }],
  ['the message field (deletion)', errorEnvelope('Bad.', 'message'), { success: false, message: 'Bad.' }],
];
for (const [name, got, want] of envelopes) {
  test(`errorEnvelope: ${name}`, () => assert.deepEqual(got, want));
}

describe('hintOf: the X-Error-Hint of every code', () => {
  test('every code has a hint: printable ASCII, at most 500 characters', () => {
    for (const code of Object.keys(CATALOGUE) as (keyof typeof CATALOGUE)[]) {
      const hint = hintOf(code);
      assert.match(hint, /^[\x20-\x7e]{1,500}$/, code);
    }
  });
  const cases: [string, string | undefined, string][] = [
    ["the refusal's own hint wins", 'Missing header key.', 'Missing header key.'],
    ["a blank hint falls back to the code's", '  ', `${CATALOGUE.route_not_found.when}.`],
    ['no hint: the README line', undefined, `${CATALOGUE.route_not_found.when}.`],
    ['characters a header cannot carry are replaced', 'Token \u00e9\n{{x}}', 'Token ??{{x}}'],
    ['a long hint is cut', 'x'.repeat(600), `${'x'.repeat(497)}...`],
  ];
  for (const [name, given, want] of cases) test(name, () => assert.equal(hintOf('route_not_found', given), want));
});
