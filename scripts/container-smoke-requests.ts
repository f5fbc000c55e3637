// The requests of scripts/container-smoke.sh, passed through the running image:
//   node scripts/container-smoke-requests.ts BASE_URL PDF_FILE [EMULATOR_URL]
// Waits for /healthz (bounded), then for /readyz to say ready (bounded), add-url, one PDF chunked and
// one scanned page read with OCR. With EMULATOR_URL (the
// emulator started from the same image, as compose.yaml does): the PDF again with embeddings from
// it, the payload uploaded to its index, and the index counted. Exits 1 with one line naming the
// first check that failed.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { LAB_DEFAULTS } from '../src/config.ts';

const [base, pdfPath, emulator] = process.argv.slice(2);
if (base === undefined || pdfPath === undefined) {
  console.error('usage: node scripts/container-smoke-requests.ts BASE_URL PDF_FILE');
  process.exit(2);
}
const START_BOUND_MS = 120_000;

function check(ok: boolean, what: string): void {
  if (!ok) {
    console.error(`smoke: FAILED ${what}`);
    process.exit(1);
  }
  console.log(`smoke: ok   ${what}`);
}

async function waitForHealth(url: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > START_BOUND_MS)
      throw new Error(`no 200 from ${url}/healthz within ${START_BOUND_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const startMs = await waitForHealth(base);
const health = await fetch(`${base}/healthz`);
check(
  JSON.stringify(await health.json()) === '{"status":"ok"}',
  `GET /healthz 200 {"status":"ok"} (first answer after ${(startMs / 1000).toFixed(1)} s)`,
);

// /readyz answers 503 {"status":"starting"} until the PDF worker has parsed its warm-up document,
// then 200 {"status":"ready"}: polled within the same start bound.
const readyStates: string[] = [];
let readyStatus = 0;
for (const started = performance.now(); ; ) {
  const ready = await fetch(`${base}/readyz`);
  readyStatus = ready.status;
  const state = ((await ready.json()) as { status?: string }).status ?? '?';
  if (readyStates.at(-1) !== state) readyStates.push(state);
  if (readyStatus === 200 || state !== 'starting' || performance.now() - started > START_BOUND_MS) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
check(
  readyStatus === 200 && readyStates.at(-1) === 'ready' && readyStates.every((s) => s === 'starting' || s === 'ready'),
  `GET /readyz 200 {"status":"ready"} (seen: ${readyStates.join(' -> ')})`,
);

const add = await fetch(`${base}/apis/add-url?input1=20&input2=22`, { headers: { origin: 'https://app.example' } });
const addBody = (await add.json()) as { result?: unknown };
check(
  add.status === 200 && addBody.result === 42 && add.headers.get('access-control-allow-origin') === '*',
  'GET /apis/add-url?input1=20&input2=22 200 result 42 with CORS',
);

const pdf = readFileSync(pdfPath);
interface Chunked {
  status: number;
  headers: Headers;
  body: string;
  chunks: { id: string; content: string; embedding: number[] }[];
  ms: number;
}
async function chunkPdf(
  extraHeaders: Record<string, string> = {},
  file: Uint8Array = pdf,
  name = basename(pdfPath!),
): Promise<Chunked> {
  const form = new FormData();
  form.append('document', new Blob([file], { type: 'application/pdf' }), name);
  const started = performance.now();
  const res = await fetch(`${base}/apis/chunk-and-perform-embedding.php`, {
    method: 'POST',
    headers: {
      'api-key': LAB_DEFAULTS.DOCUMENT_API_KEY,
      sourceName: name,
      'tenant-id': '7',
      'document-id': '42',
      ...extraHeaders,
    },
    body: form,
  });
  const body = await res.text();
  const ms = performance.now() - started;
  let chunks: Chunked['chunks'] = [];
  try {
    chunks = (JSON.parse(body) as { value?: Chunked['chunks'] }).value ?? [];
  } catch {
    // not JSON: the status check below names it
  }
  return { status: res.status, headers: res.headers, body, chunks, ms };
}
const chunked = await chunkPdf();
const chunks = chunked.chunks;
const chunkMs = chunked.ms;
check(
  chunked.status === 200 &&
    chunks.length > 0 &&
    chunks.length === Number(chunked.headers.get('x-total-chunks')) &&
    chunks[0]!.id === '7-42-0000' &&
    chunks.every((c) => c.content.length > 0),
  `POST /apis/chunk-and-perform-embedding.php ${basename(pdfPath)} (${pdf.length} bytes): ${chunked.status}, ${chunks.length} chunks in ${(chunkMs / 1000).toFixed(1)} s`,
);

// A scanned page, made here (a text page rendered to JPEG and wrapped as an image-only PDF, as the
// tests make theirs), is read with OCR inside the image, with the image's language data
// (OCR_DATA_DIR: Debian's tessdata_fast, checked at the service's start).
const { makePdf, textPages } = await import('../test/documents/helpers/make-pdf.ts');
const { scanPages } = await import('../test/documents/helpers/scan.ts');
const SCANNED =
  'The committee reviewed the annual budget for the regional office and approved the travel policy for the coming year.';
const scan = makePdf({ pages: await scanPages(makePdf({ pages: textPages([SCANNED, SCANNED]) })) });
const ocr = await chunkPdf({}, scan, 'scanned.pdf');
check(
  ocr.status === 200 &&
    ocr.headers.get('x-ocr-pages') === '1' &&
    ocr.chunks.some((c) => c.content.includes('regional office') && c.content.includes('travel policy')),
  `a scanned one-page PDF (${scan.length} bytes), read with OCR in the image: ${ocr.status}, X-OCR-Pages ${ocr.headers.get('x-ocr-pages')}, in ${(ocr.ms / 1000).toFixed(1)} s${ocr.status === 200 ? '' : `: ${ocr.body.slice(0, 200)}`}`,
);

if (emulator !== undefined) {
  await waitForHealth(emulator);
  const withEmbeddings = await chunkPdf({
    performEmbedding: 'true',
    embeddingEndpoint: emulator,
    embeddingKey: 'emulator-embedding-key',
    embeddingDeploymentName: 'text-embedding-ada-002',
  });
  check(
    withEmbeddings.status === 200 &&
      withEmbeddings.chunks.length === chunks.length &&
      withEmbeddings.chunks.every((c) => c.embedding.length === 1536),
    `the same PDF with embeddings from the emulator container: ${withEmbeddings.status}, ${withEmbeddings.chunks.length} chunks of 1536 floats in ${(withEmbeddings.ms / 1000).toFixed(1)} s${withEmbeddings.status === 200 ? '' : `: ${withEmbeddings.body.slice(0, 200)}`}`,
  );
  const upload = await fetch(`${emulator}/indexes/pdf-chunks/docs/index?api-version=2024-07-01`, {
    method: 'POST',
    headers: { 'api-key': 'emulator-search-admin-key', 'content-type': 'application/json' },
    body: withEmbeddings.body,
  });
  check(upload.status === 200, `the payload uploaded as is to the emulator's index pdf-chunks: ${upload.status}`);
  const search = await fetch(`${emulator}/indexes/pdf-chunks/docs/search?api-version=2024-07-01`, {
    method: 'POST',
    headers: { 'api-key': 'emulator-search-query-key', 'content-type': 'application/json' },
    body: JSON.stringify({ search: '*', filter: 'document_id eq 42', count: true, top: 1 }),
  });
  const count = ((await search.json()) as { '@odata.count'?: number })['@odata.count'];
  check(
    count === chunks.length,
    `the index counts ${String(count)} documents for document_id 42 (chunks: ${chunks.length})`,
  );
}
