import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { languageDataDir } from '../src/documents/ocr/options.ts';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { loadConfig, ConfigError, LAB_DEFAULTS } from '../src/config.ts';

describe('loadConfig defaults', () => {
  test('an empty environment gives the documented lab defaults', () => {
    const c = loadConfig({});
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.port, 8080);
    assert.equal(c.addApiKey, LAB_DEFAULTS.ADD_API_KEY);
    assert.equal(c.addApiSecret, LAB_DEFAULTS.ADD_API_SECRET);
    assert.equal(c.basicAuthUsername, LAB_DEFAULTS.BASIC_AUTH_USERNAME);
    assert.equal(c.basicAuthPassword, LAB_DEFAULTS.BASIC_AUTH_PASSWORD);
    assert.equal(c.surveyKey, LAB_DEFAULTS.SURVEY_KEY);
    assert.equal(c.surveySecret, LAB_DEFAULTS.SURVEY_SECRET);
    assert.equal(c.documentApiKey, LAB_DEFAULTS.DOCUMENT_API_KEY);
    assert.equal(c.tokenTtlSeconds, 3600);
    assert.deepEqual(c.outboundAllowedHosts, [
      '*.openai.azure.com',
      '*.cognitiveservices.azure.com',
      '*.services.ai.azure.com',
      '*.search.windows.net',
    ]);
    assert.equal(c.embeddingTimeoutMs, 30000);
    assert.equal(c.searchTimeoutMs, 30000);
    assert.equal(c.maxDocumentBytes, 52428800);
    assert.equal(c.shutdownDelayMs, 0);
    assert.equal(c.logLevel, 'info');
  });

  test('without JWT_SECRET a random 32+ character secret is generated per call', () => {
    const a = loadConfig({});
    const b = loadConfig({ JWT_SECRET: '' });
    assert.equal(a.jwtSecretGenerated, true);
    assert.equal(b.jwtSecretGenerated, true);
    assert.ok(a.jwtSecret.length >= 32);
    assert.notEqual(a.jwtSecret, b.jwtSecret);
  });

  test('the SURVEY_KEY lab default is a GUID', () => {
    assert.match(LAB_DEFAULTS.SURVEY_KEY, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  });
});

