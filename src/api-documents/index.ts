// The documents the service serves about itself, all generated from the route schemas that
// validate requests:
//   GET /openapi.json  OpenAPI 3.1 (the reference; Postman, Swagger UI)    openapi.ts
//   GET /swagger.json  Swagger 2.0 (Power Automate / Power Apps connectors) swagger2.ts
//   GET /docs          Swagger UI                                           page.ts
//   GET /connectors/{style}.swagger.json  one connector per auth style   swagger2.ts
//   GET /postman.json  Postman Collection v2.1 from the OpenAPI document    postman.ts
import type { FastifyInstance } from 'fastify';
import { route } from '../http/mount.ts';
import type { JsonObject } from './common.ts';
import { collectOpenapi } from './openapi.ts';
import { Type } from 'typebox';
import { buildSwagger2, captureRoutes, connectorDocument, withHost } from './swagger2.ts';
import { fail } from '../errors.ts';
import { buildPostmanCollection, type PostmanCredentials } from './postman.ts';

export { registerDocsPage } from './page.ts';

export interface ApiDocuments {
  openapi(): unknown;
  swagger2(): Promise<JsonObject>;
}

/** Starts collecting the routes added after it; the documents are built when first asked. */
export async function collectApiDocuments(app: FastifyInstance): Promise<ApiDocuments> {
  const routes = captureRoutes(app);
  await collectOpenapi(app);
  let swagger2: Promise<JsonObject> | undefined;
  return {
    openapi: () => app.swagger(),
    swagger2() {
      swagger2 ??= buildSwagger2(routes).catch((err: unknown) => {
        swagger2 = undefined; // a failed build is retried at the next request rather than cached
        throw err;
      });
      return swagger2;
    },
  };
}

export const openapiJson = (docs: ApiDocuments) =>
  route({ schema: { hide: true }, handler: async () => docs.openapi() });
export const swaggerJson = (docs: ApiDocuments) =>
  route({
    schema: { hide: true },
    handler: async (request) => withHost(await docs.swagger2(), request.host, request.protocol),
  });

/** GET /connectors/{style}.swagger.json: one Power Automate connector per authentication style. */
export const connectorJson = (docs: ApiDocuments) =>
  route({
    schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 64 }) }) },
    handler: async (request) => {
      const style = request.params.file.replace(/\.swagger\.json$/, '');
      const doc = connectorDocument(await docs.swagger2(), style, request.host, request.protocol);
      if (doc === undefined) throw fail('connector_not_found', style.slice(0, 32));
      return doc;
    },
  });

/** The base URL the caller reached: the collection then runs against this server as imported. */
const baseUrlOf = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

export const postmanJson = (docs: ApiDocuments, config: PostmanCredentials) =>
  route({
    schema: { hide: true },
    handler: async (request) => buildPostmanCollection(docs.openapi() as JsonObject, baseUrlOf(request), config),
  });
