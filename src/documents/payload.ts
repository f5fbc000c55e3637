// The chunk envelope, written by hand so that the Int64 ids keep their exact
// digits in the JSON (JSON.stringify of a Number would round past 2^53), and
// with exactly the eight fields an index built from the definition accepts (ten with page
// numbers: page_start and page_end, for an index made from the definition with pageNumbers=true).

export const MAX_DOCS_PER_BATCH = 1000;
/** Azure AI Search's own limit of one index-documents request. */
export const MAX_BATCH_BYTES = 16 * 1024 * 1024;
/**
 * What the service packs a batch to (and X-Index-Batches counts with): 12 MiB, a quarter under
 * the limit, because Azure states it as "16 MB" (16,000,000 bytes is 15.26 MiB), counts the
 * request as it receives it, and a client that re-serialises the JSON (\u escapes of non-ASCII
 * text, spaces after separators) makes it larger than our bytes.
 */
export const SAFE_BATCH_BYTES = (MAX_BATCH_BYTES / 4) * 3;
const COMMA = Buffer.from(',');

export interface PayloadChunk {
  section: string;
  content: string;
  pageStart?: number;
  pageEnd?: number;
}

export interface PayloadOptions {
  /** Also write page_start and page_end (null for a chunk without pages). */
  pageNumbers?: boolean;
}

export interface PayloadIds {
  tenantId: string;
  documentId: string;
  sourceName: string;
}

export function chunkId(tenantId: string, documentId: string, index: number): string {
  return `${tenantId}-${documentId}-${String(index).padStart(4, '0')}`;
}

/**
 * The index-documents calls the documents take: greedy packing in order under both bounds, as
 * index ranges [start, end). The service's own uploads send these batches, and X-Index-Batches
 * (and the worker's payload) counts them. A document over the byte bound still takes one call.
 */
export function packBatches(
  sizes: readonly number[],
  maxDocs = MAX_DOCS_PER_BATCH,
  maxBytes = SAFE_BATCH_BYTES,
): [number, number][] {
  const envelope = '{"value":[]}'.length;
  const out: [number, number][] = [];
  let start = 0;
  let bytes = envelope;
  for (let i = 0; i < sizes.length; i++) {
    const add = sizes[i]! + (i > start ? 1 : 0);
    if (i > start && (i - start + 1 > maxDocs || bytes + add > maxBytes)) {
      out.push([start, i]);
      start = i;
      bytes = envelope + sizes[i]!;
    } else {
      bytes += add;
    }
  }
  if (sizes.length > start) out.push([start, sizes.length]);
  return out;
}

/** A JSON array of finite numbers: join() writes each as JSON.stringify would (and works on typed arrays, which JSON.stringify writes as objects). */
function vectorJson(v: readonly number[] | Float64Array): string {
  return `[${v.join(',')}]`;
}

/** A page number as Edm.Int32 JSON: a positive integer, or null. */
function pageJson(n: number | undefined): string {
  return n !== undefined && Number.isInteger(n) && n > 0 && n <= 0x7fffffff ? String(n) : 'null';
}

/** Each chunk's index action as UTF-8 JSON bytes (the payload and the service's own uploads batch these). */
export function documentJsons(
  chunks: readonly PayloadChunk[],
  ids: PayloadIds,
  vectors?: readonly (readonly number[] | Float64Array)[],
  opts: PayloadOptions = {},
): Buffer[] {
  const source = JSON.stringify(ids.sourceName);
  return chunks
    .map((c, i) => {
      const v = vectors?.[i];
      const pages = opts.pageNumbers ? `"page_start":${pageJson(c.pageStart)},"page_end":${pageJson(c.pageEnd)},` : '';
      return (
        `{"@search.action":"upload","id":${JSON.stringify(chunkId(ids.tenantId, ids.documentId, i))},` +
        `"tenant_id":${ids.tenantId},"document_id":${ids.documentId},"sourceName":${source},` +
        `"section":${JSON.stringify(c.section)},"content":${JSON.stringify(c.content)},${pages}"embedding":${v ? vectorJson(v) : '[]'}}`
      );
    })
    .map((d) => Buffer.from(d));
}

/** The envelope as UTF-8 bytes: the route sends them as they are, with no second pass over a large string. */
export function buildPayload(
  chunks: readonly PayloadChunk[],
  ids: PayloadIds,
  vectors?: readonly (readonly number[] | Float64Array)[],
  opts: PayloadOptions = {},
): { json: Buffer; batches: number } {
  const parts = documentJsons(chunks, ids, vectors, opts);
  const json = Buffer.concat([
    Buffer.from('{"value":['),
    ...parts.flatMap((p, i) => (i === 0 ? [p] : [COMMA, p])),
    Buffer.from(']}'),
  ]);
  return { json, batches: packBatches(parts.map((p) => p.length)).length };
}
