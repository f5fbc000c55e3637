import { createHash } from 'node:crypto';

/** Default vector length (text-embedding-ada-002, text-embedding-3-small). */
export const DEFAULT_DIMENSIONS = 1536;

const WORD = /[\p{L}\p{N}]+/gu;
const TOKEN = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;

/** A small fast PRNG (sfc32) seeded from the SHA-256 of `seed`. */
function rng(seed: string): () => number {
  const h = createHash('sha256').update(seed, 'utf8').digest();
  let a = h.readUInt32LE(0);
  let b = h.readUInt32LE(4);
  let c = h.readUInt32LE(8);
  let d = h.readUInt32LE(12);
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return (r >>> 0) / 4294967296;
  };
}

/** A unit vector of `dims` components drawn from `seed`. */
function seededUnit(seed: string, dims: number): Float64Array {
  const next = rng(seed);
  const v = new Float64Array(dims);
  let norm = 0;
  for (let i = 0; i < dims; i++) {
    const x = next() * 2 - 1;
    v[i] = x;
    norm += x * x;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < dims; i++) v[i] = (v[i] as number) / norm;
  return v;
}

const tokenCache = new Map<string, Float64Array>();
const TOKEN_CACHE_MAX = 4096;

function tokenVector(token: string, dims: number): Float64Array {
  const cacheKey = `${dims}:${token}`;
  let v = tokenCache.get(cacheKey);
  if (v === undefined) {
    if (tokenCache.size >= TOKEN_CACHE_MAX) tokenCache.clear();
    v = seededUnit(`token:${token}`, dims);
    tokenCache.set(cacheKey, v);
  }
  return v;
}

/**
 * The emulator's embedding of `text`: deterministic (seeded from the text), `dims` finite numbers
 * (float32-exact, so a base64 float32 round trip gives the same numbers), unit length.
 *
 * It is a bag-of-words vector (one seeded random direction per lower-cased word) plus a component
 * seeded from the whole text, so that texts sharing words are closer (cosine) than unrelated texts,
 * and two different texts never get the same vector.
 */
export function deterministicEmbedding(text: string, dims: number = DEFAULT_DIMENSIONS): number[] {
  if (!Number.isInteger(dims) || dims < 1) throw new RangeError(`dims must be a positive integer, got ${dims}`);
  // The same text again (a re-indexed document, a bench's second run) is a copy of the first answer.
  const key = `${dims}:${text}`;
  const cached = vectorCache.get(key);
  if (cached !== undefined) return [...cached];
  const out = computeEmbedding(text, dims);
  if (vectorCache.size >= VECTOR_CACHE_MAX) vectorCache.clear();
  vectorCache.set(key, out);
  return [...out];
}

const vectorCache = new Map<string, readonly number[]>();
const VECTOR_CACHE_MAX = 8192;
const jsonCache = new Map<string, string>();

/**
 * deterministicEmbedding(text, dims) as JSON text (`[0.1,...]`), cached: writing 1536 floats as
 * text costs more than computing them, and the emulator answers the same texts again.
 */
export function embeddingJson(text: string, dims: number = DEFAULT_DIMENSIONS): string {
  const key = `${dims}:${text}`;
  let json = jsonCache.get(key);
  if (json === undefined) {
    json = `[${deterministicEmbedding(text, dims).join(',')}]`;
    if (jsonCache.size >= VECTOR_CACHE_MAX) jsonCache.clear();
    jsonCache.set(key, json);
  }
  return json;
}

function computeEmbedding(text: string, dims: number): number[] {
  const whole = seededUnit(`text:${text}`, dims);
  const counts = new Map<string, number>();
  for (const m of text.toLowerCase().matchAll(WORD)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  const v = new Float64Array(dims);
  if (counts.size > 0) {
    for (const [token, count] of counts) {
      const t = tokenVector(token, dims);
      const w = 1 + Math.log(count);
      for (let i = 0; i < dims; i++) v[i] = (v[i] as number) + w * (t[i] as number);
    }
    let norm = 0;
    for (let i = 0; i < dims; i++) norm += (v[i] as number) ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < dims; i++) v[i] = 0.9 * ((v[i] as number) / norm) + 0.45 * (whole[i] as number);
  } else {
    v.set(whole);
  }
  let norm = 0;
  for (let i = 0; i < dims; i++) norm += (v[i] as number) ** 2;
  norm = Math.sqrt(norm) || 1;
  const out = new Array<number>(dims);
  for (let i = 0; i < dims; i++) out[i] = Math.fround((v[i] as number) / norm);
  return out;
}

/** Approximate token count (cl100k-like: words split every 6 characters, punctuation 1 each). */
export function countTokens(text: string): number {
  let n = 0;
  for (const m of text.matchAll(TOKEN)) n += Math.max(1, Math.ceil(m[0].length / 6));
  return n;
}

/** Base64 of the little-endian float32 bytes of `vector` (the `encoding_format: "base64"` form). */
export function toBase64Float32(vector: readonly number[]): string {
  const buf = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) buf.writeFloatLE(vector[i] as number, i * 4);
  return buf.toString('base64');
}

/** Inverse of `toBase64Float32`. */
export function fromBase64Float32(b64: string): number[] {
  const buf = Buffer.from(b64, 'base64');
  const out: number[] = [];
  for (let i = 0; i + 4 <= buf.length; i += 4) out.push(buf.readFloatLE(i));
  return out;
}
