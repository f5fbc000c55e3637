// The requests of scripts/container-smoke.sh, passed through the running image:
//   node scripts/container-smoke-requests.ts BASE_URL PDF_FILE
// Waits for /healthz (bounded), then /readyz, add-url and one PDF chunked. Exits 1 with one line
// naming the first check that failed.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { LAB_DEFAULTS } from '../src/config.ts';

const [base, pdfPath] = process.argv.slice(2);
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

async function waitForHealth(): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > START_BOUND_MS) throw new Error(`no 200 from ${base}/healthz within ${START_BOUND_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const startMs = await waitForHealth();
const health = await fetch(`${base}/healthz`);
check(JSON.stringify(await health.json()) === '{"status":"ok"}', `GET /healthz 200 {"status":"ok"} (first answer after ${(startMs / 1000).toFixed(1)} s)`);

const ready = await fetch(`${base}/readyz`);
check(ready.status === 200 && JSON.stringify(await ready.json()) === '{"status":"ready"}', 'GET /readyz 200 {"status":"ready"}');

const add = await fetch(`${base}/apis/add-url?input1=20&input2=22`, { headers: { origin: 'https://app.example' } });
const addBody = (await add.json()) as { result?: unknown };
check(add.status === 200 && addBody.result === 42 && add.headers.get('access-control-allow-origin') === '*', 'GET /apis/add-url?input1=20&input2=22 200 result 42 with CORS');

const pdf = readFileSync(pdfPath);
const form = new FormData();
form.append('document', new Blob([pdf], { type: 'application/pdf' }), basename(pdfPath));
const chunkStarted = performance.now();
const chunked = await fetch(`${base}/apis/chunk-and-perform-embedding.php`, {
  method: 'POST',
  headers: { 'api-key': LAB_DEFAULTS.DOCUMENT_API_KEY, sourceName: basename(pdfPath), 'tenant-id': '7', 'document-id': '42' },
  body: form,
});
const chunkMs = performance.now() - chunkStarted;
const payload = (await chunked.json()) as { value?: { id: string; content: string }[] };
const chunks = payload.value ?? [];
check(
  chunked.status === 200 && chunks.length > 0 && chunks.length === Number(chunked.headers.get('x-total-chunks')) && chunks[0]!.id === '7-42-0000' && chunks.every((c) => c.content.length > 0),
  `POST /apis/chunk-and-perform-embedding.php ${basename(pdfPath)} (${pdf.length} bytes): ${chunked.status}, ${chunks.length} chunks in ${(chunkMs / 1000).toFixed(1)} s`,
);
