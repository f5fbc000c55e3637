// The served documents through the linters a learner's tools run: Redocly CLI (recommended
// rules) and Spectral (spectral:oas), 0 errors each, run from node_modules/.bin on the
// documents fetched from the app on loopback; the connector definitions validated too.
// Warnings left are listed, each with its reason, in README "API documentation".
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { validate } from '@readme/openapi-parser';
import { buildTestApp } from '../helpers/app.ts';
import { CONNECTOR_STYLES } from '../../src/api-documents/swagger2.ts';
import { isObject, operationsOf, type JsonObject } from './app.ts';

const bin = (name: string) => new URL(`../../node_modules/.bin/${name}`, import.meta.url).pathname;

/** Runs a CLI; a non-zero exit is returned, not thrown, so the test can print what it said. */
async function run(name: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    // Nothing leaves the machine: Redocly's telemetry and update check are off.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const { stdout, stderr } = await promisify(execFile)(bin(name), args, { maxBuffer: 16 * 1024 * 1024, env });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('served documents through Redocly CLI and Spectral', { timeout: 300_000 }, () => {
  let app: FastifyInstance;
  let dir: string;
  const files: string[] = [];

  before(async () => {
    app = await buildTestApp();
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'lint-'));
    for (const url of ['/openapi.json', '/swagger.json']) {
      const res = await fetch(base + url);
      assert.equal(res.status, 200, url);
      const file = join(dir, url.slice(1));
      writeFileSync(file, await res.text());
      files.push(file);
    }
    writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
  });
  after(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('Redocly CLI, recommended rules: 0 errors on both documents', async () => {
    for (const file of files) {
      const r = await run('redocly', ['lint', file, '--extends=recommended', '--format=stylish']);
      assert.equal(r.code, 0, r.out);
      assert.doesNotMatch(r.out, /\berror\b/, r.out);
    }
  });

  test('Spectral, spectral:oas: 0 errors on both documents', async () => {
    const r = await run('spectral', [
      'lint',
      '--ruleset',
      join(dir, '.spectral.yaml'),
      '--fail-severity',
      'error',
      ...files,
    ]);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /0 errors/, r.out);
  });
});

describe('Power Automate connectors, one per authentication style', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('each is a valid Swagger 2.0 with host, schemes, one security definition and x-ms-summary on every parameter', async () => {
    for (const style of Object.keys(CONNECTOR_STYLES)) {
      const res = await app.inject({ url: `/connectors/${style}.swagger.json`, headers: { host: 'lab.example:8080' } });
      assert.equal(res.statusCode, 200, style);
      const doc = res.json<JsonObject>();
      assert.deepEqual(
        await validate(structuredClone(doc) as never),
        { valid: true, warnings: [], specification: 'Swagger' },
        style,
      );
      assert.equal(doc.host, 'lab.example:8080');
      assert.deepEqual(doc.schemes, ['http']);
      const definitions = Object.keys(doc.securityDefinitions as JsonObject);
      assert.ok(definitions.length <= 1, `${style}: ${definitions.join(', ')}`);
      const ops = operationsOf(doc);
      assert.ok(ops.length > 0, style);
      for (const { path, op } of ops) {
        for (const req of (op.security ?? []) as JsonObject[])
          assert.deepEqual(Object.keys(req), definitions, `${style} ${path}`);
        for (const p of (Array.isArray(op.parameters) ? op.parameters : []).filter(isObject))
          assert.equal(typeof p['x-ms-summary'], 'string', `${style} ${path}`);
        assert.ok((op.summary as string).length < 80);
      }
    }
    const apikey = (await app.inject('/connectors/apikey.swagger.json')).json<JsonObject>();
    const custom = ((apikey.paths as JsonObject)['/apis/add-custom'] as JsonObject).get as JsonObject;
    assert.ok(
      (custom.parameters as JsonObject[]).some(
        (p) => p.name === 'api_secret' && p.in === 'header' && p.required === true,
      ),
      'add-custom takes api_secret as a parameter',
    );
    assert.equal((await app.inject('/connectors/nope.swagger.json')).statusCode, 404);
  });
});
