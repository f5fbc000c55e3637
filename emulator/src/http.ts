import type { IncomingMessage, ServerResponse } from 'node:http';

/** 16 MB: the Azure AI Search request limit, also applied to embeddings requests. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface ReadBody {
  text: string;
  bytes: number;
  tooLarge: boolean;
}

/**
 * Read the whole request body. Past `limit` bytes the data is drained and dropped (so that the
 * client can read our 413 instead of failing on a broken pipe).
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let tooLarge = false;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) tooLarge = true;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve({ text: tooLarge ? '' : Buffer.concat(chunks).toString('utf8'), bytes, tooLarge }));
    req.on('error', reject);
  });
}

interface JsonParseContext {
  source?: string;
}
type ExactReviver = (this: unknown, key: string, value: unknown, context: JsonParseContext) => unknown;
const parseWithReviver = JSON.parse as (text: string, reviver: ExactReviver) => unknown;
const rawJSON = (JSON as unknown as { rawJSON: (text: string) => unknown }).rawJSON;

const INTEGER = /^-?\d+$/;
const LONG_DIGITS = /\d{16}/;

/**
 * `JSON.parse`, except that an integer a JS number cannot hold exactly (|n| > 2^53 - 1) becomes a
 * `bigint` with the exact digits of the text (uses the JSON.parse source-text access of Node 22+).
 */
export function parseJsonExact(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text);
  return parseWithReviver(text, (_key, value, context) => {
    if (
      typeof value === 'number' &&
      !Number.isSafeInteger(value) &&
      context.source !== undefined &&
      INTEGER.test(context.source)
    ) {
      return BigInt(context.source);
    }
    return value;
  });
}

/** `JSON.stringify` that writes a `bigint` as a bare JSON integer (exact digits). */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? rawJSON(v.toString()) : v));
}

/** Headers as a plain object with lower-case names. */
export function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Write a complete response (keep-alive friendly: no `connection: close`). */
export function writeResponse(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
): void {
  if (res.headersSent || res.destroyed) return;
  const payload = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const all: Record<string, string> = { ...headers };
  // RFC 9110: no Content-Length on 1xx/204/304.
  if (status !== 204 && status !== 304 && status >= 200) all['content-length'] = String(payload?.length ?? 0);
  res.writeHead(status, all);
  res.end(payload);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
