// GET /: what the service is and where to go next (the API documents, the Postman collection, the
// Power Automate connectors, the lab credentials), for a student who opens the address the teacher
// wrote on the board. Credentials are shown only while they are the public lab values of the
// README: a value an operator set is a secret and never appears.
import { publicLabValue, type LabCredentials } from '../config.ts';
import { escapeHtml } from '../http/html.ts';
import { CONNECTOR_STYLES } from '../api-documents/swagger2.ts';
import { route } from '../http/mount.ts';

/** [label, the value while it is the public lab default (publicLabValue), else undefined]. */
function credentialRows(c: LabCredentials): [string, string | undefined][] {
  return [
    ['add-apikey / add-custom: api_key', publicLabValue(c.addApiKey, 'ADD_API_KEY')],
    ['add-custom: api_secret', publicLabValue(c.addApiSecret, 'ADD_API_SECRET')],
    ['add-basic, add-token: username', publicLabValue(c.basicAuthUsername, 'BASIC_AUTH_USERNAME')],
    ['add-basic, add-token: password', publicLabValue(c.basicAuthPassword, 'BASIC_AUTH_PASSWORD')],
    ['survey: key', publicLabValue(c.surveyKey, 'SURVEY_KEY')],
    ['survey: secret', publicLabValue(c.surveySecret, 'SURVEY_SECRET')],
    ['chunking, deletion: api-key', publicLabValue(c.documentApiKey, 'DOCUMENT_API_KEY')],
  ];
}

/** The page, for the base URL the caller reached (so that every link works as copied). */
export function landingPage(baseUrl: string, credentials: LabCredentials, docs: boolean): string {
  const link = (path: string, text = `${baseUrl}${path}`) => `<a href="${escapeHtml(path)}">${escapeHtml(text)}</a>`;
  const rows = credentialRows(credentials)
    .map(
      ([label, value]) =>
        `<tr><td>${escapeHtml(label)}</td><td>${value !== undefined ? `<code>${escapeHtml(value)}</code>` : 'set by the operator (not shown)'}</td></tr>`,
    )
    .join('\n');
  const documents = docs
    ? `<h2>Start here</h2>
<ul>
<li>${link('/docs')}: the API documents, with "Try it out"</li>
<li>${link('/openapi.json')}: OpenAPI 3.1 (Swagger 2.0 at ${link('/swagger.json')})</li>
<li>${link('/postman.json')}: a Postman collection, its base URL already this server (Import, then Link)</li>
</ul>
<h2>Power Automate connectors</h2>
<ul>
${Object.entries(CONNECTOR_STYLES)
  .map(([style, s]) => `<li>${link(`/connectors/${style}.swagger.json`)}: ${escapeHtml(s.description)}</li>`)
  .join('\n')}
</ul>`
    : '<p>The API documents are turned off on this server.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sample-utility-service</title>
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.5}code{background:#f3f3f3;padding:0 .2em}td{padding:.2em .8em .2em 0;vertical-align:top}</style>
</head>
<body>
<h1>sample-utility-service</h1>
<p>JSON endpoints to practise API integration: addition in every auth style, a token endpoint, users,
countries, currency, a paginated catalogue, a survey generator, and document chunking for Azure AI Search.
Health: ${link('/healthz')}, ${link('/readyz')}.</p>
${documents}
<h2>Lab credentials</h2>
<table>
${rows}
</table>
<h2 id="privacy">Privacy</h2>
<p>The service keeps no document: an upload is read in memory and forgotten once answered (a job's
answer is kept until its time to live, <code>JOB_TTL_SECONDS</code>). Keys passed through to Azure
(<code>embeddingKey</code>, <code>cloudAISearchKey</code>) and credentials are used for the request only
and never written to a log. Chunks and vectors go only to the embeddings and search services the
request names. Whoever runs this server may keep access logs (addresses, paths, status codes).</p>
</body>
</html>
`;
}

/**
 * The URLs the start log names: the landing page, the API documents, the Postman collection. A
 * server listening on every address (0.0.0.0, ::) is reached at localhost from the same machine.
 */
export function startUrls(host: string, port: number): string[] {
  const name =
    host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const base = `http://${name}:${port}`;
  return [`${base}/`, `${base}/docs`, `${base}/postman.json`];
}

export const landing = (credentials: LabCredentials, docs: boolean) =>
  route({
    schema: { hide: true },
    handler: async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      return landingPage(`${request.protocol}://${request.host}`, credentials, docs);
    },
  });
