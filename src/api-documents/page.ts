// GET /docs: Swagger UI, served from the package's own assets (no CDN), "try it out" on, and
// the Authorize dialog filled with the lab credentials while they are the published defaults.
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { publicLabValue, type LabCredentials } from '../config.ts';
import { TITLE } from './common.ts';

/**
 * The statements Swagger UI runs once the document is loaded: one `preauthorize` per scheme
 * whose credential is still the public lab default (an operator's own value is never put in
 * the page). Bearer is left out: its token comes from add-token.
 */
export function preauthorizeStatements(config: LabCredentials): string[] {
  const out: string[] = [];
  const apiKey = (scheme: string, value: string | undefined) => {
    if (value !== undefined) out.push(`ui.preauthorizeApiKey(${JSON.stringify(scheme)}, ${JSON.stringify(value)});`);
  };
  apiKey('apiKeyHeader', publicLabValue(config.addApiKey, 'ADD_API_KEY'));
  apiKey('apiSecretHeader', publicLabValue(config.addApiSecret, 'ADD_API_SECRET'));
  apiKey('surveyKey', publicLabValue(config.surveyKey, 'SURVEY_KEY'));
  apiKey('surveySecret', publicLabValue(config.surveySecret, 'SURVEY_SECRET'));
  apiKey('documentApiKey', publicLabValue(config.documentApiKey, 'DOCUMENT_API_KEY'));
  const user = publicLabValue(config.basicAuthUsername, 'BASIC_AUTH_USERNAME');
  const pass = publicLabValue(config.basicAuthPassword, 'BASIC_AUTH_PASSWORD');
  if (user !== undefined && pass !== undefined)
    out.push(`ui.preauthorizeBasic("basicAuth", ${JSON.stringify(user)}, ${JSON.stringify(pass)});`);
  return out;
}

/**
 * @fastify/swagger-ui writes uiConfig into its initializer script, a function as its source
 * text, inside the scope that holds `ui`. The source is built here from constants (no code is
 * evaluated on the server).
 */
function onComplete(statements: string[]): () => void {
  const source = `function () { ${statements.join(' ')} }`;
  return Object.assign(() => undefined, { toString: () => source });
}

export async function registerDocsPage(app: FastifyInstance, prefix: string, config: LabCredentials): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: prefix,
    uiConfig: {
      // The page offers both documents; the first (OpenAPI 3.1) is the one shown.
      urls: [
        { url: '/openapi.json', name: 'OpenAPI 3.1 (/openapi.json)' },
        { url: '/swagger.json', name: 'Swagger 2.0 for Power Platform (/swagger.json)' },
      ],
      tryItOutEnabled: true,
      docExpansion: 'list',
      deepLinking: true,
      displayRequestDuration: true,
      persistAuthorization: false,
      onComplete: onComplete(preauthorizeStatements(config)),
    },
    theme: { title: `${TITLE} API` },
  });
}
