// Deletion of every indexed chunk of one document, and the index definition
// helper that a user creates the index with before the first upload.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { defineRoute } from '../http/routes.ts';
import { errorResponse, messageErrorResponse } from '../schemas/common.ts';
import { requireHeaders } from '../auth/hooks.ts';
import { MESSAGES, badGateway, badRequest } from '../errors.ts';
import { parseInt64 } from '../core/int64.ts';
import { singleHeader } from '../http/headers.ts';
import { indexDefinition, indexNameProblem } from '../data/index-definition.ts';
import { SearchCallError } from '../clients/search-index.ts';
import type { AppDeps } from '../app.ts';

const MAX_HEADER_CHARS = { cloudaisearchendpoint: 2048, cloudaisearchkey: 512, indexname: 128 } as const;

function requiredHeader(headers: Record<string, string | string[] | undefined>, wire: string): string {
  const v = singleHeader(headers, wire);
  if (!v) throw badRequest(`Header ${wire} is required.`);
  const max = MAX_HEADER_CHARS[wire.toLowerCase() as keyof typeof MAX_HEADER_CHARS];
  if (max !== undefined && v.length > max) throw badRequest(`Header ${wire} is longer than ${max} characters.`);
  if (!/^[\x21-\x7e]+$/.test(v)) throw badRequest(`Header ${wire} holds characters that are not printable ASCII.`);
  return v;
}

export async function indexedDocumentRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config, outbound, search } = deps;

  defineRoute(app, {
    method: 'POST',
    path: '/apis/delete-indexed-document.php',
    envelope: 'message',
    onRequest: requireHeaders({ 'api-key': config.documentApiKey }, MESSAGES.documentUnauthorized),
    schema: {
      summary: 'Delete every indexed chunk of one document from an Azure AI Search index (at most 1000 per call)',
      description:
        'Headers only, no body (a JSON content type with an empty body is fine). Looks the ids up with `document_id eq <id>` and deletes them in one batch; ' +
        'call again until deleted_chunks is 0 for documents with more than 1000 chunks. The search key is passed through and never logged.',
      tags: ['Documents'],
      headers: Type.Object({
        'api-key': Type.String({ description: 'The service key' }),
        cloudAISearchEndpoint: Type.String({ description: 'Base URL of the search service, e.g. https://svc.search.windows.net', examples: ['https://svc.search.windows.net'] }),
        cloudAISearchKey: Type.String({ description: 'Admin key of the search service (a query key gets 403 from the service, hence 502)' }),
        indexName: Type.String({ description: 'Index name (lowercase letters, digits, dashes)', examples: ['pdf-chunks'] }),
        document_id: Type.String({ description: 'Int64 document id, decimal digits', examples: ['42'] }),
      }),
      response: {
        200: Type.Object(
          { success: Type.Literal(true), message: Type.String(), deleted_chunks: Type.Integer() },
          { examples: [{ success: true, message: "Deleted 12 chunks of document_id 42 from index 'pdf-chunks'.", deleted_chunks: 12 }] },
        ),
        400: messageErrorResponse('A missing or malformed header, or a refused endpoint', 'Header document_id is required.'),
        401: messageErrorResponse('Missing or wrong api-key', MESSAGES.documentUnauthorized),
        405: messageErrorResponse('Method other than POST', 'Method Not Allowed. Use POST.'),
        502: messageErrorResponse('The search or delete call failed', "The search call to the search service failed: HTTP 404: The index 'pdf-chunks' for service 'svc' was not found."),
      },
    },
    // Headers are checked here, not by the schema, so that each gets its own message in this route's envelope.
    attachValidation: true,
    handler: async (request) => {
      const h = request.headers;
      const rawEndpoint = requiredHeader(h, 'cloudAISearchEndpoint');
      const key = requiredHeader(h, 'cloudAISearchKey');
      const indexName = requiredHeader(h, 'indexName');
      const documentId = parseInt64('document_id', singleHeader(h, 'document_id'));
      const problem = indexNameProblem(indexName);
      if (problem) throw badRequest(`Header indexName ${problem}.`);
      const endpoint = await outbound.checkBaseUrl(rawEndpoint, 'cloudAISearchEndpoint');
      const target = { endpoint, indexName, key };
      try {
        const ids = await search.findChunkIds(target, documentId);
        if (ids.length === 0) {
          return { success: true, message: `No chunks of document_id ${documentId} found in index '${indexName}'.`, deleted_chunks: 0 };
        }
        const r = await search.deleteChunks(target, ids);
        if (r.failed > 0) {
          throw badGateway(`The delete call to the search service partly failed: deleted ${r.deleted} of ${ids.length} chunks, ${r.failed} failed (first: ${r.firstFailure}).`);
        }
        return { success: true, message: `Deleted ${r.deleted} chunks of document_id ${documentId} from index '${indexName}'.`, deleted_chunks: r.deleted };
      } catch (err) {
        if (err instanceof SearchCallError) throw badGateway(err.message);
        throw err;
      }
    },
  });

  defineRoute(app, {
    method: 'GET',
    path: '/apis/search-index-definition',
    schema: {
      summary: 'The Azure AI Search index definition (api-version 2024-07-01) that the chunk payload fits',
      description: 'Create the index with it: PUT {search}/indexes/{name}?api-version=2024-07-01 with an admin key.',
      tags: ['Documents'],
      querystring: Type.Object({ name: Type.Optional(Type.String({ default: 'pdf-chunks', maxLength: 128, examples: ['pdf-chunks'] })) }),
      response: {
        // Open object: the definition is sent as built; the schema is for the documents and their example.
        200: Type.Object({}, { additionalProperties: true, description: 'An index definition', examples: [indexDefinition('pdf-chunks')] }),
        400: errorResponse('The name breaks the index naming rules', 'Index name may hold only lowercase letters, digits and dashes.'),
        405: errorResponse('Method other than GET', 'Method Not Allowed. Use GET.'),
      },
    },
    handler: async (request) => {
      const name = (request.query as { name?: string }).name ?? 'pdf-chunks';
      const problem = indexNameProblem(name);
      if (problem) throw badRequest(`Index name ${problem}.`);
      return indexDefinition(name);
    },
  });
}
