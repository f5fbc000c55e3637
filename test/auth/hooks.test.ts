// The hints a refusal adds for a learner's near misses: the sibling spelling of a header, and
// which of two credential headers is absent. Pure functions, one table each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siblingSpelling, spellingHint } from '../../src/http/header-value.ts';
import { credentialHint } from '../../src/auth/hooks.ts';

// siblingSpelling: the other spelling of a header, when the request has it
const siblingCases: [Record<string, string>, string, string | undefined][] = [
  [{ 'api-key': 'k' }, 'api_key', 'api-key'],
  [{ api_key: 'k' }, 'api-key', 'api_key'],
  [{ 'document-id': '1' }, 'document_id', 'document-id'],
  [{ document_id: '1' }, 'document-id', 'document_id'],
  [{ apikey: 'k' }, 'api_key', undefined],
  [{}, 'api_key', undefined],
  [{ key: 'k' }, 'key', undefined],
];
for (const [headers, wire, expected] of siblingCases) {
  test(`siblingSpelling: ${wire} ${JSON.stringify(headers)}`, () => {
    assert.equal(siblingSpelling(headers, wire), expected, `${wire} ${JSON.stringify(headers)}`);
  });
}

// spellingHint: nothing when the right header is there, a sentence naming both otherwise
const spellingCases: [Record<string, string>, string, string][] = [
  [
    { 'document-id': '1' },
    'document_id',
    ' The request has a header document-id; this endpoint reads document_id, with an underscore.',
  ],
  [
    { document_id: '1' },
    'document-id',
    ' The request has a header document_id; this endpoint reads document-id, with a dash.',
  ],
  [{ document_id: '1', 'document-id': '1' }, 'document_id', ''],
  [{}, 'document_id', ''],
];
for (const [headers, wire, expected] of spellingCases) {
  test(`spellingHint: ${wire} ${JSON.stringify(headers)}`, () => {
    assert.equal(spellingHint(headers, wire), expected, `${wire} ${JSON.stringify(headers)}`);
  });
}

// credentialHint: which of two headers is missing; nothing told about a wrong value
const pair = ['api_key', 'api_secret'];
const credentialCases: [string[], Record<string, string>, string][] = [
  [pair, { api_key: 'x' }, ' Missing header api_secret (api_key and api_secret are both required).'],
  [pair, { api_secret: 'x' }, ' Missing header api_key (api_key and api_secret are both required).'],
  [pair, { api_key: 'wrong', api_secret: 'wrong' }, ''],
  [pair, {}, ''],
  [
    pair,
    { 'api-key': 'x', 'api-secret': 'y' },
    ' The request has a header api-key; this endpoint reads api_key, with an underscore. The request has a header api-secret; this endpoint reads api_secret, with an underscore.',
  ],
  [
    ['api_key'],
    { 'api-key': 'x' },
    ' The request has a header api-key; this endpoint reads api_key, with an underscore.',
  ],
  [['api_key'], {}, ''],
  [['key', 'secret'], { key: 'k' }, ' Missing header secret (key and secret are both required).'],
];
for (const [names, headers, expected] of credentialCases) {
  test(`credentialHint: ${names.join('+')} ${JSON.stringify(headers)}`, () => {
    assert.equal(credentialHint(names, headers), expected, `${names.join('+')} ${JSON.stringify(headers)}`);
  });
}
