// The pages a student reads: every value escaped, each page saying its step; and the interaction
// routes answering a stale or forged sign-in link with a readable 400 page, not a 500.
import { describe, test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import {
  renderConsentPage,
  renderErrorPage,
  renderLoggedOutPage,
  renderLoginPage,
  renderLogoutPage,
} from '../../src/oauth/pages.ts';
import { failureReason } from '../../src/oauth/verify.ts';
import { buildTestApp } from '../helpers/app.ts';

const EVIL = '<script>alert("x")</script>&\'';

describe('pages', () => {
  const pages: [string, string][] = [
    ['login', renderLoginPage({ action: '/a', clientName: EVIL, username: EVIL, failed: true, hintUsers: [EVIL] })],
    [
      'consent',
      renderConsentPage({
        action: '/a',
        abortAction: '/b',
        clientName: EVIL,
        username: EVIL,
        scopes: [{ name: EVIL, meaning: EVIL }],
        redirectUri: EVIL,
        refreshToken: true,
      }),
    ],
    ['error', renderErrorPage(EVIL, EVIL)],
  ];
  for (const [name, html] of pages) {
    test(`${name}: no value reaches the page unescaped, and no script runs`, () => {
      assert.ok(!html.includes('<script>'), name);
      assert.ok(html.includes('&lt;script&gt;'), name);
      assert.match(html, /^<!DOCTYPE html>/);
    });
  }

  test('login: the retry says the pair did not match, and the name is kept', () => {
    const html = renderLoginPage({ action: '/x/login', clientName: 'App', username: 'student', failed: true });
    assert.match(html, /do not match a lab user/);
    assert.match(html, /value="student"/);
    assert.match(html, /Step 1 of 2/);
    assert.doesNotMatch(renderLoginPage({ action: '/x', clientName: 'App' }), /role="alert"/);
  });

  test('consent: each scope with its meaning, the refresh token when there is one, an empty scope said', () => {
    const base = { action: '/a', abortAction: '/b', clientName: 'App', username: 'student', redirectUri: 'https://cb' };
    const html = renderConsentPage({ ...base, scopes: [{ name: 'addition', meaning: 'add' }], refreshToken: true });
    assert.match(html, /<code>addition<\/code>: add/);
    assert.match(html, /refresh token/);
    const none = renderConsentPage({ ...base, scopes: [], refreshToken: false });
    assert.match(none, /no scope/);
    assert.doesNotMatch(none, /refresh token/);
  });

  test('sign-out pages', () => {
    assert.match(renderLogoutPage('<form id="op.logoutForm"></form>'), /form="op.logoutForm"/);
    assert.match(renderLoggedOutPage(), /signed out/);
  });
});

describe('failureReason', () => {
  const jwt = (header: object, claims: object) =>
    `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
  const cases: [string, string, 'add_token' | 'foreign' | 'malformed'][] = [
    ['an add-token JWT', jwt({ alg: 'HS256' }, { aud: 'add-bearer' }), 'add_token'],
    ['an HS256 JWT for another audience', jwt({ alg: 'HS256' }, { aud: 'x' }), 'foreign'],
    ['an ES256 JWT', jwt({ alg: 'ES256' }, { aud: 'x' }), 'foreign'],
    ['not a JWT', 'abc', 'malformed'],
  ];
  for (const [name, token, reason] of cases)
    test(`${name}: ${reason}`, () => assert.equal(failureReason(token, new Error('x')), reason));
});

describe('interaction routes without a live sign-in', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp({ docs: 'none' });
  });
  after(() => app.close());

  const requests: [string, 'GET' | 'POST', string][] = [
    ['an unknown sign-in page', 'GET', '/oauth/interaction/unknown-uid'],
    ['a sign-in posted without its cookie', 'POST', '/oauth/interaction/unknown-uid/login'],
    ['a consent posted without its cookie', 'POST', '/oauth/interaction/unknown-uid/confirm'],
    ['a denial posted without its cookie', 'POST', '/oauth/interaction/unknown-uid/abort'],
  ];
  for (const [name, method, url] of requests) {
    test(`${name}: 400, a page that says to start again`, async () => {
      const res = await app.inject({
        method,
        url,
        ...(method === 'POST'
          ? { payload: 'username=student&password=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
          : {}),
      });
      assert.equal(res.statusCode, 400);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.match(res.body, /Start again from the app/);
      assert.equal(res.headers['cache-control'], 'no-store');
    });
  }

  test('a sign-in posted as JSON is refused (415), not parsed', async () => {
    const res = await app.inject({ method: 'POST', url: '/oauth/interaction/u/login', payload: { username: 'x' } });
    assert.equal(res.statusCode, 415);
  });

  test('a method the OAuth paths do not serve gets 405 with Allow', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/oauth/token' });
    assert.equal(res.statusCode, 405);
    assert.match(String(res.headers.allow), /POST/);
  });
});
