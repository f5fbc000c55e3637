// GET /postman.json imported as is and run with newman (the Postman CLI) against the app on
// loopback, from an empty working directory: every request passes with no file and no edit (the
// chunking request sends its built-in sample text), the bearer token flows from add-token to
// add-bearer, the placeholders of the user's Azure services get the message that names them, and
// the credentials are variables holding the lab values only while they are the public defaults.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import type { FastifyInstance } from 'fastify';
import { buildTestApp, LAB } from '../helpers/app.ts';
import { collectionVariables, PLACEHOLDERS } from '../../src/api-documents/postman.ts';
import { loadConfig } from '../../src/config.ts';
import type { JsonObject } from './app.ts';

const DELETION = 'Delete the indexed chunks of one document (up to 1000 per call)';

interface NewmanReport {
  run: {
    stats: { assertions: { failed: number } };
    failures: { source?: { name?: string }; error: { message: string } }[];
    executions: { item: { name: string }; response?: { code: number; stream?: { data: number[] } } }[];
  };
}

/** The newman CLI from node_modules/.bin, as CI and a teacher run it; its JSON report is read back. */
async function runNewman(collection: JsonObject, workingDir: string): Promise<NewmanReport> {
  const file = join(workingDir, 'collection.json');
  const report = join(workingDir, 'report.json');
  writeFileSync(file, JSON.stringify(collection));
  const bin = new URL('../../node_modules/.bin/newman', import.meta.url).pathname;
  const args = [
    'run',
    file,
    '--working-dir',
    workingDir,
    '--reporters',
    'json',
    '--reporter-json-export',
    report,
    '--timeout-request',
    '30000',
  ];
  // A failed assertion makes newman exit 1: the report says which, so it is read either way.
  await promisify(execFile)(bin, args).catch((err: unknown) => {
    if ((err as { code?: unknown }).code !== 1) throw err;
  });
  return JSON.parse(readFileSync(report, 'utf8')) as NewmanReport;
}

describe('GET /postman.json run with newman', { timeout: 180_000 }, () => {
  let app: FastifyInstance;
  let base: string;
  let dir: string;
  let collection: JsonObject;

  before(async () => {
    // The deletion request names an Azure host; resolving it here fails at once (no network in tests).
    app = await buildTestApp({
      resolve: async (host) => {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      },
    });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    // The working directory holds nothing but what runNewman writes: no sample file to upload.
    dir = mkdtempSync(join(tmpdir(), 'postman-'));
    const res = await fetch(`${base}/postman.json`);
    assert.equal(res.status, 200);
    collection = (await res.json()) as JsonObject;
  });
  after(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('a v2.1 collection, baseUrl from the request, one folder per tag', () => {
    assert.equal(
      (collection.info as JsonObject).schema,
      'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    );
    const vars = collection.variable as { key: string; value: string }[];
    assert.equal(vars.find((v) => v.key === 'baseUrl')?.value, base);
    assert.deepEqual((collection.item as JsonObject[]).map((f) => f.name).sort(), [
      'Addition',
      'Documents',
      'Reference data',
      'Service',
      'Survey',
    ]);
  });

  test('every request passes as imported (add-token feeds add-bearer)', async () => {
    const summary = await runNewman(collection, dir);
    const failures = summary.run.failures.map((f) => `${f.source?.name ?? '?'}: ${f.error.message}`);
    assert.deepEqual(failures, []);
    const executions = summary.run.executions;
    const names = (collection.item as { item: { name: string }[] }[]).flatMap((f) => f.item.map((i) => i.name));
    // Every request once, but the job's poll, which runs again while it answers 202 (newman lists
    // add-oauth's pre-request token call, pm.sendRequest, under the same item).
    assert.deepEqual([...new Set(executions.map((e) => e.item.name))].sort(), [...names].sort());
    assert.ok(names.length >= 16, `${names.length} requests`);
    const codes = new Map(executions.map((e) => [e.item.name, e.response?.code]));
    assert.equal(codes.get('Add two integers, authenticated by a bearer token from add-token'), 200);
    assert.equal(codes.get('Add two integers, authenticated by an OAuth 2.0 access token'), 200);
    assert.equal(codes.get('Chunk a document into an Azure AI Search payload, optionally embedded'), 200);
    assert.equal(
      codes.get(
        'Chunk a document into an Azure AI Search payload, optionally embedded, as a job (Prefer: respond-async)',
      ),
      202,
    );
    // The last poll is the answer of the request (the map keeps the last execution of a name).
    assert.equal(codes.get('Poll a chunking job: 202 while it runs, then the answer of the request'), 200);
    assert.equal(codes.get('Cancel a chunking job, or forget a finished one'), 200);
    assert.equal(summary.run.stats.assertions.failed, 0);
    const bodyOf = (name: string) => {
      const e = executions.find((x) => x.item.name === name);
      return JSON.parse(Buffer.from(e?.response?.stream?.data ?? []).toString('utf8')) as Record<string, unknown>;
    };
    // The sample text: more than one chunk, each with exactly the fields the default index takes.
    const chunks = bodyOf('Chunk a document into an Azure AI Search payload, optionally embedded').value as Record<
      string,
      unknown
    >[];
    assert.ok(chunks.length >= 2, `${chunks.length} chunks`);
    for (const c of chunks)
      assert.deepEqual(Object.keys(c).sort(), [
        '@search.action',
        'content',
        'document_id',
        'embedding',
        'id',
        'section',
        'sourceName',
        'tenant_id',
      ]);
    assert.equal(chunks[0]!.section, '1 Introduction');
    // The deletion as imported: refused for the placeholder a student must replace, named.
    const deletion = bodyOf(DELETION);
    assert.equal(codes.get(DELETION), 400);
    assert.equal(
      deletion.message,
      `Header cloudAISearchEndpoint is not an allowed endpoint: host ${new URL(PLACEHOLDERS.searchEndpoint).hostname} does not resolve.`,
    );
  });
});

test('collection variables: the lab values while they are the defaults, placeholders once an operator set their own', () => {
  const lab = collectionVariables(loadConfig({}), 'http://h');
  assert.equal(lab.find((v) => v.key === 'apiKey')?.value, LAB.ADD_API_KEY);
  assert.equal(lab.find((v) => v.key === 'basicPassword')?.value, LAB.BASIC_AUTH_PASSWORD);
  const own = collectionVariables(
    loadConfig({ ADD_API_KEY: 'operator-key', BASIC_AUTH_PASSWORD: 'operator-pass' }),
    'http://h',
  );
  assert.equal(own.find((v) => v.key === 'apiKey')?.value, '<your ADD_API_KEY>');
  assert.equal(own.find((v) => v.key === 'basicPassword')?.value, '<your BASIC_AUTH_PASSWORD>');
  assert.equal(own.find((v) => v.key === 'apiSecret')?.value, LAB.ADD_API_SECRET);
  assert.ok(!JSON.stringify(own).includes('operator-'));
});
