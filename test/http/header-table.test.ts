// The header tables: what readHeaders accepts and refuses, and the schema documented from them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseBooleanFlag,
  decodeUtf8,
  header,
  headersSchema,
  parseInt64Header,
  parsePrintableAscii,
  readHeaders,
  type HeaderRule,
} from '../../src/http/header-table.ts';
import { CHUNKING_HEADERS } from '../../src/schemas/chunking.ts';
import { DELETION_HEADERS } from '../../src/routes/indexed-documents.ts';
import { AppError } from '../../src/errors.ts';

const TABLE = {
  name: header({ wire: 'sourceName', required: true, maxLength: 10, parse: (v: string) => v, description: 'a name' }),
  id: header({ wire: 'tenant-id', required: true, maxLength: 64, parse: parseInt64Header, description: 'an id' }),
  flag: header({
    wire: 'performEmbedding',
    required: false,
    maxLength: 5,
    parse: parseBooleanFlag,
    description: 'a flag',
  }),
  key: header({
    wire: 'embeddingKey',
    required: false,
    requiredWhen: 'flag',
    maxLength: 8,
    parse: parsePrintableAscii,
    description: 'a key',
  }),
};

function refusal(headers: Record<string, string | string[]>): string {
  try {
    readHeaders(TABLE, headers);
  } catch (err) {
    assert.ok(err instanceof AppError);
    assert.equal(err.statusCode, 400);
    return err.message;
  }
  return 'accepted';
}

describe('readHeaders refuses with a 400 naming the header', () => {
  const cases: [string, Record<string, string | string[]>, string][] = [
    ['missing required', { 'tenant-id': '1' }, 'Header sourceName is required.'],
    ['empty required', { sourcename: '  ', 'tenant-id': '1' }, 'Header sourceName is required.'],
    ['too long', { sourcename: 'x'.repeat(11), 'tenant-id': '1' }, 'Header sourceName is longer than 10 characters.'],
    ['given twice', { sourcename: ['a', 'b'], 'tenant-id': '1' }, 'Header sourceName must be given once.'],
    [
      'parser refuses',
      { sourcename: 'a', 'tenant-id': '1e3' },
      "Header tenant-id must be a decimal integer (Int64, no sign other than '-', no leading zeros, no exponent).",
    ],
    [
      'bad boolean',
      { sourcename: 'a', 'tenant-id': '1', performembedding: 'yes' },
      "Header performEmbedding must be 'true' or 'false'.",
    ],
    [
      'conditional missing',
      { sourcename: 'a', 'tenant-id': '1', performembedding: 'TRUE' },
      'Header embeddingKey is required when performEmbedding is true.',
    ],
    [
      'conditional not printable',
      { sourcename: 'a', 'tenant-id': '1', performembedding: 'true', embeddingkey: 'a b' },
      'Header embeddingKey holds characters that are not printable ASCII.',
    ],
  ];
  for (const [name, headers, message] of cases) test(name, () => assert.equal(refusal(headers), message));
});

describe('readHeaders accepts', () => {
  test('values parsed, optional ones undefined, a conditional header ignored when its flag is off', () => {
    assert.deepEqual(readHeaders(TABLE, { sourcename: ' a ', 'tenant-id': '-42', embeddingkey: 'not read' }), {
      name: 'a',
      id: '-42',
      flag: undefined,
      key: undefined,
    });
    assert.deepEqual(
      readHeaders(TABLE, {
        sourcename: 'a',
        'tenant-id': '9223372036854775807',
        performembedding: 'true',
        embeddingkey: 'k',
      }),
      {
        name: 'a',
        id: '9223372036854775807',
        flag: true,
        key: 'k',
      },
    );
  });
  test('a UTF-8 value sent as latin1 bytes is decoded, and its length counted after decoding', () => {
    const latin1 = Buffer.from('Handbuch für', 'utf8').toString('latin1');
    assert.equal(decodeUtf8(latin1), 'Handbuch für');
    assert.equal(
      refusal({ sourcename: Buffer.from('ääääääääää', 'utf8').toString('latin1'), 'tenant-id': '1' }),
      'accepted',
    );
  });
});

describe('an optional header with refuseSibling', () => {
  const NARROW = {
    tenant: header({
      wire: 'tenant-id',
      required: false,
      maxLength: 64,
      parse: parseInt64Header,
      refuseSibling: true,
      description: 'narrows',
    }),
  };
  const read = (headers: Record<string, string>) => {
    try {
      return readHeaders(NARROW, headers).tenant ?? 'absent';
    } catch (err) {
      assert.ok(err instanceof AppError);
      assert.equal(err.statusCode, 400);
      return err.message;
    }
  };
  const cases: [string, Record<string, string>, string][] = [
    ['absent: not read', {}, 'absent'],
    ['given: read', { 'tenant-id': '7' }, '7'],
    ['given under both spellings: the one it reads', { 'tenant-id': '7', tenant_id: '8' }, '7'],
    [
      'only the sibling spelling: refused, not silently widened',
      { tenant_id: '7' },
      'The request has a header tenant_id; this endpoint reads tenant-id, with a dash. Send tenant-id, or neither.',
    ],
    [
      'empty, with the sibling spelling: refused',
      { 'tenant-id': ' ', tenant_id: '7' },
      'The request has a header tenant_id; this endpoint reads tenant-id, with a dash. Send tenant-id, or neither.',
    ],
  ];
  for (const [name, headers, want] of cases) test(name, () => assert.equal(read(headers), want));
  test('without refuseSibling, the sibling spelling of an optional header is not read', () => {
    assert.equal(
      readHeaders({ tenant: { ...NARROW.tenant, refuseSibling: false } }, { tenant_id: '7' }).tenant,
      undefined,
    );
  });
});

describe('the documented schema comes from the same table', () => {
  const cases: [string, Record<string, HeaderRule<unknown>>][] = [
    ['chunking', CHUNKING_HEADERS],
    ['deletion', DELETION_HEADERS],
  ];
  for (const [name, table] of cases) {
    test(name, () => {
      const schema = headersSchema(table) as unknown as {
        properties: Record<string, { maxLength: number }>;
        required?: string[];
      };
      for (const rule of Object.values(table)) {
        assert.equal(schema.properties[rule.wire]?.maxLength, rule.maxLength, rule.wire);
        assert.equal(schema.required?.includes(rule.wire) ?? false, rule.required, rule.wire);
      }
      assert.equal(Object.keys(schema.properties).length, Object.keys(table).length);
    });
  }
});
