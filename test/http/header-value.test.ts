// headerValue, the one reader of one header's value: request headers (route tables, auth hooks)
// and an upstream's answer (the outbound clients) alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headerValue, type Headers, type Repeated } from '../../src/http/header-value.ts';
import { AppError } from '../../src/errors.ts';

const cases: {
  name: string;
  headers: Headers;
  wire: string;
  repeated?: Repeated;
  want: string | undefined | { refused: string };
}[] = [
  { name: 'absent', headers: {}, wire: 'api-key', want: undefined },
  { name: 'absent, refusing lists', headers: {}, wire: 'api-key', repeated: 'refuse', want: undefined },
  { name: 'present', headers: { 'api-key': 'k' }, wire: 'api-key', want: 'k' },
  { name: 'the wire name in any case', headers: { sourcename: 'a.pdf' }, wire: 'sourceName', want: 'a.pdf' },
  { name: 'kept as sent, spaces and all', headers: { ocr: ' off ' }, wire: 'ocr', want: ' off ' },
  { name: 'empty', headers: { ocr: '' }, wire: 'ocr', repeated: 'refuse', want: '' },
  {
    name: 'a list: its first value by default',
    headers: { 'retry-after': ['3', '9'] },
    wire: 'Retry-After',
    want: '3',
  },
  {
    name: 'a list read as absent (credentials)',
    headers: { api_key: ['a', 'b'] },
    wire: 'api_key',
    repeated: 'absent',
    want: undefined,
  },
  {
    name: 'a list refused with a 400 naming the header (route tables)',
    headers: { 'tenant-id': ['1', '2'] },
    wire: 'tenant-id',
    repeated: 'refuse',
    want: { refused: 'Header tenant-id must be given once.' },
  },
  {
    name: 'a one-value list still refused',
    headers: { 'tenant-id': ['1'] },
    wire: 'tenant-id',
    repeated: 'refuse',
    want: { refused: 'Header tenant-id must be given once.' },
  },
];

for (const c of cases) {
  test(`headerValue: ${c.name}`, () => {
    const read = () => headerValue(c.headers, c.wire, c.repeated);
    if (typeof c.want === 'object') {
      const message = c.want.refused;
      assert.throws(
        read,
        (err) =>
          err instanceof AppError &&
          err.code === 'header_repeated' &&
          err.statusCode === 400 &&
          err.message === message,
      );
    } else {
      assert.equal(read(), c.want);
    }
  });
}
