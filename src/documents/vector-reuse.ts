// Vectors reused by content, not by key: before embedding, the service lists what the index holds of
// this tenant's document; a new chunk whose exact text (what would be sent to the provider) is the
// text of a stored chunk takes that chunk's stored vector instead of a provider call. Keys play no
// part: an edit shifts every later chunk's index, while the texts after it fall back into step.
import { createHash } from 'node:crypto';
import { EMBEDDING_DIMENSIONS } from '../clients/embeddings.ts';

/** The key of a text: SHA-256 of its UTF-8 bytes, hex. Equal keys, equal texts (the text is what is embedded). */
export const contentHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Key characters Azure AI Search allows: safe inside a search.in list delimited by ','. */
const SAFE_KEY = /^[A-Za-z0-9_\-=]{1,1024}$/;

export interface StoredChunk {
  id: string;
  content: string;
}

export interface ReusePlan {
  /** for each new chunk, the stored key whose vector it takes, or undefined: embed it */
  source: (string | undefined)[];
  /** the stored keys whose vectors to fetch, each once */
  keys: string[];
}

/**
 * Which new chunks can take a stored vector: those whose text equals a stored chunk's text.
 * Stored hits without a string id or content, or with a key that could not be named in a filter,
 * are ignored (their chunks are embedded). Several new chunks with one text share one stored key.
 */
export function planReuse(texts: readonly string[], stored: readonly Record<string, unknown>[]): ReusePlan {
  const byHash = new Map<string, string>();
  for (const hit of stored) {
    const id = hit['id'];
    const content = hit['content'];
    if (typeof id !== 'string' || typeof content !== 'string' || !SAFE_KEY.test(id)) continue;
    const h = contentHash(content);
    if (!byHash.has(h)) byHash.set(h, id);
  }
  const source = texts.map((t) => byHash.get(contentHash(t)));
  const keys = [...new Set(source.filter((k): k is string => k !== undefined))];
  return { source, keys };
}

/** A stored vector the service can reuse: exactly EMBEDDING_DIMENSIONS finite numbers, else undefined. */
export function usableVector(v: unknown): Float64Array | undefined {
  if (!Array.isArray(v) || v.length !== EMBEDDING_DIMENSIONS) return undefined;
  for (const x of v) if (typeof x !== 'number' || !Number.isFinite(x)) return undefined;
  return Float64Array.from(v as number[]);
}

/**
 * The filter that fetches some stored chunks by key, within the document's own filter (so a key
 * can never reach another tenant's chunk): `<documentFilter> and search.in(id, 'k1,k2', ',')`.
 * Keys must be SAFE_KEY (planReuse keeps only those).
 */
export function keysFilter(documentFilter: string, keys: readonly string[]): string {
  return `${documentFilter} and search.in(id, '${keys.join(',')}', ',')`;
}
