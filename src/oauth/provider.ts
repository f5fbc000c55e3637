// The lab OAuth 2.0 authorization server: panva's oidc-provider (an OpenID Certified
// implementation), configured here and nowhere written by hand. Authorization code (PKCE
// required of public clients, accepted from any), refresh tokens, client credentials,
// discovery, JWKS, introspection and revocation. Access tokens are JWTs (RFC 9068) for one
// resource, the addition API, so that add-oauth verifies them on any replica without a lookup.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { OAuthConfig } from '../config.ts';
import { safeEqual } from '../auth/compare.ts';
import { redirectUriMatches } from './settings.ts';
import { ADDITION_SCOPE, INTERACTION_PREFIX, ROUTES, resourceOf } from './constants.ts';
import { adapterFactory, type KeyValueStore } from './store.ts';
import { renderErrorPage, renderLoggedOutPage, renderLogoutPage } from './pages.ts';

export interface OAuthServer {
  provider: Provider;
  /** the resource indicator and audience of access tokens */
  resource: string;
  /** Node's (req, res) handler of every provider route */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** checks a lab user's password, in constant time whatever the name */
  authenticate(username: string, password: string): string | undefined;
}

export interface OAuthEvents {
  /** an error of the server itself (a defect): its code only, never the request */
  serverError(name: string): void;
}

export function createOAuthServer(config: OAuthConfig, store: KeyValueStore, events: OAuthEvents): OAuthServer {
  const resource = resourceOf(config.issuer);
  const alg = config.signingKey.alg;
  const configuration: Configuration = {
    adapter: adapterFactory(store),
    clients: [
      {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        client_name: 'Lab OAuth client (Postman, Power Automate)',
        redirect_uris: config.redirectUris,
        grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
        response_types: ['code'],
        // Basic (Postman's default) and the body (Power Automate) are both accepted for this method.
        token_endpoint_auth_method: 'client_secret_basic',
        scope: `openid offline_access ${ADDITION_SCOPE}`,
        id_token_signed_response_alg: alg as 'ES256',
      },
    ],
    clientBasedCORS: () => true,
    cookies: { keys: config.cookieKeys },
    jwks: { keys: [config.signingKey] },
    enabledJWA: { authorizationSigningAlgValues: [alg as 'ES256'], idTokenSigningAlgValues: [alg as 'ES256'] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    scopes: ['openid', 'offline_access', ADDITION_SCOPE],
    routes: ROUTES,
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      // The types tie an enabled introspection to rich authorization requests; it needs none here.
      introspection: {
        enabled: true,
        // The lab client may introspect the tokens it holds; nobody else calls it.
        allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          client.clientId === config.clientId && (!token.clientId || token.clientId === client.clientId),
      } as never,
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = renderLogoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = renderLoggedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`the only resource is ${resource}`);
          return {
            scope: ADDITION_SCOPE,
            audience: resource,
            accessTokenTTL: config.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: alg as 'ES256' } },
          };
        },
      },
    },
    // Authorization code: PKCE is required of public clients (the default) and checked when sent;
    // only S256, never plain.
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    // A refresh token for every code exchange of a client allowed the grant, offline_access or not:
    // Power Automate keeps a connection alive by refreshing, and asks for no such scope.
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.kind === 'AuthorizationCode',
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: config.accessTokenTtlSeconds,
      ClientCredentials: config.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 86_400,
      Grant: config.refreshTokenTtlSeconds,
      RefreshToken: config.refreshTokenTtlSeconds,
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PREFIX}/${interaction.uid}` },
    findAccount: async (_ctx, sub) =>
      config.users.some((u) => u.username === sub)
        ? { accountId: sub, claims: async () => ({ sub, name: sub, preferred_username: sub }) }
        : undefined,
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage(out.error, out.error_description);
    },
  };

  const provider = new Provider(config.issuer, configuration);
  // Behind a reverse proxy that ends TLS, the endpoints are named with its scheme and host.
  provider.proxy = true;
  // Koa would print its errors itself; the app's logger gets their name only.
  provider.silent = true;
  provider.on('server_error', (_ctx: unknown, err: Error) => events.serverError(err.name));
  // Registered redirect URIs may hold `*` (settings.ts): the one check oidc-provider leaves open.
  const patterns = config.redirectUris;
  provider.Client.prototype.redirectUriAllowed = (value: string) => patterns.some((p) => redirectUriMatches(p, value));

  const callback = provider.callback();
  return {
    provider,
    resource,
    handle: async (req, res) => {
      await callback(req, res);
    },
    authenticate(username, password) {
      let found: string | undefined;
      for (const u of config.users) {
        // Every user is compared, so that time says nothing of which names exist.
        const nameOk = safeEqual(username, u.username);
        const passwordOk = safeEqual(password, u.password);
        if (nameOk && passwordOk) found = u.username;
      }
      return found;
    },
  };
}
