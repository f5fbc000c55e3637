// GET /docs: Swagger UI, served from the package's own assets (no CDN), "try it out" on.
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { TITLE } from './common.ts';

export async function registerDocsPage(app: FastifyInstance, prefix: string): Promise<void> {
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
    },
    theme: { title: `${TITLE} API` },
  });
}
