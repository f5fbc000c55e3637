// The pages a student sees during the authorization-code flow: sign in, consent, and what went
// wrong. Plain HTML, no script, no outside resource; each says where the student is in the flow
// and what happens next. Every value shown is escaped.
import { escapeHtml } from '../http/html.ts';

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1f2933;margin:0}
main{max-width:34rem;margin:3rem auto;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15);padding:2rem}
h1{font-size:1.5rem;margin-top:0}p.step{color:#52606d;font-size:.9rem;text-transform:uppercase;letter-spacing:.05em;margin:0 0 .5rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}input[type=text],input[type=password]{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #9aa5b1;border-radius:4px}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:4px;border:1px solid #1f5fbf;background:#1f6feb;color:#fff;cursor:pointer;margin:1.25rem .5rem 0 0}
button.secondary{background:#fff;color:#1f2933;border-color:#9aa5b1}.error{background:#fde8e8;border:1px solid #f29b9b;padding:.75rem;border-radius:4px}
code{background:#eef1f4;padding:.1rem .3rem;border-radius:3px;word-break:break-all}ul{padding-left:1.25rem}details{margin-top:1.5rem;color:#52606d}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Lab authorization server</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface LoginView {
  /** where the form posts */
  action: string;
  clientName: string;
  /** the name typed before, on a retry */
  username?: string;
  failed?: boolean;
  /** lab users shown as a reminder while they are the published defaults */
  hintUsers?: string[];
}

export function renderLoginPage(v: LoginView): string {
  const error = v.failed
    ? '<p class="error" role="alert">That username and password do not match a lab user. Try again.</p>'
    : '';
  const hint =
    v.hintUsers && v.hintUsers.length > 0
      ? `<details><summary>Which user?</summary><p>The lab users are listed in the service's README (for example <code>${escapeHtml(v.hintUsers[0]!)}</code>).</p></details>`
      : '';
  return page(
    'Sign in',
    `<p class="step">Step 1 of 2 · Sign in</p>
<h1>Sign in to the lab authorization server</h1>
<p><strong>${escapeHtml(v.clientName)}</strong> wants to call the addition API for you. First, tell the authorization server who you are.</p>
${error}
<form method="post" action="${escapeHtml(v.action)}" autocomplete="off">
<label for="username">Username</label>
<input type="text" id="username" name="username" value="${escapeHtml(v.username ?? '')}" required autofocus>
<label for="password">Password</label>
<input type="password" id="password" name="password" required>
<button type="submit">Sign in</button>
</form>
<details><summary>What is happening?</summary><p>This is the <em>authorization code</em> flow of OAuth 2.0. The app sent you here instead of asking for your password itself. After you sign in and agree, this server sends your browser back to the app with a short-lived code, which the app exchanges for an access token.</p></details>
${hint}`,
  );
}

export interface ConsentView {
  action: string;
  abortAction: string;
  clientName: string;
  username: string;
  /** scopes asked for, with what each lets the app do */
  scopes: { name: string; meaning: string }[];
  redirectUri: string;
  /** the app also gets a refresh token */
  refreshToken: boolean;
}

export const SCOPE_MEANINGS: Record<string, string> = {
  addition: 'call the addition API (GET /apis/add-oauth) as you',
  offline_access: 'keep access when you are away, by refreshing its token',
  openid: 'know your user name',
};

export function renderConsentPage(v: ConsentView): string {
  const items = v.scopes.map((s) => `<li><code>${escapeHtml(s.name)}</code>: ${escapeHtml(s.meaning)}</li>`).join('\n');
  return page(
    'Allow access',
    `<p class="step">Step 2 of 2 · Consent</p>
<h1>Allow ${escapeHtml(v.clientName)}?</h1>
<p>You are signed in as <strong>${escapeHtml(v.username)}</strong>. The app asks for these scopes:</p>
<ul>
${items || '<li>no scope (the token will not be accepted by the addition API)</li>'}
</ul>
${v.refreshToken ? '<p>It also gets a <em>refresh token</em>, to renew its access when the access token expires (after an hour), without asking you again.</p>\n' : ''}<p>If you allow it, your browser goes back to <code>${escapeHtml(v.redirectUri)}</code> with a code the app exchanges for a token.</p>
<form method="post" action="${escapeHtml(v.action)}" style="display:inline">
<button type="submit">Allow</button>
</form>
<form method="post" action="${escapeHtml(v.abortAction)}" style="display:inline">
<button type="submit" class="secondary">Deny</button>
</form>`,
  );
}

/** What went wrong, in the words of the protocol (error code) and of a person. */
export function renderErrorPage(error: string, description?: string): string {
  return page(
    'Something went wrong',
    `<h1>The authorization request could not go on</h1>
<p class="error"><code>${escapeHtml(error)}</code>${description ? `: ${escapeHtml(description)}` : ''}</p>
<p>Check the client id, the redirect URI (it must be one the server allows, exactly), the scope and the response type in your app's OAuth settings, then start again from the app.</p>`,
  );
}

export function renderLogoutPage(form: string): string {
  // `form` is oidc-provider's own hidden form (its action and one xsrf field), not user input.
  return page(
    'Sign out',
    `<h1>Sign out of the lab authorization server?</h1>
${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
}

export function renderLoggedOutPage(): string {
  return page('Signed out', '<h1>You are signed out</h1><p>You can close this page.</p>');
}
