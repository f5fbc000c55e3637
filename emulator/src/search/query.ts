/**
 * Search documents: `POST /indexes/{i}/docs/search` and `GET /indexes/{i}/docs`, with the paging
 * rules of azure-contracts.md section 2 (default top 50, page at most 1000, continuation past it,
 * skip at most 100,000).
 */
import type { IndexField, StoredDocument } from '../types.ts';
import type { SearchError } from './errors.ts';
import { invalidExpression, invalidRequest, shown } from './errors.ts';
import { compileFilter } from './filter.ts';
import type { IndexStore } from './store.ts';
import { isStringType, isVectorType } from './definition.ts';

export const DEFAULT_TOP = 50;
export const MAX_PAGE = 1000;
export const MAX_SKIP = 100_000;

/** Body parameters accepted on POST docs/search (others get 400). Only some are acted on. */
const POST_PARAMETERS = new Set([
  'search',
  'filter',
  'select',
  'top',
  'skip',
  'count',
  'orderby',
  'searchFields',
  'searchMode',
  'queryType',
  'vectorQueries',
  'vectorFilterMode',
  'facets',
  'highlight',
  'highlightPreTag',
  'highlightPostTag',
  'minimumCoverage',
  'scoringProfile',
  'scoringParameters',
  'scoringStatistics',
  'sessionId',
  'semanticConfiguration',
  'answers',
  'captions',
  'queryLanguage',
  'speller',
  'semanticErrorHandling',
  'semanticMaxWaitInMilliseconds',
  'semanticQuery',
  'debug',
]);

export interface VectorQuery {
  kind: 'vector';
  vector: number[];
  fields: string;
  k: number;
  weight: number;
}

export interface SearchParams {
  search?: string;
  filter?: string;
  select?: string;
  top?: number;
  skip?: number;
  count?: boolean;
  orderby?: string;
  searchFields?: string;
  searchMode?: 'any' | 'all';
  vectorQueries?: VectorQuery[];
}

function parameterError(name: string, message: string): SearchError {
  return invalidRequest(`parameters : ${name} : ${message}`);
}

function checkPaging(params: SearchParams, top: unknown, skip: unknown, names: { top: string; skip: string }): void {
  if (top !== undefined && top !== null) {
    if (typeof top !== 'number' || !Number.isInteger(top) || top < 0)
      throw parameterError(names.top, `Invalid value '${shown(top)}'. It must be a non-negative integer.`);
    params.top = top;
  }
  if (skip !== undefined && skip !== null) {
    if (typeof skip !== 'number' || !Number.isInteger(skip) || skip < 0 || skip > MAX_SKIP) {
      throw parameterError(
        names.skip,
        `Invalid value '${shown(skip)}'. It must be an integer between 0 and ${MAX_SKIP}.`,
      );
    }
    params.skip = skip;
  }
}

function intParam(v: string | null): number | undefined | string {
  if (v === null) return undefined;
  return /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v;
}

/** Parameters of `GET /indexes/{i}/docs?...` (OData `$`-prefixed names). */
export function paramsFromQuery(q: URLSearchParams): SearchParams {
  const params: SearchParams = {};
  const str = (name: string): string | undefined => q.get(name) ?? undefined;
  params.search = str('search');
  params.filter = str('$filter');
  params.select = str('$select');
  params.orderby = str('$orderby');
  params.searchFields = str('searchFields');
  const mode = str('searchMode');
  if (mode !== undefined && mode !== 'any' && mode !== 'all')
    throw parameterError('searchMode', `Invalid value '${mode}'. Use 'any' or 'all'.`);
  params.searchMode = mode;
  checkPaging(params, intParam(q.get('$top')), intParam(q.get('$skip')), { top: '$top', skip: '$skip' });
  const count = str('$count');
  if (count !== undefined) {
    if (count !== 'true' && count !== 'false')
      throw parameterError('$count', `Invalid value '${count}'. Use true or false.`);
    params.count = count === 'true';
  }
  return params;
}

