/**
 * Azure AI Search (`2024-07-01`) routes: index management, index documents, search, lookup.
 * azure-contracts.md sections 2-4.
 */
import { applyCommonFault, requestId, respond } from '../context.ts';
import type { EmulatorState, RequestContext } from '../context.ts';
import { searchFaultApplies } from '../faults.ts';
import { isKnownApiVersion, SEARCH_API_VERSIONS } from '../api-versions.ts';
import { parseJsonExact, stringifyJson } from '../http.ts';
import type { IndexDefinition, SearchOperation } from '../types.ts';
import { checkCompatibleUpdate, validateIndexDefinition } from './definition.ts';
import { indexDocuments } from './documents.ts';
import { SearchError } from './errors.ts';
import { paramsFromBody, paramsFromQuery, runSearch } from './query.ts';
import type { SearchParams } from './query.ts';
import { IndexStore } from './store.ts';

export const SEARCH_CONTENT_TYPE = 'application/json; odata.metadata=minimal; odata.streaming=true';

type RouteName =
  | 'indexes'
  | 'index'
  | 'indexStats'
  | 'serviceStats'
  | 'docs'
  | 'docsSearch'
  | 'docsIndex'
  | 'docsCount'
  | 'docLookup';

interface Route {
  name: RouteName;
  index?: string;
  key?: string;
}

const INDEX_SEGMENT = String.raw`(?:\('((?:[^']|'')*)'\)|/([^/()]+))`;
const ROUTES: Array<[RouteName, RegExp]> = [
  ['indexes', /^\/indexes\/?$/],
  ['index', new RegExp(String.raw`^/indexes${INDEX_SEGMENT}/?$`)],
  ['indexStats', new RegExp(String.raw`^/indexes${INDEX_SEGMENT}/(?:stats|search\.stats)$`)],
  ['serviceStats', /^\/servicestats\/?$/],
  ['docs', new RegExp(String.raw`^/indexes${INDEX_SEGMENT}/docs/?$`)],
  ['docsSearch', new RegExp(String.raw`^/indexes${INDEX_SEGMENT}/docs/(?:search|search\.post\.search)$`)],
  ['docsIndex', new RegExp(String.raw`^/indexes${INDEX_SEGMENT}/docs/(?:index|search\.index)$`)],
  ['docsCount', new RegExp(String.raw`^/indexes${INDEX_SEGMENT}/docs/(?:\$count|%24count)$`)],
  ['docLookup', new RegExp(String.raw`^/indexes${INDEX_SEGMENT}/docs(?:\('((?:[^']|'')*)'\)|/([^/]+))$`)],
];

const METHODS: Record<RouteName, readonly string[]> = {
  indexes: ['GET', 'POST'],
  index: ['GET', 'PUT', 'DELETE'],
  indexStats: ['GET'],
  serviceStats: ['GET'],
  docs: ['GET'],
  docsSearch: ['POST'],
  docsIndex: ['POST'],
  docsCount: ['GET'],
  docLookup: ['GET'],
};

/** Which fault targeting (`SearchFault.operation`) a route belongs to. */
const OPERATIONS: Record<RouteName, SearchOperation> = {
  indexes: 'indexes',
  index: 'indexes',
  indexStats: 'indexes',
  serviceStats: 'indexes',
  docs: 'query',
  docsSearch: 'query',
  docsIndex: 'index',
  docsCount: 'lookup',
  docLookup: 'lookup',
};

/** Routes a query key may use. */
const QUERY_KEY_ROUTES = new Set<RouteName>(['docs', 'docsSearch', 'docsCount', 'docLookup']);

function decodeSegment(odata: string | undefined, plain: string | undefined): string | undefined {
  if (odata !== undefined) return decodeURIComponent(odata).replaceAll("''", "'");
  if (plain !== undefined) return decodeURIComponent(plain);
  return undefined;
}

