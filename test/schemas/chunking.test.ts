// The chunking endpoint's header table and reader, without HTTP: headers as Node gives them
// (lower-case names) in, the ingest options or the 400 naming the header out; and the documented
// schema's answers.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { CHUNKING_HEADERS, chunkingSchema, ocrMode, readChunkingHeaders } from '../../src/schemas/chunking.ts';
import { SEARCH_HEADERS } from '../../src/schemas/search-headers.ts';
import { AppError, fail } from '../../src/errors.ts';
import type { IngestOptions } from '../../src/documents/ingest.ts';

const BASE = { sourcename: 'handbook.pdf', 'tenant-id': '7', 'document-id': '42' };
const EMBED = {
  performembedding: 'true',
  embeddingendpoint: 'https://x.openai.azure.com/',
  embeddingkey: 'embedding-key',
  embeddingdeploymentname: 'text-embedding-ada-002',
};
const INDEX = {
  indexname: 'pdf-chunks',
  cloudaisearchendpoint: 'https://svc.search.windows.net',
  cloudaisearchkey: 'search-key',
};
const h = (over: Record<string, string | undefined> = {}): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries({ ...BASE, ...over }).filter(([, v]) => v !== undefined));

/** The outbound check: records what it was asked, drops a trailing slash, refuses a host named 'refused'. */
function fakeOutbound() {
  const asked: [string, string][] = [];
  return {
    asked,
    checkBaseUrl: async (raw: string, header: string) => {
      asked.push([raw, header]);
      if (raw.includes('refused')) throw fail('endpoint_not_allowed', header, 'host refused is not allowed');
      return raw.replace(/\/+$/, '');
    },
  };
}

async function refusal(headers: IncomingHttpHeaders): Promise<string> {
  try {
    await readChunkingHeaders(headers, fakeOutbound());
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    assert.equal(err.statusCode, 400);
    return err.message;
  }
  return 'accepted';
}

describe('readChunkingHeaders accepts', () => {
  const plain: IngestOptions = {
    sourceName: 'handbook.pdf',
    tenantId: '7',
    documentId: '42',
    pageNumbers: false,
    ocr: 'auto',
  };
  const cases: [string, IncomingHttpHeaders, IngestOptions, [string, string][]][] = [
    ['the three required headers, the rest defaulted', h(), plain, []],
    [
      'page-numbers, and ocr in any case',
      h({ 'page-numbers': 'TRUE', ocr: 'Force' }),
      { ...plain, pageNumbers: true, ocr: 'force' },
      [],
    ],
    ['page-numbers false', h({ 'page-numbers': 'false', ocr: 'off' }), { ...plain, ocr: 'off' }, []],
    [
      'Int64 ids at their bounds, negative included',
      h({ 'tenant-id': '-9223372036854775808', 'document-id': '9223372036854775807' }),
      { ...plain, tenantId: '-9223372036854775808', documentId: '9223372036854775807' },
      [],
    ],
    [
      'a UTF-8 sourceName sent as latin1 bytes',
      h({ sourcename: Buffer.from('Handbuch für Ärzte.pdf', 'utf8').toString('latin1') }),
      { ...plain, sourceName: 'Handbuch für Ärzte.pdf' },
      [],
    ],
    [
      'embedding: the endpoint as the outbound check returns it',
      h(EMBED),
      {
        ...plain,
        embedding: {
          endpoint: 'https://x.openai.azure.com',
          key: 'embedding-key',
          deployment: 'text-embedding-ada-002',
        },
        embeddingPace: { batchSize: 1, concurrency: 1 },
      },
      [['https://x.openai.azure.com/', 'embeddingEndpoint']],
    ],
    [
      'embedding at a pace: embeddingBatchSize and embeddingConcurrency at their bounds',
      h({ ...EMBED, embeddingbatchsize: '2048', embeddingconcurrency: '16' }),
      {
        ...plain,
        embedding: {
          endpoint: 'https://x.openai.azure.com',
          key: 'embedding-key',
          deployment: 'text-embedding-ada-002',
        },
        embeddingPace: { batchSize: 2048, concurrency: 16 },
      },
      [['https://x.openai.azure.com/', 'embeddingEndpoint']],
    ],
    [
      'embedding headers without performEmbedding: true are not read',
      h({ ...EMBED, performembedding: 'false', embeddingkey: 'not printable é' }),
      plain,
      [],
    ],
    [
      'indexing: the three search headers',
      h(INDEX),
      { ...plain, index: { endpoint: 'https://svc.search.windows.net', key: 'search-key', indexName: 'pdf-chunks' } },
      [['https://svc.search.windows.net', 'cloudAISearchEndpoint']],
    ],
    [
      'embedding and indexing, the embedding endpoint checked first',
      h({ ...EMBED, ...INDEX }),
      {
        ...plain,
        embedding: {
          endpoint: 'https://x.openai.azure.com',
          key: 'embedding-key',
          deployment: 'text-embedding-ada-002',
        },
        embeddingPace: { batchSize: 1, concurrency: 1 },
        index: { endpoint: 'https://svc.search.windows.net', key: 'search-key', indexName: 'pdf-chunks' },
      },
      [
        ['https://x.openai.azure.com/', 'embeddingEndpoint'],
        ['https://svc.search.windows.net', 'cloudAISearchEndpoint'],
      ],
    ],
  ];
  for (const [name, headers, expected, asked] of cases) {
    test(name, async () => {
      const outbound = fakeOutbound();
      assert.deepEqual(await readChunkingHeaders(headers, outbound), expected);
      assert.deepEqual(outbound.asked, asked);
    });
  }
});

