// The authorization-code flow with PKCE as a class runs it: openid-client builds the request,
// a real headless Chromium signs in and consents on the server's pages, the browser lands on
// Postman's callback (recorded as the browser is sent there), openid-client exchanges the code,
// add-oauth accepts the token, the refresh token gets a new one.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as client from 'openid-client';
import { decodeJwt } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { LAB, settableClock } from '../helpers/app.ts';
import { addOAuth, startOAuthApp, type OAuthApp } from './helpers.ts';

const POSTMAN_CALLBACK = 'https://oauth.pstmn.io/v1/callback';
const [USER, PASSWORD] = LAB.OAUTH_USERS.split(':') as [string, string];

interface Started {
  url: URL;
  verifier: string;
  state: string;
}

async function authorizationRequest(s: OAuthApp, scope = 'addition offline_access'): Promise<Started> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(s.as, {
    redirect_uri: POSTMAN_CALLBACK,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  return { url, verifier, state };
}

/**
 * A page whose navigation to Postman's callback is recorded. The browser reaches it by a redirect,
 * which request interception does not see; the navigation there then fails (no network in tests),
 * after the URL with the code has been recorded from the request event.
 */
async function callbackPage(
  context: BrowserContext,
): Promise<{ page: Page; landed: () => Promise<URL>; go: (url: string) => Promise<void> }> {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  let resolve: (u: URL) => void;
  const landing = new Promise<URL>((r) => (resolve = r));
  page.on('request', (request) => {
    if (request.url().startsWith(POSTMAN_CALLBACK)) resolve(new URL(request.url()));
  });
  // Bounded: a flow that stops on a page (a failed step) fails its test instead of hanging the file.
  const landed = () =>
    Promise.race([
      landing,
      new Promise<URL>((_, reject) =>
        setTimeout(() => reject(new Error(`never reached the callback; last page ${page.url()}`)), 30_000).unref(),
      ),
    ]);
  // A navigation that ends on the callback fails to load it: that is the expected end.
  const go = async (url: string) => {
    await page.goto(url).catch((err: Error) => {
      if (!/ERR_NAME_NOT_RESOLVED|ERR_CONNECTION|ERR_INTERNET|ERR_ABORTED/.test(err.message)) throw err;
    });
  };
  return { page, landed, go };
}

describe('authorization code with PKCE in Chromium, refresh, add-oauth', { timeout: 240_000 }, () => {
  let s: OAuthApp;
  let browser: Browser;
  let context: BrowserContext;
  const clock = settableClock(Date.now());
  let tokens: client.TokenEndpointResponse;
  const seen: string[] = [];

  before(async () => {
    s = await startOAuthApp({ clockMs: clock.now });
    browser = await launchChromium();
    context = await browser.newContext();
  });
  after(async () => {
    await browser?.close();
    await s?.close();
  });

  test('sign in (a wrong password first), consent, land on the callback with a code; exchange it with the verifier', async () => {
    const started = await authorizationRequest(s);
    const { page, landed, go } = await callbackPage(context);
    await go(started.url.href);

    // The sign-in page says where the student is and for which app.
    assert.match(await page.title(), /Sign in/);
    const intro = await page.locator('main').innerText();
    assert.match(intro, /step 1 of 2/i);
    assert.match(intro, /Lab OAuth client/);
    await page.fill('#username', USER);
    await page.fill('#password', 'not-the-password');
    await page.click('button[type=submit]');
    assert.match(await page.locator('.error').innerText(), /do not match a lab user/);
    assert.equal(await page.inputValue('#username'), USER, 'the name typed is kept');

    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');
    // The consent page names the user, each scope with its meaning, and where the browser goes next.
    await page.locator('text=Step 2 of 2').waitFor();
    const consent = await page.locator('main').innerText();
    assert.match(consent, new RegExp(`signed in as ${USER}`));
    assert.match(consent, /addition: call the addition API/);
    // offline_access is honoured only with prompt=consent (OpenID Connect); the refresh token comes anyway.
    assert.match(consent, /also gets a refresh token/i);
    assert.ok(consent.includes(POSTMAN_CALLBACK));
    await page.click('button:has-text("Allow")');

    const callback = await landed();
    seen.push(callback.searchParams.get('code') ?? '');
    assert.equal(callback.origin + callback.pathname, POSTMAN_CALLBACK);
    assert.equal(callback.searchParams.get('state'), started.state);
    assert.equal(callback.searchParams.get('iss'), s.issuer);

    tokens = await client.authorizationCodeGrant(s.as, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    seen.push(tokens.access_token, tokens.refresh_token ?? '');
    assert.equal(tokens.token_type, 'bearer');
    assert.ok(tokens.refresh_token, 'a refresh token');
    assert.equal(tokens.scope, 'addition');
    const claims = decodeJwt(tokens.access_token);
    assert.equal(claims.sub, USER);
    assert.equal(claims.scope, 'addition');
    await page.close();
  });

  test('add-oauth answers 200 with the token, and 401 once it has expired', async () => {
    const ok = await addOAuth(s.issuer, `Bearer ${tokens.access_token}`);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.auth_method, 'OAuth 2.0');
    assert.equal(ok.body.result, 12);
    clock.set(Date.now() + 3601_000);
    const late = await addOAuth(s.issuer, `Bearer ${tokens.access_token}`);
    clock.set(Date.now());
    assert.equal(late.status, 401);
    assert.match(late.headers.get('x-error-hint') ?? '', /expired: refresh it/);
  });

  test('the refresh token gets a new access token that add-oauth accepts; it introspects as active', async () => {
    const info = await client.tokenIntrospection(s.as, tokens.refresh_token!);
    assert.equal(info.active, true);
    assert.equal(info.client_id, LAB.OAUTH_CLIENT_ID);
    assert.equal(info.sub, USER);
    const refreshed = await client.refreshTokenGrant(s.as, tokens.refresh_token!);
    seen.push(refreshed.access_token, refreshed.refresh_token ?? '');
    assert.notEqual(refreshed.access_token, tokens.access_token);
    assert.equal(decodeJwt(refreshed.access_token).scope, 'addition');
    assert.equal((await addOAuth(s.issuer, `Bearer ${refreshed.access_token}`)).status, 200);
  });

  test('signed in and consented already: the next request goes straight back; a wrong verifier gets invalid_grant', async () => {
    const started = await authorizationRequest(s);
    const { page, landed, go } = await callbackPage(context);
    await go(started.url.href);
    const callback = await landed();
    seen.push(callback.searchParams.get('code') ?? '');
    const other = client.randomPKCECodeVerifier();
    await assert.rejects(
      client.authorizationCodeGrant(s.as, callback, { pkceCodeVerifier: other, expectedState: started.state }),
      (err: Error & { error?: string }) => err.error === 'invalid_grant',
    );
    await page.close();
  });

  test('a scope without addition: the token gets 403 from add-oauth', async () => {
    const started = await authorizationRequest(s, 'openid offline_access');
    const { page, landed, go } = await callbackPage(context);
    await go(started.url.href);
    // New scopes: the consent page again.
    await page.locator('text=Step 2 of 2').waitFor();
    await page.click('button:has-text("Allow")');
    const callback = await landed();
    const t = await client.authorizationCodeGrant(s.as, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    seen.push(t.access_token);
    const res = await addOAuth(s.issuer, `Bearer ${t.access_token}`);
    // A JWT for the addition API that carries no scope of it.
    assert.equal(res.status, 403);
    assert.equal(res.headers.get('x-error-code'), 'insufficient_scope');
    await page.close();
  });

  test('Deny: the browser goes back with error=access_denied and no code', async () => {
    const fresh = await browser.newContext();
    try {
      const started = await authorizationRequest(s);
      const { page, landed, go } = await callbackPage(fresh);
      await go(started.url.href);
      await page.fill('#username', USER);
      await page.fill('#password', PASSWORD);
      await page.click('button[type=submit]');
      await page.click('button:has-text("Deny")');
      const callback = await landed();
      assert.equal(callback.searchParams.get('error'), 'access_denied');
      assert.equal(callback.searchParams.get('code'), null);
    } finally {
      await fresh.close();
    }
  });

  test("Power Automate's redirect URIs are let in, an unknown one gets a readable error page", async () => {
    for (const redirect of [
      'https://global.consent.azure-apim.net/redirect',
      'https://europe-002.consent.azure-apim.net/redirect',
      'https://global.consent.azure-apim.net/redirect/cr8f1-5fsample-20utility-5f1a2b3c4d',
    ]) {
      const url = client.buildAuthorizationUrl(s.as, { redirect_uri: redirect, scope: 'addition', state: 'x' });
      const res = await fetch(url, { redirect: 'manual' });
      assert.equal(res.status, 303, redirect);
      assert.match(res.headers.get('location') ?? '', /\/oauth\/interaction\//, redirect);
    }
    const url = client.buildAuthorizationUrl(s.as, {
      redirect_uri: 'https://attacker.example/cb',
      scope: 'addition',
      state: 'x',
    });
    const res = await fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } });
    assert.equal(res.status, 400);
    const html = await res.text();
    assert.match(html, /redirect_uri did not match/);
    assert.match(html, /redirect URI \(it must be one the server allows, exactly\)/);
  });

  test('no log line holds a password, code, token or the client secret', () => {
    const logs = s.logLines.join('');
    assert.ok(logs.includes('/oauth/interaction/'), 'the sign-in requests were logged');
    for (const secret of [PASSWORD, 'not-the-password', LAB.OAUTH_CLIENT_SECRET, ...seen.filter(Boolean)])
      assert.ok(!logs.includes(secret), `a secret in the logs (${secret.slice(0, 4)}...)`);
  });
});
