import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { basicAdvice, credentialAdvice, tokenBodyAdvice } from '../../src/auth/credential-hints.ts';

describe('credentialAdvice: the hint of a header credential refusal, both ways', () => {
  const cases: [string, string[], Parameters<typeof credentialAdvice>[1], string][] = [
    ['api_key missing', ['api_key'], { headers: {} }, 'Missing header api_key.'],
    ['api_key empty (an unset variable)', ['api_key'], { headers: { api_key: ' ' } }, 'Missing header api_key.'],
    [
      'api-key where api_key is read',
      ['api_key'],
      { headers: { 'api-key': 'k' } },
      'Missing header api_key. The request has a header api-key; this endpoint reads api_key, with an underscore.',
    ],
    [
      'api_key where api-key is read (document endpoints)',
      ['api-key'],
      { headers: { api_key: 'k' } },
      'Missing header api-key. The request has a header api_key; this endpoint reads api-key, with a dash.',
    ],
    [
      'both of a pair missing, named at once',
      ['key', 'secret'],
      { headers: {} },
      'Missing headers key and secret (key and secret are both required).',
    ],
    [
      'one of a pair missing',
      ['api_key', 'api_secret'],
      { headers: { api_key: 'k' } },
      'Missing header api_secret (api_key and api_secret are both required).',
    ],
    [
      'the add-custom pair to the survey: whose headers they are',
      ['key', 'secret'],
      { headers: { api_key: 'k', api_secret: 's' } },
      'Missing headers key and secret (key and secret are both required). The request has headers api_key and api_secret, headers of add-apikey and add-custom; this endpoint reads key and secret.',
    ],
    [
      'api_key in place of key on the survey',
      ['key', 'secret'],
      { headers: { api_key: 'k', secret: 's' } },
      'Missing header key (key and secret are both required). The request has a header api_key, a header of add-apikey and add-custom; this endpoint reads key and secret.',
    ],
    [
      'the survey pair to add-custom',
      ['api_key', 'api_secret'],
      { headers: { key: 'k', secret: 's' } },
      'Missing headers api_key and api_secret (api_key and api_secret are both required). The request has headers key and secret, headers of the survey; this endpoint reads api_key and api_secret.',
    ],
    [
      'an Authorization header on add-apikey',
      ['api_key'],
      { headers: { authorization: 'Bearer x' } },
      'Missing header api_key. The request has a header authorization, a header of add-basic and add-bearer; this endpoint reads api_key.',
    ],
    [
      'the key in the query string',
      ['api_key'],
      { headers: {}, query: ['input1', 'input2', 'api_key'] },
      'Missing header api_key. The request has api_key in the query string; send it as a header.',
    ],
    [
      'the pair in a GET body',
      ['api_key', 'api_secret'],
      { headers: {}, hasBody: true },
      'Missing headers api_key and api_secret (api_key and api_secret are both required). The request has a body, which this endpoint does not read: send api_key and api_secret as headers.',
    ],
    [
      'present, a value wrong (never which)',
      ['api_key', 'api_secret'],
      { headers: { api_key: 'k', api_secret: 's' } },
      'api_key and api_secret are present, but a value is not the configured one (look for a space, or a value of another endpoint).',
    ],
    [
      'one header present, wrong',
      ['api-key'],
      { headers: { 'api-key': 'k' } },
      'api-key is present, but its value is not the configured one (look for a space, or a value of another endpoint).',
    ],
  ];
  for (const [name, expected, seen, hint] of cases) {
    test(name, () => assert.equal(credentialAdvice(expected, seen), hint));
  }
});

describe('tokenBodyAdvice: add-token reads a JSON body', () => {
  const cases: [string, unknown, Record<string, string>, string][] = [
    [
      'credentials as headers, no body',
      undefined,
      { api_key: 'k', api_secret: 's' },
      'The request has headers api_key and api_secret; add-token reads api_key and api_secret from a JSON body, {"api_key": "...", "api_secret": "..."} with Content-Type: application/json.',
    ],
    [
      'the survey pair as headers',
      {},
      { key: 'k', secret: 's' },
      'The request has headers key and secret; add-token reads api_key and api_secret from a JSON body, {"api_key": "...", "api_secret": "..."} with Content-Type: application/json.',
    ],
    [
      'fields under other names',
      { 'api-key': 'k', apiSecret: 's' },
      {},
      'The body has a field api-key; add-token reads api_key. The body has a field apiSecret; add-token reads api_secret.',
    ],
    [
      'a field missing',
      { api_key: 'k' },
      {},
      'Missing body field api_secret (api_key and api_secret are both required).',
    ],
    [
      'an empty object',
      {},
      {},
      'Missing body fields api_key and api_secret (api_key and api_secret are both required).',
    ],
    [
      'not an object',
      [1, 2],
      {},
      'Missing body fields api_key and api_secret (api_key and api_secret are both required).',
    ],
    [
      'present, a value wrong',
      { api_key: 'k', api_secret: 's' },
      { api_key: 'ignored: the body has both' },
      'api_key and api_secret are present, but a value is not the configured one (the pair of add-custom; look for a space).',
    ],
  ];
  for (const [name, body, headers, hint] of cases) {
    test(name, () => assert.equal(tokenBodyAdvice(body, headers), hint));
  }
});

describe('basicAdvice: what add-basic lacks', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const cases: [string, string | undefined, RegExp][] = [
    ['no header', undefined, /^Missing header Authorization: send Authorization: Basic base64\(username:password\)/],
    [
      'the Bearer scheme',
      'Bearer abc.def.ghi',
      /^The Authorization header uses the Bearer scheme; add-basic reads Basic/,
    ],
    ['no scheme', b64('u:p'), /^The Authorization header has no scheme/],
    ['Basic alone', 'Basic', /'Basic' and no credentials after it/],
    ['plain text credentials', 'Basic user:pass', /not base64 \(username:password sent as plain text\)/],
    ['not base64', 'Basic !!!', /not base64: send/],
    ['no colon once decoded', `Basic ${b64('labuser')}`, /no ':' between the username and the password/],
    ['present, a value wrong', `basic ${b64('u:p')}`, /present, but a value is not the configured one/],
  ];
  for (const [name, header, hint] of cases) {
    test(name, () => assert.match(basicAdvice(header), hint));
  }
});
