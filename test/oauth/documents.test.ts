// What the documents give a class for the OAuth style: the Postman request with the OAuth 2.0
// helper pre-set for the lab server, and the Power Automate connector's Generic OAuth 2 definition
// with the server's URLs on the host it was fetched from.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, LAB } from '../helpers/app.ts';

type Json = Record<string, unknown>;

describe('OAuth style in the served documents', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('Postman: add-oauth has the OAuth 2.0 helper pre-set (authorization code with PKCE, Postman callback)', async () => {
    const collection = (await app.inject({ url: '/postman.json', headers: { host: 'lab.example:8080' } })).json<Json>();
    const items = (collection.item as { item: Json[] }[]).flatMap((f) => f.item);
    const item = items.find((i) => (i.request as Json).url && JSON.stringify(i.request).includes('add-oauth'));
    assert.ok(item, 'an add-oauth request');
    const auth = (item.request as Json).auth as { type: string; oauth2: { key: string; value: unknown }[] };
    assert.equal(auth.type, 'oauth2');
    const preset = Object.fromEntries(auth.oauth2.map((e) => [e.key, e.value]));
    assert.equal(preset.grant_type, 'authorization_code_with_pkce');
    assert.equal(preset.authUrl, '{{baseUrl}}/oauth/authorize');
    assert.equal(preset.accessTokenUrl, '{{baseUrl}}/oauth/token');
    assert.equal(preset.redirect_uri, 'https://oauth.pstmn.io/v1/callback');
    assert.equal(preset.challengeAlgorithm, 'S256');
    assert.equal(preset.scope, 'addition offline_access');
    assert.equal(preset.clientId, '{{oauthClientId}}');
    const vars = Object.fromEntries(
      (collection.variable as { key: string; value: string }[]).map((v) => [v.key, v.value]),
    );
    assert.equal(vars.oauthClientId, LAB.OAUTH_CLIENT_ID);
    assert.equal(vars.oauthClientSecret, LAB.OAUTH_CLIENT_SECRET);
    assert.ok((item.event as { listen: string }[]).some((e) => e.listen === 'prerequest'));
  });

  test('Postman: an operator-set client secret is never in the collection', async () => {
    const own = await buildTestApp({ env: { OAUTH_CLIENT_SECRET: 'operator-oauth-secret-123' } });
    try {
      const body = (await own.inject('/postman.json')).body;
      assert.ok(!body.includes('operator-oauth-secret-123'));
      assert.match(body, /<your OAUTH_CLIENT_SECRET>/);
    } finally {
      await own.close();
    }
  });

  test('connector oauth: add-oauth only behind one Generic OAuth 2 definition with absolute URLs on the served host', async () => {
    const doc = (
      await app.inject({ url: '/connectors/oauth.swagger.json', headers: { host: 'lab.example:8080' } })
    ).json<Json>();
    assert.deepEqual(doc.securityDefinitions, {
      oauth2: {
        type: 'oauth2',
        flow: 'accessCode',
        authorizationUrl: 'http://lab.example:8080/oauth/authorize',
        tokenUrl: 'http://lab.example:8080/oauth/token',
        scopes: (doc.securityDefinitions as { oauth2: { scopes: Json } }).oauth2.scopes,
        description: (doc.securityDefinitions as { oauth2: { description: string } }).oauth2.description,
      },
    });
    const paths = doc.paths as Record<string, Json>;
    assert.ok(paths['/apis/add-oauth'], 'add-oauth in the connector');
    assert.equal(paths['/apis/add-bearer'], undefined, 'another style is not');
    assert.deepEqual((paths['/apis/add-oauth'].get as Json).security, [{ oauth2: ['addition'] }]);
  });
});
