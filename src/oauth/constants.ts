// What the rest of the service knows of the lab authorization server without loading it:
// its paths, the addition scope, the resource its tokens are for, the keys they verify with.
// oidc-provider itself (provider.ts) is imported at the first OAuth request, not at start.
import type { OAuthConfig } from '../config.ts';
import { publicJwk } from './settings.ts';

/** The one scope add-oauth asks for. */
export const ADDITION_SCOPE = 'addition';
/** Where the server's endpoints live, beside the API (`/oauth/token`, ...). */
export const OAUTH_PREFIX = '/oauth';
export const ROUTES = {
  authorization: `${OAUTH_PREFIX}/authorize`,
  token: `${OAUTH_PREFIX}/token`,
  jwks: `${OAUTH_PREFIX}/jwks`,
  introspection: `${OAUTH_PREFIX}/introspect`,
  revocation: `${OAUTH_PREFIX}/revoke`,
  userinfo: `${OAUTH_PREFIX}/userinfo`,
  end_session: `${OAUTH_PREFIX}/logout`,
} as const;
export const INTERACTION_PREFIX = `${OAUTH_PREFIX}/interaction`;

/** The resource (token audience) of the addition API. */
export const resourceOf = (issuer: string) => `${issuer}/apis`;

/** The public keys tokens are signed with (what /oauth/jwks serves), for add-oauth. */
export function verificationKeys(config: OAuthConfig) {
  return { keys: [publicJwk(config.signingKey)] };
}