describe('loadConfig accepts valid overrides', () => {
  const cases: { name: string; env: Record<string, string>; check: (c: ReturnType<typeof loadConfig>) => void }[] = [
    { name: 'PORT 0 (any free port)', env: { PORT: '0' }, check: (c) => assert.equal(c.port, 0) },
    { name: 'PORT 65535', env: { PORT: '65535' }, check: (c) => assert.equal(c.port, 65535) },
    { name: 'HOST', env: { HOST: '127.0.0.1' }, check: (c) => assert.equal(c.host, '127.0.0.1') },
    {
      name: 'JWT_SECRET of exactly 32 characters',
      env: { JWT_SECRET: 'x'.repeat(32) },
      check: (c) => {
        assert.equal(c.jwtSecret, 'x'.repeat(32));
        assert.equal(c.jwtSecretGenerated, false);
      },
    },
    { name: 'TOKEN_TTL_SECONDS', env: { TOKEN_TTL_SECONDS: '60' }, check: (c) => assert.equal(c.tokenTtlSeconds, 60) },
    {
      name: 'LOG_LEVEL is case-insensitive',
      env: { LOG_LEVEL: 'WARN' },
      check: (c) => assert.equal(c.logLevel, 'warn'),
    },
    { name: 'LOG_LEVEL silent', env: { LOG_LEVEL: 'silent' }, check: (c) => assert.equal(c.logLevel, 'silent') },
    {
      name: 'OUTBOUND_ALLOWED_HOSTS trims, lower-cases and drops empty entries',
      env: { OUTBOUND_ALLOWED_HOSTS: ' 127.0.0.1, LocalHost ,,*.Example.com' },
      check: (c) => assert.deepEqual(c.outboundAllowedHosts, ['127.0.0.1', 'localhost', '*.example.com']),
    },
    {
      name: 'OUTBOUND_ALLOWED_HOSTS IPv6 literal',
      env: { OUTBOUND_ALLOWED_HOSTS: '::1' },
      check: (c) => assert.deepEqual(c.outboundAllowedHosts, ['::1']),
    },
    {
      name: 'EMBEDDING_TIMEOUT_MS',
      env: { EMBEDDING_TIMEOUT_MS: '1' },
      check: (c) => assert.equal(c.embeddingTimeoutMs, 1),
    },
    {
      name: 'SEARCH_TIMEOUT_MS',
      env: { SEARCH_TIMEOUT_MS: '600000' },
      check: (c) => assert.equal(c.searchTimeoutMs, 600000),
    },
    {
      name: 'MAX_PDF_BYTES',
      env: { MAX_PDF_BYTES: '1024' },
      check: (c) => assert.equal(c.maxDocumentBytes, 1024),
    },
    {
      name: 'SHUTDOWN_DELAY_MS',
      env: { SHUTDOWN_DELAY_MS: '5000' },
      check: (c) => assert.equal(c.shutdownDelayMs, 5000),
    },
    {
      name: 'SHUTDOWN_DELAY_MS 0 (close at once)',
      env: { SHUTDOWN_DELAY_MS: '0' },
      check: (c) => assert.equal(c.shutdownDelayMs, 0),
    },
    {
      name: 'OCR defaults',
      env: {},
      check: (c) => assert.deepEqual([c.ocrLanguages, c.ocrMaxPages, c.ocrTimeoutMs], [['eng'], 100, 300000]),
    },
    {
      name: 'OCR_LANGUAGES an installed language',
      env: { OCR_LANGUAGES: ' eng ' },
      check: (c) => assert.deepEqual(c.ocrLanguages, ['eng']),
    },
    { name: 'OCR_MAX_PAGES', env: { OCR_MAX_PAGES: '5' }, check: (c) => assert.equal(c.ocrMaxPages, 5) },
    { name: 'OCR_TIMEOUT_MS', env: { OCR_TIMEOUT_MS: '60000' }, check: (c) => assert.equal(c.ocrTimeoutMs, 60000) },
    {
      name: 'SURVEY_KEY upper-case GUID',
      env: { SURVEY_KEY: LAB_DEFAULTS.SURVEY_KEY.toUpperCase() },
      check: (c) => assert.equal(c.surveyKey, LAB_DEFAULTS.SURVEY_KEY.toUpperCase()),
    },
    {
      name: 'credentials are taken as given',
      env: {
        ADD_API_KEY: 'k',
        ADD_API_SECRET: 's',
        BASIC_AUTH_USERNAME: 'u',
        BASIC_AUTH_PASSWORD: 'p:w',
        DOCUMENT_API_KEY: 'd',
        SURVEY_SECRET: 'ss',
      },
      check: (c) => {
        assert.deepEqual(
          [c.addApiKey, c.addApiSecret, c.basicAuthUsername, c.basicAuthPassword, c.documentApiKey, c.surveySecret],
          ['k', 's', 'u', 'p:w', 'd', 'ss'],
        );
      },
    },
    {
      name: 'an empty value means the default',
      env: { PORT: '', ADD_API_KEY: '' },
      check: (c) => {
        assert.equal(c.port, 8080);
        assert.equal(c.addApiKey, LAB_DEFAULTS.ADD_API_KEY);
      },
    },
  ];
  for (const { name, env, check } of cases) test(name, () => check(loadConfig(env)));
});

