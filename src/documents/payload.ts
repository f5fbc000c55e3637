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
export const SAFE_BATCH_BYTES = 12 * 1024 * 1024;
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

/** How many index-documents calls the documents take, packing greedily in order under both limits. */
export function countBatches(docSizes: readonly number[]): number {
  const envelope = '{"value":[]}'.length;
  let batches = 0;
  let docs = 0;
  let bytes = envelope;
  for (const size of docSizes) {
    if (docs > 0 && (docs + 1 > MAX_DOCS_PER_BATCH || bytes + size + 1 > SAFE_BATCH_BYTES)) {
      batches++;
      docs = 0;
      bytes = envelope;
    }
    docs++;
    bytes += size + (docs > 1 ? 1 : 0);
  }
  return docs > 0 ? batches + 1 : batches;
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
  return { json, batches: countBatches(parts.map((p) => p.length)) };
}