/** Parameters of the `POST .../docs/search` body. */
export function paramsFromBody(body: unknown): SearchParams {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidRequest('The request body must be a JSON object.');
  const b = body as Record<string, unknown>;
  for (const name of Object.keys(b)) {
    if (!POST_PARAMETERS.has(name)) {
      throw invalidRequest(
        `parameters : The parameter '${name}' in the request payload is not a valid parameter for the operation 'search'.`,
      );
    }
  }
  const params: SearchParams = {};
  for (const name of ['search', 'filter', 'select', 'orderby', 'searchFields'] as const) {
    const v = b[name];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') throw parameterError(name, `Invalid value. It must be a string.`);
    params[name] = v;
  }
  const mode = b['searchMode'];
  if (mode !== undefined && mode !== null) {
    if (mode !== 'any' && mode !== 'all')
      throw parameterError('searchMode', `Invalid value '${shown(mode)}'. Use 'any' or 'all'.`);
    params.searchMode = mode;
  }
  checkPaging(params, b['top'], b['skip'], { top: 'top', skip: 'skip' });
  if (b['count'] !== undefined && b['count'] !== null) {
    if (typeof b['count'] !== 'boolean') throw parameterError('count', 'Invalid value. It must be true or false.');
    params.count = b['count'];
  }
  const vq = b['vectorQueries'];
  if (vq !== undefined && vq !== null) {
    if (!Array.isArray(vq)) throw parameterError('vectorQueries', 'It must be an array.');
    params.vectorQueries = vq.map((q, i): VectorQuery => {
      if (typeof q !== 'object' || q === null) throw parameterError('vectorQueries', `Item ${i} must be an object.`);
      const o = q as Record<string, unknown>;
      if (o['kind'] !== 'vector') {
        throw parameterError(
          'vectorQueries',
          `Item ${i}: only kind 'vector' is supported by the local emulator (no vectorizers).`,
        );
      }
      const vector = o['vector'];
      if (!Array.isArray(vector) || !vector.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        throw parameterError('vectorQueries', `Item ${i}: 'vector' must be an array of numbers.`);
      }
      if (typeof o['fields'] !== 'string' || o['fields'].length === 0)
        throw parameterError('vectorQueries', `Item ${i}: 'fields' is required.`);
      const k = o['k'] ?? DEFAULT_TOP;
      if (typeof k !== 'number' || !Number.isInteger(k) || k < 1)
        throw parameterError('vectorQueries', `Item ${i}: 'k' must be a positive integer.`);
      const weight = o['weight'] ?? 1;
      if (typeof weight !== 'number') throw parameterError('vectorQueries', `Item ${i}: 'weight' must be a number.`);
      return { kind: 'vector', vector: vector as number[], fields: o['fields'], k, weight };
    });
  }
  return params;
}

function splitList(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x.length > 0);
}

function terms(text: string): string[] {
  return [...text.toLowerCase().matchAll(/[\p{L}\p{N}_*]+/gu)].map((m) => m[0]).filter((t) => t !== '*');
}