describe('loadConfig refuses an invalid variable with a ConfigError naming it', () => {
  const cases: [variable: string, value: string][] = [
    ['PORT', 'abc'],
    ['PORT', '-1'],
    ['PORT', '65536'],
    ['PORT', '80.5'],
    ['PORT', ' 80'],
    ['JWT_SECRET', 'x'.repeat(10)],
    ['JWT_SECRET', 'x'.repeat(31)],
    ['SURVEY_KEY', 'not-a-guid'],
    ['SURVEY_KEY', '6f1c2a9e3b7d4c589e210a4b8d7c5f13'],
    ['LOG_LEVEL', 'loud'],
    ['OUTBOUND_ALLOWED_HOSTS', 'https://example.com'],
    ['OUTBOUND_ALLOWED_HOSTS', '*.ok.example.com,bad host'],
    ['OUTBOUND_ALLOWED_HOSTS', 'a.*.example.com'],
    ['TOKEN_TTL_SECONDS', '0'],
    ['TOKEN_TTL_SECONDS', '1h'],
    ['EMBEDDING_TIMEOUT_MS', '0'],
    ['EMBEDDING_TIMEOUT_MS', '600001'],
    ['SEARCH_TIMEOUT_MS', '0'],
    ['SEARCH_TIMEOUT_MS', 'soon'],
    ['MAX_PDF_BYTES', '0'],
    ['MAX_PDF_BYTES', '50MB'],
    ['SHUTDOWN_DELAY_MS', '60001'],
    ['SHUTDOWN_DELAY_MS', '5s'],
    ['OCR_LANGUAGES', 'english'],
    ['OCR_LANGUAGES', 'eng,deu'],
    ['OCR_LANGUAGES', '../eng'],
    ['OCR_LANGUAGES', 'eng+zzz'],
    ['OCR_MAX_PAGES', '0'],
    ['OCR_MAX_PAGES', 'many'],
    ['OCR_TIMEOUT_MS', '10'],
    ['ADD_API_KEY', ' padded '],
    ['ADD_API_SECRET', 'trailing '],
    ['BASIC_AUTH_USERNAME', 'user:name'],
    ['BASIC_AUTH_PASSWORD', ' '],
    ['SURVEY_SECRET', '\tsecret'],
    ['DOCUMENT_API_KEY', 'key\n'],
  ];
  for (const [variable, value] of cases) {
    test(`${variable}=${JSON.stringify(value.length > 20 ? `${value.slice(0, 12)}... (${value.length} chars)` : value)}`, () => {
      assert.throws(
        () => loadConfig({ [variable]: value }),
        (err: unknown) => {
          assert.ok(err instanceof ConfigError, String(err));
          assert.ok(err.message.includes(variable), `message names ${variable}: ${err.message}`);
          assert.ok(!err.message.includes('\n'), 'one line');
          return true;
        },
      );
    });
  }

  test('a JWT_SECRET that is refused is never echoed', () => {
    const secretValue = 'short-but-secret';
    assert.throws(
      () => loadConfig({ JWT_SECRET: secretValue }),
      (err: Error) => !err.message.includes(secretValue),
    );
  });
});

describe('OCR_DATA_DIR: a directory of language files read instead of the npm packages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ocr-data-'));
  const packaged = join(languageDataDir('eng'), 'eng.traineddata.gz');
  writeFileSync(join(dir, 'eng.traineddata'), gunzipSync(readFileSync(packaged)));
  copyFileSync(packaged, join(dir, 'deu.traineddata.gz'));
  writeFileSync(join(dir, 'bad.traineddata'), 'not a model');
  writeFileSync(join(dir, 'file'), 'not a directory');
  after(() => rmSync(dir, { recursive: true, force: true }));

  const accepted: [name: string, env: Record<string, string>, dataDir: string | undefined, languages: string[]][] = [
    ['unset: the npm packages', {}, undefined, ['eng']],
    ['empty: the npm packages', { OCR_DATA_DIR: '' }, undefined, ['eng']],
    ['a directory with <code>.traineddata', { OCR_DATA_DIR: dir }, dir, ['eng']],
    ['<code>.traineddata.gz counts too', { OCR_DATA_DIR: dir, OCR_LANGUAGES: 'eng+deu' }, dir, ['eng', 'deu']],
    [
      'a relative path, resolved from the working directory',
      { OCR_DATA_DIR: relative(process.cwd(), dir) },
      dir,
      ['eng'],
    ],
  ];
  for (const [name, env, dataDir, languages] of accepted) {
    test(name, () => {
      const c = loadConfig(env);
      assert.equal(c.ocrDataDir, dataDir);
      assert.deepEqual(c.ocrLanguages, languages);
    });
  }

  const refused: [name: string, env: Record<string, string>, says: string][] = [
    ['no such directory', { OCR_DATA_DIR: join(dir, 'missing') }, 'OCR_DATA_DIR must be a directory'],
    ['a file', { OCR_DATA_DIR: join(dir, 'file') }, 'OCR_DATA_DIR must be a directory'],
    [
      'a language without its file there (the npm package does not count)',
      { OCR_DATA_DIR: dir, OCR_LANGUAGES: 'eng+fra' },
      'no fra.traineddata or fra.traineddata.gz in',
    ],
    [
      'a file that is no Tesseract model',
      { OCR_DATA_DIR: dir, OCR_LANGUAGES: 'bad' },
      'is not a Tesseract LSTM model (no table of contents)',
    ],
  ];
  for (const [name, env, says] of refused) {
    test(`refused: ${name}`, () => {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) =>
          err instanceof ConfigError &&
          err.message.includes(says) &&
          err.message.includes('OCR_') &&
          !err.message.includes('\n'),
      );
    });
  }
});
