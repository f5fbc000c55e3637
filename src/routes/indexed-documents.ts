// Deletion of every indexed chunk of one document, and the index definition
// helper that a user creates the index with before the first upload.
import { Type } from 'typebox';
import { route } from '../http/mount.ts';
import { errorResponse, messageErrorResponse, methodNotAllowedResponse } from '../schemas/common.ts';
import { requireHeaders } from '../auth/hooks.ts';
import { ERROR_HINT_HEADER, fail, messageOf } from '../errors.ts';
import { header, headersSchema, parseInt64Header, readHeaders, INT64_PATTERN } from '../http/header-table.ts';
import { SEARCH_HEADERS } from '../schemas/search-headers.ts';
import { indexDefinition } from '../data/index-definition.ts';
import { indexNameProblem } from '../core/index-name.ts';
import { SearchCallError, type SearchClient } from '../clients/search-index.ts';
import type { Outbound } from '../clients/outbound.ts';
import type { Config } from '../config.ts';

/** The deletion headers: validation and the documented schema both come from this table. */
export const DELETION_HEADERS = {
  ...SEARCH_HEADERS,
  documentId: header({
    wire: 'document_id',
    required: true,
    maxLength: 64,
    parse: parseInt64Header,
    pattern: INT64_PATTERN,
    description: 'Int64 document id, decimal digits (exact past 2^53)',
    example: '42',
  }),
  tenantId: header({
    wire: 'tenant-id',
    required: false,
    maxLength: 64,
    parse: parseInt64Header,
    pattern: INT64_PATTERN,
    refuseSibling: true,
    description:
      'Optional Int64 tenant id, decimal digits: deletes only the chunks with this tenant_id (filter `document_id eq N and tenant_id eq T`). ' +
      "Without it, the interface's filter `document_id eq N` deletes that document id's chunks of every tenant. " +
      'Sent only as tenant_id (underscore): 400, rather than deleting across tenants.',
    example: '7',
  }),
};

/** Who the answer names: the document, and its tenant when the deletion was narrowed to one. */
export const deletionSubject = (documentId: string, tenantId?: string): string =>
  tenantId === undefined ? `document_id ${documentId}` : `document_id ${documentId} of tenant_id ${tenantId}`;

export interface DeletionDeps {
  config: Pick<Config, 'documentApiKey'>;
  outbound: Pick<Outbound, 'checkBaseUrl'>;
  search: SearchClient;
}

export const deleteIndexedDocument = ({ config, outbound, search }: DeletionDeps) =>
  route({
    envelope: 'message',
    onRequest: requireHeaders({ 'api-key': config.documentApiKey }, 'unauthorized_document_api_key'),
    schema: {
      summary: 'Delete the indexed chunks of one document (up to 1000 per call)',
      description:
        'Headers only, no body (a JSON content type with an empty body is fine). Looks the ids up with `document_id eq <id>` ' +
        '(`document_id eq <id> and tenant_id eq <tenant>` with the optional tenant-id header) and deletes them in one batch; ' +
        'call again until deleted_chunks is 0 for documents with more than 1000 chunks. The search key is passed through and never logged.',
      tags: ['Documents'],
      // The service key is a security requirement (docs/common.ts SECURITY_SCHEMES); the other headers come from the table.
      security: [{ documentApiKey: [] }],
      headers: headersSchema(DELETION_HEADERS),
      response: {
        200: Type.Object(
          { success: Type.Literal(true), message: Type.String(), deleted_chunks: Type.Integer() },
          {
            examples: [
              {
                success: true,
                message: "Deleted 12 chunks of document_id 42 from index 'pdf-chunks'.",
                deleted_chunks: 12,
              },
            ],
          },
        ),
        400: messageErrorResponse(
          'A missing or malformed header, or a refused endpoint',
          'Header document_id is required.',
        ),
        401: messageErrorResponse('Missing or wrong api-key', messageOf('unauthorized_document_api_key')),
        405: methodNotAllowedResponse('POST', 'message'),
        502: messageErrorResponse(
          'The search or delete call failed',
          "The search call to the search service failed: HTTP 404: The index 'pdf-chunks' for service 'svc' was not found.",
        ),
      },
    },
    // The table's reader validates (each header its own message, in this route's envelope); the schema above documents it.
    attachValidation: true,
    handler: async (request) => {
      const h = readHeaders(DELETION_HEADERS, request.headers);
      const { key, indexName, documentId, tenantId } = h;
      const subject = deletionSubject(documentId, tenantId);
      const endpoint = await outbound.checkBaseUrl(h.endpoint, 'cloudAISearchEndpoint');
      const target = { endpoint, indexName, key };
      try {
        const ids = await search.findChunkIds(target, documentId, tenantId);
        if (ids.length === 0) {
          return {
            success: true,
            message: `No chunks of ${subject} found in index '${indexName}'.`,
            deleted_chunks: 0,
          };
        }
        const r = await search.deleteChunks(target, ids);
        if (r.failed > 0) {
          throw fail('search_delete_partial', r.deleted, ids.length, r.failed, String(r.firstFailure));
        }
        return {
          success: true,
          message: `Deleted ${r.deleted} chunks of ${subject} from index '${indexName}'.`,
          deleted_chunks: r.deleted,
        };
      } catch (err) {
        if (err instanceof SearchCallError)
          throw err.hint === ''
            ? fail('search_failed', err.message)
            : fail('search_failed', err.message).withHeaders({ [ERROR_HINT_HEADER]: err.hint });
        throw err;
      }
    },
  });

export const searchIndexDefinition = () =>
  route({
    schema: {
      summary: 'The Azure AI Search index definition the chunk payload fits',
      description:
        'No authentication. Create the index with it: PUT {search}/indexes/{name}?api-version=2024-07-01 with an admin key. ' +
        'With pageNumbers=true the definition also has page_start and page_end (Edm.Int32), the two fields a chunking request with the header page-numbers: true adds.',
      tags: ['Documents'],
      querystring: Type.Object({
        name: Type.Optional(
          Type.String({ default: 'pdf-chunks', maxLength: 128, examples: ['pdf-chunks'], description: 'Index name' }),
        ),
        pageNumbers: Type.Optional(
          Type.Enum(['true', 'false'], {
            default: 'false',
            description:
              "'true' adds the fields page_start and page_end (Edm.Int32), for payloads chunked with the header page-numbers: true",
          }),
        ),
      }),
      response: {
        // Open object: the definition is sent as built; the schema is for the documents and their example.
        200: Type.Object(
          {},
          { additionalProperties: true, description: 'An index definition', examples: [indexDefinition('pdf-chunks')] },
        ),
        400: errorResponse(
          'The name breaks the index naming rules, or pageNumbers is not true or false',
          'Index name may hold only lowercase letters, digits, dashes and underscores.',
        ),
        405: methodNotAllowedResponse('GET'),
      },
    },
    handler: async (request) => {
      const name = request.query.name ?? 'pdf-chunks';
      const problem = indexNameProblem(name);
      if (problem) throw fail('invalid_index_name', problem);
      return indexDefinition(name, { pageNumbers: request.query.pageNumbers === 'true' });
    },
  });
