/** Shared fixtures of the emulator tests: the azure-contracts.md section 3 index, request helpers. */
import type { Emulator } from '../src/index.ts';

export const EMBEDDINGS_API = '2024-02-01';
export const SEARCH_API = '2024-07-01';
export const INDEX = 'pdf-chunks';

/** The index definition of azure-contracts.md section 3, verbatim. */
export function pdfChunksDefinition(name = INDEX): Record<string, unknown> {
  return {
    name,
    fields: [
      {
        name: 'id',
        type: 'Edm.String',
        key: true,
        searchable: false,
        filterable: true,
        sortable: false,
        facetable: false,
        retrievable: true,
      },
      {
        name: 'tenant_id',
        type: 'Edm.Int64',
        searchable: false,
        filterable: true,
        sortable: true,
        facetable: true,
        retrievable: true,
      },
      {
        name: 'document_id',
        type: 'Edm.Int64',
        searchable: false,
        filterable: true,
        sortable: true,
        facetable: true,
        retrievable: true,
      },
      {
        name: 'sourceName',
        type: 'Edm.String',
        searchable: true,
        filterable: true,
        sortable: true,
        facetable: true,
        retrievable: true,
      },
      {
        name: 'section',
        type: 'Edm.String',
        searchable: true,
        filterable: true,
        sortable: false,
        facetable: true,
        retrievable: true,
      },
      {
        name: 'content',
        type: 'Edm.String',
        searchable: true,
        filterable: false,
        sortable: false,
        facetable: false,
        retrievable: true,
        analyzer: 'standard.lucene',
      },
      {
        name: 'embedding',
        type: 'Collection(Edm.Single)',
        searchable: true,
        filterable: false,
        sortable: false,
        facetable: false,
        retrievable: true,
        stored: true,
        dimensions: 1536,
        vectorSearchProfile: 'chunk-vector-profile',
      },
    ],
    vectorSearch: {
      algorithms: [
        {
          name: 'chunk-hnsw',
          kind: 'hnsw',
          hnswParameters: { m: 4, efConstruction: 400, efSearch: 500, metric: 'cosine' },
        },
      ],
      profiles: [{ name: 'chunk-vector-profile', algorithm: 'chunk-hnsw' }],
    },
  };
}

/** One chunk document as the chunking endpoint emits it (`@search.action: upload`). */
export function chunk(
  tenant: number | string,
  document: number | string,
  i: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    '@search.action': 'upload',
    id: `${tenant}-${document}-${String(i).padStart(4, '0')}`,
    tenant_id: Number(tenant),
    document_id: Number(document),
    sourceName: 'handbook.pdf',
    section: `Section ${i}`,
    content: `Chunk ${i} of document ${document}: the quick brown fox jumps over the lazy dog.`,
    embedding: [],
    ...extra,
  };
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

async function toJsonResponse(res: Response): Promise<JsonResponse> {
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Call the embeddings service. */
export async function embed(
  emu: Emulator,
  body: unknown,
  opts: { deployment?: string; key?: string | null; apiVersion?: string | null; signal?: AbortSignal } = {},
): Promise<JsonResponse> {
  const apiVersion = opts.apiVersion === undefined ? EMBEDDINGS_API : opts.apiVersion;
  const qs = apiVersion === null ? '' : `?api-version=${apiVersion}`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = opts.key === undefined ? emu.keys.embedding : opts.key;
  if (key !== null) headers['api-key'] = key;
  const res = await fetch(
    `${emu.embeddingsUrl}/openai/deployments/${opts.deployment ?? 'text-embedding-ada-002'}/embeddings${qs}`,
    {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal: opts.signal,
    },
  );
  return toJsonResponse(res);
}

/** Call the search service: `path` relative to the service, `api-version` appended unless given. */
export async function search(
  emu: Emulator,
  method: string,
  path: string,
  opts: { body?: unknown; key?: string | null; apiVersion?: string | null; signal?: AbortSignal } = {},
): Promise<JsonResponse> {
  const apiVersion = opts.apiVersion === undefined ? SEARCH_API : opts.apiVersion;
  const sep = path.includes('?') ? '&' : '?';
  const url = `${emu.searchUrl}${path}${apiVersion === null ? '' : `${sep}api-version=${apiVersion}`}`;
  const headers: Record<string, string> = {};
  const key = opts.key === undefined ? emu.keys.searchAdmin : opts.key;
  if (key !== null) headers['api-key'] = key;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  }
  const res = await fetch(url, { method, headers, body, signal: opts.signal });
  return toJsonResponse(res);
}

/** POST a batch to docs/index. */
export function indexBatch(
  emu: Emulator,
  value: unknown[],
  opts: { index?: string; key?: string | null } = {},
): Promise<JsonResponse> {
  return search(emu, 'POST', `/indexes/${opts.index ?? INDEX}/docs/index`, { body: { value }, key: opts.key });
}

/** POST docs/search. */
export function query(
  emu: Emulator,
  body: Record<string, unknown>,
  opts: { index?: string; key?: string | null } = {},
): Promise<JsonResponse> {
  return search(emu, 'POST', `/indexes/${opts.index ?? INDEX}/docs/search`, { body, key: opts.key });
}