describe('readChunkingHeaders refuses with a 400 naming the header', () => {
  const cases: [string, IncomingHttpHeaders, string | RegExp][] = [
    ['missing sourceName', h({ sourcename: undefined }), 'Header sourceName is required.'],
    ['missing tenant-id', h({ 'tenant-id': undefined }), 'Header tenant-id is required.'],
    ['non-numeric tenant-id', h({ 'tenant-id': 'abc' }), /^Header tenant-id must be a decimal integer/],
    ['tenant-id of 30 digits', h({ 'tenant-id': '1'.repeat(30) }), /^Header tenant-id must be a decimal integer/],
    ['tenant-id 2^63', h({ 'tenant-id': '9223372036854775808' }), 'Header tenant-id is outside the Int64 range.'],
    ['document-id 1e3', h({ 'document-id': '1e3' }), /^Header document-id must be a decimal integer/],
    ['document-id -0', h({ 'document-id': '-0' }), /^Header document-id must be a decimal integer/],
    ['a sourceName with a control character', h({ sourcename: 'a\tb' }), 'Header sourceName holds control characters.'],
    [
      'a sourceName over 1024 characters',
      h({ sourcename: 'x'.repeat(1025) }),
      /^Header sourceName is longer than 1024/,
    ],
    ['performEmbedding yes', h({ performembedding: 'yes' }), "Header performEmbedding must be 'true' or 'false'."],
    ['page-numbers 1', h({ 'page-numbers': '1' }), "Header page-numbers must be 'true' or 'false'."],
    ['page-numbers yes', h({ 'page-numbers': 'yes' }), "Header page-numbers must be 'true' or 'false'."],
    ['ocr maybe', h({ ocr: 'maybe' }), "Header ocr must be 'auto', 'off' or 'force'."],
    [
      'embeddingBatchSize 0',
      h({ embeddingbatchsize: '0' }),
      'Header embeddingBatchSize must be an integer from 1 to 2048.',
    ],
    [
      'embeddingBatchSize 2049',
      h({ embeddingbatchsize: '2049' }),
      'Header embeddingBatchSize must be an integer from 1 to 2048.',
    ],
    [
      'embeddingBatchSize 016',
      h({ embeddingbatchsize: '016' }),
      'Header embeddingBatchSize must be an integer from 1 to 2048.',
    ],
    [
      'embeddingBatchSize 1.5',
      h({ embeddingbatchsize: '1.5' }),
      'Header embeddingBatchSize must be an integer from 1 to 2048.',
    ],
    [
      'embeddingBatchSize 12345',
      h({ embeddingbatchsize: '12345' }),
      'Header embeddingBatchSize is longer than 4 characters.',
    ],
    [
      'embeddingConcurrency 17',
      h({ embeddingconcurrency: '17' }),
      'Header embeddingConcurrency must be an integer from 1 to 16.',
    ],
    [
      'embeddingConcurrency -1',
      h({ embeddingconcurrency: '-1' }),
      'Header embeddingConcurrency must be an integer from 1 to 16.',
    ],
    [
      'embeddingConcurrency x',
      h({ embeddingconcurrency: 'x' }),
      'Header embeddingConcurrency must be an integer from 1 to 16.',
    ],
    [
      'missing embeddingEndpoint',
      h({ ...EMBED, embeddingendpoint: undefined }),
      'Header embeddingEndpoint is required when performEmbedding is true.',
    ],
    [
      'missing embeddingKey',
      h({ ...EMBED, embeddingkey: undefined }),
      'Header embeddingKey is required when performEmbedding is true.',
    ],
    [
      'missing embeddingDeploymentName',
      h({ ...EMBED, embeddingdeploymentname: undefined }),
      'Header embeddingDeploymentName is required when performEmbedding is true.',
    ],
    [
      'a deployment name with a slash',
      h({ ...EMBED, embeddingdeploymentname: '../x' }),
      /^Header embeddingDeploymentName must be/,
    ],
    [
      'an embedding key with a space',
      h({ ...EMBED, embeddingkey: 'a b' }),
      'Header embeddingKey must be at most 512 printable ASCII characters.',
    ],
    [
      'an embedding endpoint refused',
      h({ ...EMBED, embeddingendpoint: 'https://refused' }),
      /^Header embeddingEndpoint/,
    ],
    [
      'indexName without the two others',
      h({ indexname: 'pdf-chunks' }),
      'Header cloudAISearchEndpoint is required with indexName, cloudAISearchEndpoint and cloudAISearchKey (all three, or none).',
    ],
    [
      'the search key missing',
      h({ ...INDEX, cloudaisearchkey: undefined }),
      /^Header cloudAISearchKey is required with indexName/,
    ],
    [
      'an index name Azure refuses',
      h({ ...INDEX, indexname: 'Pdf-Chunks' }),
      'Header indexName may hold only lowercase letters, digits, dashes and underscores.',
    ],
    [
      'a search endpoint refused',
      h({ ...INDEX, cloudaisearchendpoint: 'https://refused' }),
      /^Header cloudAISearchEndpoint/,
    ],
  ];
  for (const [name, headers, message] of cases) {
    test(name, async () => {
      const m = await refusal(headers);
      if (typeof message === 'string') assert.equal(m, message);
      else assert.match(m, message);
    });
  }
});

