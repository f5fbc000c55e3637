// The authorization server inside the Fastify app. oidc-provider is a Koa app: its routes
// (under /oauth, and the two discovery documents) are handed its Node (req, res) handler with
// the body unread. The login and consent pages are Fastify routes of their own, which tell the
// provider the outcome (interactionResult) and redirect the browser back to it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OAuthServer } from './provider.ts';
import { ADDITION_SCOPE, INTERACTION_PREFIX, OAUTH_PREFIX } from './constants.ts';
import { renderConsentPage, renderErrorPage, renderLoginPage, SCOPE_MEANINGS } from './pages.ts';
import type { OAuthConfig } from '../config.ts';
import { LAB_DEFAULTS } from '../lab-defaults.ts';

const HIDDEN = { schema: { hide: true } };
const FORM_LIMIT = 8192;

/** The paths served by oidc-provider itself. */
export const DISCOVERY_PATHS = ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server'];

function html(reply: FastifyReply, body: string, status = 200) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https: http:")
    .send(body);
}

/** The lab users shown as a reminder on the sign-in page only while they are the published defaults. */
function publishedUsers(config: OAuthConfig): string[] | undefined {
  const defaults = LAB_DEFAULTS.OAUTH_USERS.split(',').map((e) => e.split(':')[0]!);
  const names = config.users.map((u) => u.username);
  const isDefault = config.users.map((u) => `${u.username}:${u.password}`).join(',') === LAB_DEFAULTS.OAUTH_USERS;
  return isDefault ? defaults.filter((d) => names.includes(d)) : undefined;
}

/** `load` gives the server, made at the first OAuth request (oidc-provider is not loaded at start). */
export async function registerOAuth(
  app: FastifyInstance,
  load: () => Promise<OAuthServer>,
  config: OAuthConfig,
): Promise<void> {
  // oidc-provider's own routes: the body is left unread for it, and the answer is its own.
  await app.register(async (passthrough) => {
    passthrough.removeAllContentTypeParsers();
    passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const server = await load();
      reply.hijack();
      // RFC 8414 metadata: the same document as OpenID discovery, which is a superset of it.
      if (request.raw.url?.startsWith('/.well-known/oauth-authorization-server')) {
        request.raw.url = request.raw.url.replace(
          '/.well-known/oauth-authorization-server',
          '/.well-known/openid-configuration',
        );
      }
      await server.handle(request.raw, reply.raw);
    };
    passthrough.route({ method: ['GET', 'POST'], url: `${OAUTH_PREFIX}/*`, ...HIDDEN, handler: handle });
    for (const path of DISCOVERY_PATHS) passthrough.route({ method: 'GET', url: path, ...HIDDEN, handler: handle });
  });

  // The sign-in and consent pages.
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const hintUsers = publishedUsers(config);

    type UidRequest = FastifyRequest<{ Params: { uid: string }; Body: Record<string, string> | undefined }>;
    const details = async (request: UidRequest, reply: FastifyReply) => {
      const { provider } = await load();
      try {
        const d = await provider.interactionDetails(request.raw, reply.raw);
        if (d.uid !== request.params.uid) return undefined;
        return d;
      } catch {
        return undefined;
      }
    };
    const expired = (reply: FastifyReply) =>
      html(
        reply,
        renderErrorPage(
          'login_expired',
          'This sign-in page is no longer valid (it expired, or the browser lost its cookie). Start again from the app.',
        ),
        400,
      );
    const clientName = async (clientId: unknown) => {
      const { provider } = await load();
      const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
      return client?.clientName ?? String(clientId);
    };
    const refreshes = async (clientId: unknown) => {
      const { provider } = await load();
      const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
      return client?.grantTypeAllowed('refresh_token') ?? false;
    };
    const base = (uid: string) => `${INTERACTION_PREFIX}/${encodeURIComponent(uid)}`;

    pages.get(`${INTERACTION_PREFIX}/:uid`, HIDDEN, async (request: UidRequest, reply) => {
      const d = await details(request, reply);
      if (!d) return expired(reply);
      const name = await clientName(d.params.client_id);
      if (d.prompt.name === 'login') {
        return html(reply, renderLoginPage({ action: `${base(d.uid)}/login`, clientName: name, hintUsers }));
      }
      const asked = new Set((typeof d.params.scope === 'string' ? d.params.scope : '').split(' ').filter(Boolean));
      return html(
        reply,
        renderConsentPage({
          action: `${base(d.uid)}/confirm`,
          abortAction: `${base(d.uid)}/abort`,
          clientName: name,
          username: d.session?.accountId ?? '',
          scopes: [...asked].map((s) => ({
            name: s,
            meaning: SCOPE_MEANINGS[s] ?? 'a scope this server does not know',
          })),
          redirectUri: typeof d.params.redirect_uri === 'string' ? d.params.redirect_uri : '',
          // A code exchange by a client allowed the refresh grant brings a refresh token (provider.ts).
          refreshToken: (await refreshes(d.params.client_id)) && asked.has(ADDITION_SCOPE),
        }),
      );
    });

    pages.post(`${INTERACTION_PREFIX}/:uid/login`, HIDDEN, async (request: UidRequest, reply) => {
      const server = await load();
      const { provider } = server;
      const d = await details(request, reply);
      if (!d || d.prompt.name !== 'login') return expired(reply);
      const username = String(request.body?.username ?? '');
      const accountId = server.authenticate(username, String(request.body?.password ?? ''));
      if (accountId === undefined) {
        const name = await clientName(d.params.client_id);
        return html(
          reply,
          renderLoginPage({ action: `${base(d.uid)}/login`, clientName: name, username, failed: true, hintUsers }),
          401,
        );
      }
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });

    pages.post(`${INTERACTION_PREFIX}/:uid/confirm`, HIDDEN, async (request: UidRequest, reply) => {
      const server = await load();
      const { provider } = server;
      const d = await details(request, reply);
      if (!d || d.prompt.name !== 'consent' || !d.session) return expired(reply);
      const grant = d.grantId
        ? ((await provider.Grant.find(d.grantId)) ??
          new provider.Grant({ accountId: d.session.accountId, clientId: String(d.params.client_id) }))
        : new provider.Grant({ accountId: d.session.accountId, clientId: String(d.params.client_id) });
      const missing = d.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(' '));
      const grantId = await grant.save();
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { consent: d.grantId ? {} : { grantId } },
        { mergeWithLastSubmission: true },
      );
      return reply.redirect(to, 303);
    });

    pages.post(`${INTERACTION_PREFIX}/:uid/abort`, HIDDEN, async (request: UidRequest, reply) => {
      const server = await load();
      const { provider } = server;
      const d = await details(request, reply);
      if (!d) return expired(reply);
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The user denied access.' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });
  });
}