function tokensOf(value: unknown): string[] {
  const out: string[] = [];
  const add = (v: unknown): void => {
    if (typeof v === 'string') for (const m of v.toLowerCase().matchAll(/[\p{L}\p{N}_]+/gu)) out.push(m[0]);
  };
  if (Array.isArray(value)) value.forEach(add);
  else add(value);
  return out;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

interface Hit {
  doc: StoredDocument;
  score: number;
}

export interface SearchOutcome {
  hits: Array<Record<string, unknown>>;
  count: number;
  /** Set when a continuation is due: the next skip and, when `top` was given, the next top. */
  next?: { skip: number; top?: number };
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    const x = typeof a === 'bigint' ? a : BigInt(Math.trunc(Number(a)));
    const y = typeof b === 'bigint' ? b : BigInt(Math.trunc(Number(b)));
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

/** Run a search against what the index currently makes visible. */
export function runSearch(store: IndexStore, params: SearchParams): SearchOutcome {
  const fields = store.definition.fields;
  const byName = new Map<string, IndexField>(fields.map((f) => [f.name, f]));

  // $select first (Azure validates every parameter before running the query).
  let selected: IndexField[];
  if (params.select === undefined || params.select.trim() === '' || params.select.trim() === '*') {
    selected = fields.filter((f) => f.retrievable);
  } else {
    selected = splitList(params.select).map((name) => {
      const f = byName.get(name);
      if (f === undefined)
        throw invalidExpression(`Could not find a property named '${name}' on type 'search.document'.`, '$select');
      if (!f.retrievable)
        throw invalidExpression(
          `The field '${name}' is not retrievable. Only retrievable fields can be selected.`,
          '$select',
        );
      return f;
    });
  }

  let predicate = (_d: StoredDocument): boolean => true;
  if (params.filter !== undefined && params.filter.trim() !== '') predicate = compileFilter(params.filter, fields);

  let searchable = fields.filter((f) => f.searchable && isStringType(f.type));
  if (params.searchFields !== undefined && params.searchFields.trim() !== '') {
    searchable = splitList(params.searchFields).map((name) => {
      const f = byName.get(name);
      if (f === undefined)
        throw invalidExpression(`Could not find a property named '${name}' on type 'search.document'.`, 'searchFields');
      if (!f.searchable || !isStringType(f.type))
        throw invalidExpression(`The field '${name}' is not searchable.`, 'searchFields');
      return f;
    });
  }

  const orderby = (params.orderby === undefined ? [] : splitList(params.orderby)).map((clause) => {
    const m = /^(\S+)(?:\s+(asc|desc))?$/.exec(clause);
    if (m === null) throw invalidExpression(`Syntax error in '${clause}'.`, '$orderby');
    const name = m[1] as string;
    const desc = m[2] === 'desc';
    if (name === 'search.score()') return { name, desc };
    const f = byName.get(name);
    if (f === undefined)
      throw invalidExpression(`Could not find a property named '${name}' on type 'search.document'.`, '$orderby');
    if (!f.sortable)
      throw invalidExpression(
        `The field '${name}' is not sortable. Only sortable fields can be used in $orderby.`,
        '$orderby',
      );
    return { name, desc };
  });

  for (const vq of params.vectorQueries ?? []) {
    for (const name of splitList(vq.fields)) {
      const f = byName.get(name);
      if (f === undefined || !isVectorType(f.type))
        throw parameterError('vectorQueries', `The field '${name}' is not a vector field.`);
      if (vq.vector.length !== f.dimensions) {
        throw parameterError(
          'vectorQueries',
          `The vector field '${name}' expects a length of '${f.dimensions}'; the query vector has a length of '${vq.vector.length}'.`,
        );
      }
    }
  }

  const candidates = [...store.visibleDocuments().values()].filter((d) => predicate(d));

  // Full-text part.
  const text = params.search?.trim() ?? '';
  const hasVectors = (params.vectorQueries?.length ?? 0) > 0;
  let textHits: Hit[] | undefined;
  if (text === '' || text === '*') {
    // Match everything, score 1.0 (a pure vector query has no text ranking at all).
    textHits = hasVectors ? undefined : candidates.map((doc) => ({ doc, score: 1 }));
  } else {
    const queryTerms = terms(text);
    textHits = [];
    for (const doc of queryTerms.length === 0 ? [] : candidates) {
      const tokens = searchable.flatMap((f) => tokensOf(doc[f.name]));
      let score = 0;
      let matched = 0;
      for (const t of queryTerms) {
        const prefix = t.endsWith('*') ? t.slice(0, -1) : undefined;
        const n = tokens.filter((x) => (prefix === undefined ? x === t : x.startsWith(prefix))).length;
        if (n > 0) matched++;
        score += n === 0 ? 0 : 1 + Math.log(n);
      }
      const ok = params.searchMode === 'all' ? matched === queryTerms.length : matched > 0;
      if (ok) textHits.push({ doc, score: score / Math.sqrt(Math.max(1, tokens.length / 50)) });
    }
    textHits.sort((a, b) => b.score - a.score);
  }

  // Vector part (exhaustive), fused with the text ranking by RRF when both are present.
  let hits: Hit[];
  const vectorRankings: Hit[][] = (params.vectorQueries ?? []).map((vq) => {
    const names = splitList(vq.fields);
    const scored: Hit[] = [];
    for (const doc of candidates) {
      let best = -Infinity;
      for (const name of names) {
        const v = doc[name];
        if (Array.isArray(v) && v.length === vq.vector.length)
          best = Math.max(best, 1 / (2 - cosine(vq.vector, v as number[])));
      }
      if (best > -Infinity) scored.push({ doc, score: best * vq.weight });
    }
    return scored.sort((a, b) => b.score - a.score).slice(0, vq.k);
  });
  if (vectorRankings.length === 0) {
    hits = textHits ?? [];
  } else if (textHits === undefined && vectorRankings.length === 1) {
    hits = vectorRankings[0] as Hit[];
  } else {
    const fused = new Map<StoredDocument, number>();
    for (const ranking of textHits === undefined ? vectorRankings : [textHits, ...vectorRankings]) {
      ranking.forEach((h, rank) => fused.set(h.doc, (fused.get(h.doc) ?? 0) + 1 / (60 + rank + 1)));
    }
    hits = [...fused.entries()].map(([doc, score]) => ({ doc, score })).sort((a, b) => b.score - a.score);
  }

  if (orderby.length > 0) {
    hits = [...hits].sort((a, b) => {
      for (const { name, desc } of orderby) {
        const c = name === 'search.score()' ? a.score - b.score : compareValues(a.doc[name], b.doc[name]);
        if (c !== 0) return desc ? -c : c;
      }
      return 0;
    });
  }

  const skip = params.skip ?? 0;
  const pageSize = Math.min(params.top ?? DEFAULT_TOP, MAX_PAGE);
  const page = hits.slice(skip, skip + pageSize);
  const outcome: SearchOutcome = {
    count: hits.length,
    hits: page.map((h) => {
      const out: Record<string, unknown> = { '@search.score': h.score };
      for (const f of selected) out[f.name] = h.doc[f.name] ?? null;
      return out;
    }),
  };
  const wantsMore = params.top === undefined || params.top > pageSize;
  if (wantsMore && hits.length > skip + pageSize && skip + pageSize <= MAX_SKIP) {
    outcome.next = { skip: skip + pageSize };
    if (params.top !== undefined) outcome.next.top = params.top - pageSize;
  }
  return outcome;
}