describe('ocrMode: the ocr header in any case', () => {
  const cases: [string, string | null][] = [
    ['auto', 'auto'],
    ['OFF', 'off'],
    ['Force', 'force'],
    ['maybe', null],
    ['on', null],
  ];
  for (const [value, mode] of cases) {
    test(value, () => {
      if (mode !== null) return assert.equal(ocrMode(value, 'ocr'), mode);
      assert.throws(() => ocrMode(value, 'ocr'), { message: "Header ocr must be 'auto', 'off' or 'force'." });
    });
  }
});

describe('the chunking table takes the search headers, optional', () => {
  const cases: [keyof typeof SEARCH_HEADERS, keyof typeof CHUNKING_HEADERS][] = [
    ['indexName', 'indexName'],
    ['endpoint', 'searchEndpoint'],
    ['key', 'searchKey'],
  ];
  for (const [search, chunking] of cases) {
    test(SEARCH_HEADERS[search].wire, () => {
      const a = SEARCH_HEADERS[search];
      const b = CHUNKING_HEADERS[chunking];
      assert.deepEqual([b.wire, b.maxLength, b.parse, b.required], [a.wire, a.maxLength, a.parse, false]);
      assert.ok(b.description.startsWith(a.description), b.wire);
    });
  }
});

describe('the documented schema', () => {
  const schema = chunkingSchema as unknown as {
    response: Record<string, { anyOf?: { description?: string }[] }>;
    headers: { properties: Record<string, unknown> };
    security: unknown;
    consumes: string[];
  };
  test('every answer the route gives', () => {
    // 202: with Prefer: respond-async the request is accepted as a job (routes/jobs.ts).
    assert.deepEqual(Object.keys(schema.response), [
      '200',
      '202',
      '400',
      '401',
      '405',
      '413',
      '415',
      '422',
      '502',
      '503',
    ]);
  });
  test('200 is the chunk envelope or the indexing summary; 502 the partial summary or an embedding failure', () => {
    const described = (code: string) => schema.response[code]!.anyOf!.map((s) => s.description ?? '');
    const [envelope, summary] = described('200');
    assert.match(envelope!, /^The chunk envelope\.$/);
    assert.match(summary!, /^With indexName, cloudAISearchEndpoint and cloudAISearchKey/);
    const [partial, embedding] = described('502');
    assert.match(partial!, /^Indexing by the service: some chunks are not in the index/);
    assert.match(embedding!, /^An embedding call failed for good$/);
  });
  test('the headers from the table and Prefer, the service key as a security requirement, a multipart body', () => {
    assert.deepEqual(Object.keys(schema.headers.properties), [
      ...Object.values(CHUNKING_HEADERS).map((r) => r.wire),
      'Prefer',
    ]);
    assert.deepEqual(schema.security, [{ documentApiKey: [] }]);
    assert.deepEqual(schema.consumes, ['multipart/form-data']);
  });
});

