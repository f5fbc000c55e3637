// Two service processes on one Redis (issue 22, part 2): a 1158-page manual with embeddings and
// indexing against the emulator is submitted to the first, polled on the second; the first is
// killed with SIGKILL mid-job. The second takes the job over (BullMQ's stalled-job check, after
// JOB_LOCK_SECONDS), it completes, and the index holds exactly one document per chunk.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { startEmulator, type Emulator } from '../../emulator/src/index.ts';
import { indexDefinition } from '../../src/data/index-definition.ts';
import { LAB } from '../helpers/app.ts';
import { NO_REDIS, testRedisUrl, uniquePrefix } from '../helpers/redis.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';

const MANUAL = readFileSync(fileURLToPath(new URL('../fixtures/generated/manual-1158.pdf', import.meta.url)));
const INDEX = 'pdf-chunks';
const url = testRedisUrl;
const prefix = uniquePrefix('replicas');

/** A poll's body: the job's view while it runs, the indexing summary once done. */
interface Progressed {
  progress: { chunksEmbedded: number; chunksIndexed: number };
  chunks: number;
  indexed: number;
  failedKeys: string[];
}

/** A replica: the service started as `npm start` starts it, on the test's Redis and prefix. */
function startReplica(): Promise<ServerProcess> {
  return startServer({
    REDIS_URL: url!,
    REDIS_PREFIX: prefix,
    JOB_LOCK_SECONDS: '10',
    JOB_RETRY_AFTER_SECONDS: '1',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    JWT_SECRET: 'replicas-test-jwt-secret-0123456789abcdef',
    LOG_LEVEL: 'info',
  });
}

let emu: Emulator;
const servers: ServerProcess[] = [];

before(async () => {
  if (url === undefined) return;
  emu = await startEmulator();
});
after(async () => {
  if (url === undefined) return;
  for (const s of servers) await s.stop();
  await emu.close();
  const redis = new Redis(url);
  const left = await redis.keys(`${prefix}*`);
  if (left.length > 0) await redis.del(...left);
  redis.disconnect();
});

test('a job whose replica is SIGKILLed mid-job is taken over by the other and completes: index count = chunk count', {
  skip: url === undefined ? NO_REDIS : false,
}, async () => {
  emu.createIndex(indexDefinition(INDEX));
  // Slow enough that the kill lands while embedding.
  emu.faults.embeddings.repeat({ delayMs: 5 }, 100_000);
  const first = await startReplica();
  servers.push(first);
  const form = new FormData();
  form.append('document', new Blob([MANUAL], { type: 'application/pdf' }), 'manual-1158.pdf');
  const res = await fetch(`${first.base}/apis/chunk-and-perform-embedding.php`, {
    method: 'POST',
    headers: {
      'api-key': LAB.DOCUMENT_API_KEY,
      sourceName: 'manual-1158.pdf',
      'tenant-id': '3',
      'document-id': '1158',
      performEmbedding: 'true',
      embeddingEndpoint: emu.embeddingsUrl,
      embeddingKey: emu.keys.embedding,
      embeddingDeploymentName: 'text-embedding-ada-002',
      indexName: INDEX,
      cloudAISearchEndpoint: emu.searchUrl,
      cloudAISearchKey: emu.keys.searchAdmin,
      prefer: 'respond-async',
    },
    body: form,
  });
  assert.equal(res.status, 202, await res.clone().text());
  const location = res.headers.get('location')!;
  await res.arrayBuffer();
  // The second replica starts once the first has taken the job, so that the first runs it.
  const second = await startReplica();
  servers.push(second);
  const poll = async () => {
    const r = await fetch(`${second.base}${location}`);
    return { status: r.status, body: (await r.json()) as Progressed };
  };
  // Polled on the second: the first is killed once it has embedded some chunks, and indexed none.
  const deadline = Date.now() + 900_000;
  let p = await poll();
  while (Date.now() < deadline && !(p.status === 202 && p.body.progress.chunksEmbedded >= 50)) {
    await sleep(200);
    p = await poll();
  }
  assert.equal(p.status, 202, JSON.stringify(p.body));
  assert.equal(p.body.progress.chunksIndexed, 0);
  const killed = once(first.child, 'exit');
  first.child.kill('SIGKILL');
  await killed;
  const embeddedAtKill = emu.requests.filter((r) => r.service === 'embeddings').length;
  while (Date.now() < deadline && p.status === 202) {
    await sleep(Number(1000));
    p = await poll();
  }
  assert.equal(p.status, 200, JSON.stringify(p.body));
  const chunks = p.body.chunks;
  assert.ok(chunks > 1000, `the manual's chunks: ${chunks}`);
  assert.equal(p.body.indexed, chunks);
  assert.deepEqual(p.body.failedKeys, []);
  assert.equal(emu.index(INDEX)!.documents.size, chunks, 'one document per chunk in the index');
  const keys = [...emu.index(INDEX)!.documents.keys()].sort();
  assert.equal(keys[0], '3-1158-0000');
  assert.ok(
    emu.requests.filter((r) => r.service === 'embeddings').length >= embeddedAtKill + chunks,
    'the second replica embedded the document again from the top',
  );
});