export function matchSearchRoute(pathname: string): Route | undefined {
  for (const [name, re] of ROUTES) {
    const m = re.exec(pathname);
    if (m === null) continue;
    try {
      return { name, index: decodeSegment(m[1], m[2]), key: decodeSegment(m[3], m[4]) };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function isSearchPath(pathname: string): boolean {
  return (
    pathname === '/indexes' ||
    pathname.startsWith('/indexes/') ||
    pathname.startsWith('/indexes(') ||
    /^\/servicestats\/?$/.test(pathname)
  );
}

/** The body of a 412 (Azure's wording). */
const PRECONDITION_FAILED =
  'The precondition given in one of the request headers evaluated to false. No change was made to the resource from this request.';

/** The entity tags of an `If-Match` / `If-None-Match` header (`*` stays `*`; weak tags compare by their opaque part). */
function entityTags(header: string): string[] {
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .filter((t) => t.length > 0);
}

/**
 * RFC 9110 preconditions on an index (`current`: its ETag, undefined when it does not exist).
 * Returns whether the request may go on; Azure answers 412 otherwise.
 */
export function preconditionsHold(
  current: string | undefined,
  ifMatch: string | undefined,
  ifNoneMatch: string | undefined,
): boolean {
  if (ifMatch !== undefined) {
    const tags = entityTags(ifMatch);
    if (current === undefined) return false;
    if (!tags.includes('*') && !tags.includes(current)) return false;
  }
  if (ifNoneMatch !== undefined) {
    const tags = entityTags(ifNoneMatch);
    if (current !== undefined && (tags.includes('*') || tags.includes(current))) return false;
  }
  return true;
}

/** `Prefer: return=representation` / `return=minimal` (RFC 7240), undefined when neither is asked. */
export function preferredReturn(header: string | undefined): 'representation' | 'minimal' | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(',')) {
    const m = /^\s*return\s*=\s*"?(representation|minimal)"?\s*$/i.exec(part);
    if (m !== null) return (m[1] as string).toLowerCase() === 'minimal' ? 'minimal' : 'representation';
  }
  return undefined;
}

function indexNotFound(name: string, service: string): SearchError {
  return new SearchError(404, `The index '${name}' for service '${service}' was not found.`);
}

function defaultFaultBody(status: number): unknown {
  switch (status) {
    case 429:
      return { error: { code: '', message: 'Too many requests. Please retry later.' } };
    case 503:
      return {
        error: { code: '', message: 'Service Unavailable. The service is under heavy load; please retry later.' },
      };
    case 500:
      return { error: { code: '', message: 'An internal error occurred. Please retry later.' } };
    default:
      return { error: { code: '', message: `HTTP ${status}` } };
  }
}

export async function handleSearch(ctx: RequestContext): Promise<void> {
  const started = performance.now();
  const { req, url, state } = ctx;
  const rid = requestId();
  const baseHeaders: Record<string, string> = { 'request-id': rid, 'odata-version': '4.0' };
  const clientRequestId = req.headers['client-request-id'] ?? req.headers['x-ms-client-request-id'];
  if (typeof clientRequestId === 'string') baseHeaders['client-request-id'] = clientRequestId;
  // `Accept: application/json;odata.metadata=none` (what the SDK's SearchClient sends): no
  // `@odata.context` annotation; counts and next links stay.
  const metadataNone = /odata\.metadata\s*=\s*none/i.test(headerValue(req.headers['accept']) ?? '');
  const send = (status: number, body?: unknown, extra: Record<string, string> = {}): void => {
    const headers: Record<string, string> = {
      ...baseHeaders,
      'elapsed-time': String(Math.round(performance.now() - started)),
      ...extra,
    };
    let payload = body;
    if (body !== undefined) {
      headers['content-type'] = metadataNone ? SEARCH_CONTENT_TYPE.replace('minimal', 'none') : SEARCH_CONTENT_TYPE;
      if (metadataNone && typeof body === 'object' && body !== null && '@odata.context' in body) {
        const { '@odata.context': _context, ...rest } = body as Record<string, unknown>;
        payload = rest;
      }
    }
    respond(ctx, status, headers, payload);
  };
  const fail = (err: SearchError): void => send(err.status, err.toBody(), err.headers);

  try {
    const route = matchSearchRoute(url.pathname);
    if (route === undefined) throw new SearchError(404, `Resource not found: '${url.pathname}'.`);
    const method = req.method ?? 'GET';
    if (!METHODS[route.name].includes(method)) {
      throw new SearchError(405, `The HTTP method '${method}' is not allowed on this resource.`, '', {
        allow: METHODS[route.name].join(', '),
      });
    }
    const apiVersion = url.searchParams.get('api-version');
    if (apiVersion === null || !isKnownApiVersion(SEARCH_API_VERSIONS, apiVersion)) {
      throw new SearchError(400, 'Invalid or missing api-version query string parameter.');
    }

    const apiKey = req.headers['api-key'];
    if (apiKey === undefined || apiKey === '') {
      throw new SearchError(
        401,
        'Authentication failed: the request has no api-key header (and key-based authentication is the only one the emulator supports).',
      );
    }
    const admin = apiKey === state.keys.searchAdmin;
    if (!admin && apiKey !== state.keys.searchQuery)
      throw new SearchError(403, 'Authorization failed: the api-key is not valid for this search service.');
    if (!admin && !QUERY_KEY_ROUTES.has(route.name)) {
      throw new SearchError(
        403,
        'Authorization failed: this operation requires an admin api-key; a query key can only search and look up documents.',
      );
    }

    const operation = OPERATIONS[route.name];
    const fault = state.faults.search.take((f) => searchFaultApplies(f, operation));
    let partial: Extract<typeof fault, { partial: unknown }>['partial'] | undefined;
    if (fault !== undefined) {
      if ('partial' in fault) {
        ctx.record.fault = fault;
        partial = fault.partial;
      } else {
        const outcome = await applyCommonFault(
          ctx,
          fault,
          { ...baseHeaders },
          defaultFaultBody,
          '{"@odata.context":"","value":[{"@search.score":1.0,"id":',
        );
        if (outcome.done) return;
      }
    }

    if (ctx.bodyTooLarge) throw new SearchError(413, 'The request is too large. The maximum request size is 16 MB.');
    const body = parseBody(ctx);

    switch (route.name) {
      case 'indexes':
        if (method === 'GET') {
          const value = [...state.indexes.values()].map((s) => indexJson(s));
          send(200, { '@odata.context': `${state.baseUrl}/$metadata#indexes`, value });
        } else {
          const def = validateIndexDefinition(body);
          if (state.indexes.has(def.name))
            throw new SearchError(
              409,
              `Cannot create index '${def.name}' because it already exists.`,
              'ResourceNameAlreadyInUse',
            );
          const store = new IndexStore(def, state.now, state.nextEtag);
          state.indexes.set(def.name, store);
          send(
            201,
            { '@odata.context': `${state.baseUrl}/$metadata#indexes/$entity`, ...indexJson(store) },
            {
              location: `${state.baseUrl}/indexes('${def.name}')?api-version=${apiVersion}`,
              etag: store.etag,
            },
          );
        }
        return;
      case 'index': {
        const name = route.index as string;
        const existing = state.indexes.get(name);
        const entity = (store: IndexStore): unknown => ({
          '@odata.context': `${state.baseUrl}/$metadata#indexes/$entity`,
          ...indexJson(store),
        });
        if (method === 'GET') {
          if (existing === undefined) throw indexNotFound(name, state.searchServiceName);
          send(200, entity(existing), { etag: existing.etag });
          return;
        }
        if (
          !preconditionsHold(
            existing?.etag,
            headerValue(req.headers['if-match']),
            headerValue(req.headers['if-none-match']),
          )
        ) {
          throw new SearchError(412, PRECONDITION_FAILED);
        }
        if (method === 'DELETE') {
          if (existing === undefined) throw indexNotFound(name, state.searchServiceName);
          state.indexes.delete(name);
          send(204);
          return;
        }
        // PUT: 201 with the index when created; on update 204, or 200 with the index when
        // `Prefer: return=representation` asks for it (the Azure SDKs always do). `return=minimal`: 204 either way.
        const prefer = preferredReturn(headerValue(req.headers['prefer']));
        const def = validateIndexDefinition(body, name);
        let store: IndexStore;
        let status: number;
        if (existing === undefined) {
          store = new IndexStore(def, state.now, state.nextEtag);
          state.indexes.set(name, store);
          status = 201;
        } else {
          checkCompatibleUpdate(existing.definition, def);
          existing.definition = def;
          store = existing;
          status = prefer === 'representation' ? 200 : 204;
        }
        if (prefer === 'minimal') status = 204;
        const headers: Record<string, string> = { etag: store.etag };
        if (prefer !== undefined) headers['preference-applied'] = `return=${prefer}`;
        send(status, status === 204 ? undefined : entity(store), headers);
        return;
      }
      case 'serviceStats': {
        send(200, serviceStatistics(state));
        return;
      }
      default:
        break;
    }

    const indexName = route.index as string;
    const store = state.indexes.get(indexName);
    if (store === undefined) throw indexNotFound(indexName, state.searchServiceName);

    switch (route.name) {
      case 'indexStats': {
        send(200, {
          '@odata.context': `${state.baseUrl}/$metadata#Microsoft.Azure.Search.V2024_07_01.IndexStatistics`,
          ...indexStatistics(store),
        });
        return;
      }
      case 'docsIndex': {
        const result = indexDocuments(store, body, state.visibilityDelayMs(), partial);
        send(result.status, { value: result.value });
        return;
      }
      case 'docs':
      case 'docsSearch': {
        const isPost = route.name === 'docsSearch';
        const params = isPost ? paramsFromBody(body) : paramsFromQuery(url.searchParams);
        const outcome = runSearch(store, params);
        send(200, searchResponse(ctx, indexName, apiVersion, isPost, body, params, outcome));
        return;
      }
      case 'docsCount': {
        respond(
          ctx,
          200,
          { ...baseHeaders, 'content-type': 'text/plain; charset=utf-8' },
          `\ufeff${store.visibleDocuments().size}`,
        );
        return;
      }
      case 'docLookup': {
        const key = route.key as string;
        const doc = store.visibleDocuments().get(key);
        if (doc === undefined)
          throw new SearchError(404, `Document with key '${key}' was not found in index '${indexName}'.`);
        const selectParam = url.searchParams.get('$select');
        const fields = store.definition.fields.filter((f) => f.retrievable);
        const names =
          selectParam === null || selectParam.trim() === '*'
            ? fields.map((f) => f.name)
            : selectParam.split(',').map((s) => s.trim());
        const out: Record<string, unknown> = {
          '@odata.context': `${state.baseUrl}/indexes('${indexName}')/$metadata#docs(*)/$entity`,
        };
        for (const n of names) {
          if (!fields.some((f) => f.name === n))
            throw new SearchError(
              400,
              `Invalid expression: Could not find a property named '${n}' on type 'search.document'.\r\nParameter name: $select`,
            );
          out[n] = doc[n] ?? null;
        }
        send(200, out);
        return;
      }
      default:
        throw new SearchError(404, 'Resource not found.');
    }
  } catch (err) {
    if (err instanceof SearchError) {
      fail(err);
      return;
    }
    throw err;
  }
}

function parseBody(ctx: RequestContext): unknown {
  if (ctx.bodyText.trim() === '') return undefined;
  try {
    return parseJsonExact(ctx.bodyText);
  } catch (err) {
    throw new SearchError(
      400,
      `The request is invalid. Details: The request body is not valid JSON: ${(err as Error).message}`,
    );
  }
}

function indexJson(store: IndexStore): Record<string, unknown> {
  const def: IndexDefinition = store.definition;
  return { '@odata.etag': store.etag, ...def };
}

function searchResponse(
  ctx: RequestContext,
  indexName: string,
  apiVersion: string,
  isPost: boolean,
  body: unknown,
  params: SearchParams,
  outcome: ReturnType<typeof runSearch>,
): Record<string, unknown> {
  const { state, url } = ctx;
  const indexPath = `/indexes('${indexName.replaceAll("'", "''")}')`;
  const out: Record<string, unknown> = { '@odata.context': `${state.baseUrl}${indexPath}/$metadata#docs(*)` };
  if (params.count === true) out['@odata.count'] = outcome.count;
  if (outcome.next !== undefined && isPost) {
    const next: Record<string, unknown> = {
      ...(typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}),
    };
    next['skip'] = outcome.next.skip;
    if (outcome.next.top !== undefined) next['top'] = outcome.next.top;
    else delete next['top'];
    out['@search.nextPageParameters'] = next;
  }
  out['value'] = outcome.hits;
  if (outcome.next !== undefined) {
    if (isPost) {
      out['@odata.nextLink'] =
        `${state.baseUrl}${indexPath}/docs/search.post.search?api-version=${encodeURIComponent(apiVersion)}`;
    } else {
      const q = new URLSearchParams(url.searchParams);
      q.set('$skip', String(outcome.next.skip));
      if (outcome.next.top !== undefined) q.set('$top', String(outcome.next.top));
      else q.delete('$top');
      out['@odata.nextLink'] = `${state.baseUrl}${url.pathname}?${q.toString()}`;
    }
  }
  return out;
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Bytes the documents of an index take, as the emulator counts them: their JSON text (vectors as float32). */
function storageOf(store: IndexStore): { storageSize: number; vectorIndexSize: number } {
  const vectorFields = store.definition.fields.filter((f) => f.dimensions !== null).map((f) => f.name);
  let storageSize = 0;
  let vectorIndexSize = 0;
  for (const doc of store.visibleDocuments().values()) {
    storageSize += Buffer.byteLength(stringifyJson(doc));
    for (const name of vectorFields) {
      const v = doc[name];
      if (Array.isArray(v)) vectorIndexSize += v.length * 4;
    }
  }
  return { storageSize, vectorIndexSize };
}

/** `GET /indexes/{name}/stats` (`/indexes('{name}')/search.stats` in the SDK's form). */
function indexStatistics(store: IndexStore): Record<string, number> {
  return { documentCount: store.visibleDocuments().size, ...storageOf(store) };
}

/** `GET /servicestats`: usage against the quotas of a Basic tier service. */
function serviceStatistics(state: EmulatorState): Record<string, unknown> {
  let documents = 0;
  let storage = 0;
  let vectors = 0;
  for (const store of state.indexes.values()) {
    documents += store.visibleDocuments().size;
    const s = storageOf(store);
    storage += s.storageSize;
    vectors += s.vectorIndexSize;
  }
  const counter = (usage: number, quota: number | null) => ({ usage, quota });
  return {
    '@odata.context': `${state.baseUrl}/$metadata#Microsoft.Azure.Search.V2024_07_01.ServiceStatistics`,
    counters: {
      documentCount: counter(documents, null),
      indexesCount: counter(state.indexes.size, 15),
      indexersCount: counter(0, 15),
      dataSourcesCount: counter(0, 15),
      storageSize: counter(storage, 16_106_127_360),
      synonymMaps: counter(0, 5),
      skillsetCount: counter(0, 15),
      aliasesCount: counter(0, 30),
      vectorIndexSize: counter(vectors, 1_073_741_824),
    },
    limits: {
      maxFieldsPerIndex: 1000,
      maxFieldNestingDepthPerIndex: 10,
      maxComplexCollectionFieldsPerIndex: 40,
      maxComplexObjectsInCollectionsPerDocument: 3000,
      maxStoragePerIndex: 16_106_127_360,
    },
  };
}

/** Programmatic `createIndex`: same validation and update rules as PUT. Throws `SearchError`. */
export function createIndexDirect(state: EmulatorState, raw: unknown): void {
  const name = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['name'] : undefined;
  const def = validateIndexDefinition(raw, typeof name === 'string' ? name : undefined);
  const existing = state.indexes.get(def.name);
  if (existing === undefined) {
    state.indexes.set(def.name, new IndexStore(def, state.now, state.nextEtag));
  } else {
    checkCompatibleUpdate(existing.definition, def);
    existing.definition = def;
  }
}
