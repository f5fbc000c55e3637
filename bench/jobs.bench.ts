// Jobs (Prefer: respond-async) against the synchronous request, on the local emulator: a
// 1158-page manual (gnuplot.pdf three times and 225 pages of a fourth copy, made with Debian's
// qpdf) chunked and embedded (2477 calls). Prints the time of the synchronous answer, the time
// to the 202 and to the job's answer for a client that follows Location and sleeps Retry-After
// (JOB_RETRY_AFTER_SECONDS=1), whether the two answers are byte for byte the same, and how long
// DELETE takes and how many embedding calls reach the emulator after it answered.
import { NO_CALLER_LIMITS } from '../test/helpers/limits.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startEmulator } from '../emulator/src/index.ts';

const CORPUS = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));

function manual(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'jobs-bench-'));
  try {
    const src = `${CORPUS}gnuplot.pdf`;
    const out = join(dir, 'manual-1158.pdf');
    const r = spawnSync('qpdf', ['--empty', '--pages', src, src, src, src, '1-225', '--', out]);
    if (r.status !== 0) throw new Error(`qpdf failed (apt-get install qpdf): ${r.stderr?.toString() ?? r.error}`);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const doc = manual();
const emu = await startEmulator();
const app = await buildApp(
  loadConfig({
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    JOB_RETRY_AFTER_SECONDS: '1',
    LOG_LEVEL: 'silent',
    ...NO_CALLER_LIMITS,
  }),
  { docs: 'none' },
);
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const headers = {
  'api-key': 'lab-document-key-5a2d9c',
  sourceName: 'manual-1158.pdf',
  'tenant-id': '7',
  'document-id': '42',
  performEmbedding: 'true',
  embeddingEndpoint: emu.embeddingsUrl,
  embeddingKey: emu.keys.embedding,
  embeddingDeploymentName: 'text-embedding-ada-002',
  'content-type': 'application/pdf',
};
async function post(h: Record<string, string>) {
  const t = performance.now();
  const res = await fetch(`${base}/apis/chunk-and-perform-embedding.php`, { method: 'POST', headers: h, body: doc });
  return { res, text: await res.text(), ms: performance.now() - t };
}
const calls = () => emu.requests.filter((r) => r.service === 'embeddings').length;

try {
  await post(headers); // warm: the pool and pdf.js loaded, connections open
  const sync = await post(headers);
  const t0 = performance.now();
  const accepted = await post({ ...headers, prefer: 'respond-async' });
  const acceptedMs = performance.now() - t0;
  let location = accepted.res.headers.get('location')!;
  let wait = Number(accepted.res.headers.get('retry-after'));
  let polls = 0;
  let final = '';
  let status = 0;
  for (;;) {
    await sleep(wait * 1000);
    const res = await fetch(base + location);
    polls++;
    const text = await res.text();
    if (res.status !== 202) {
      final = text;
      status = res.status;
      break;
    }
    location = res.headers.get('location')!;
    wait = Number(res.headers.get('retry-after'));
  }
  const jobMs = performance.now() - t0;
  console.log(
    `synchronous: ${sync.res.status}, ${sync.res.headers.get('x-total-chunks')} chunks, ${(sync.ms / 1000).toFixed(1)} s`,
  );
  console.log(
    `job: 202 in ${acceptedMs.toFixed(0)} ms; answer ${status} after ${(jobMs / 1000).toFixed(1)} s and ${polls} polls ` +
      `(${(jobMs / sync.ms).toFixed(2)}x the synchronous time); same bytes: ${final === sync.text} (${sync.text.length} bytes)`,
  );
  const again = await post({ ...headers, prefer: 'respond-async' });
  while (calls() < 2 * 2477 + 200) await sleep(10);
  const tc = performance.now();
  const del = await fetch(base + again.res.headers.get('location')!, { method: 'DELETE' });
  await del.text();
  const deleteMs = performance.now() - tc;
  const atCancel = calls();
  await sleep(2000);
  console.log(
    `cancel: DELETE ${del.status} in ${deleteMs.toFixed(1)} ms; embedding calls after it answered: ${calls() - atCancel}`,
  );
} finally {
  await app.close();
  await emu.close();
}