describe('an embeddings endpoint pasted whole from the Azure portal', () => {
  const cases: [string, string, string, string][] = [
    [
      'the target URI with its deployment and api-version',
      'https://res.openai.azure.com/openai/deployments/text-embedding-ada-002/embeddings?api-version=2023-05-15',
      "Header embeddingEndpoint holds a full Azure OpenAI URI: keep only https://res.openai.azure.com, the resource's base URL; the service adds /openai/deployments/{embeddingDeploymentName}/embeddings?api-version=2024-02-01 itself (the deployment text-embedding-ada-002 goes in embeddingDeploymentName).",
      'Send embeddingEndpoint: https://res.openai.azure.com and embeddingDeploymentName: text-embedding-ada-002',
    ],
    [
      'the base with /openai',
      'https://res.openai.azure.com/openai/',
      "Header embeddingEndpoint holds a full Azure OpenAI URI: keep only https://res.openai.azure.com, the resource's base URL; the service adds /openai/deployments/{embeddingDeploymentName}/embeddings?api-version=2024-02-01 itself.",
      'Send embeddingEndpoint: https://res.openai.azure.com',
    ],
  ];
  for (const [name, endpoint, message, hint] of cases) {
    test(`${name}: 400 naming the part to keep, before any outbound check`, async () => {
      const outbound = fakeOutbound();
      await assert.rejects(readChunkingHeaders(h({ ...EMBED, embeddingendpoint: endpoint }), outbound), (err) => {
        assert.ok(err instanceof AppError);
        assert.equal(err.code, 'embedding_endpoint_full_uri');
        assert.equal(err.statusCode, 400);
        assert.equal(err.message, message);
        assert.equal(err.headers['x-error-hint'], hint);
        return true;
      });
      assert.deepEqual(outbound.asked, []);
    });
  }
  test('the base URL it names is accepted', async () => {
    const options = await readChunkingHeaders(
      h({ ...EMBED, embeddingendpoint: 'https://res.openai.azure.com' }),
      fakeOutbound(),
    );
    assert.equal(options.embedding?.endpoint, 'https://res.openai.azure.com');
  });
  test('without performEmbedding the header is not read', async () => {
    const options = await readChunkingHeaders(
      h({ embeddingendpoint: 'https://res.openai.azure.com/openai/deployments/x/embeddings' }),
      fakeOutbound(),
    );
    assert.equal(options.embedding, undefined);
  });
});
