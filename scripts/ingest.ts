// npm run ingest -- [options] PATH...: every supported document under the paths, sent to a running
// service as a chunking job (Prefer: respond-async, polling Location at its Retry-After) that
// indexes it (indexName, cloudAISearchEndpoint, cloudAISearchKey); a bar per document and one
// overall on a terminal (cli-progress), plain lines otherwise; documents unchanged since the last
// run (same path, bytes and settings: the state file) skipped; a summary table; exit 1 when any
// document failed, 2 on a usage error. Options are named after the service's headers.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, renameSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import {
  documentIdOf,
  isSupported,
  isUnchanged,
  pollWaitMs,
  settingsKey,
  summaryTable,
  type Row,
  type State,
} from './ingest/rules.ts';

const USAGE = `npm run ingest -- [options] PATH...

Sends every document under PATH (pdf, docx, html, md, txt) to a running service, which chunks,
embeds and indexes it; skips documents unchanged since the last run.

  --url URL                     the service (default http://127.0.0.1:8080)
  --api-key KEY                 the service's DOCUMENT_API_KEY (or env DOCUMENT_API_KEY)
  --tenant-id N                 tenant-id of every document (default 1)
  --indexName NAME              the index (required)
  --cloudAISearchEndpoint URL   the search service (required)
  --cloudAISearchKey KEY        its admin key (required; or env CLOUD_AI_SEARCH_KEY)
  --embeddingEndpoint URL       with the two below: performEmbedding true
  --embeddingKey KEY            (or env EMBEDDING_KEY)
  --embeddingDeploymentName NAME
  --embeddingBatchSize N        inputs per embeddings call (1-2048)
  --embeddingConcurrency N      embeddings calls in flight (1-16)
  --ocr auto|off|force
  --page-numbers true|false
  --concurrency N               documents in flight (default 2)
  --state FILE                  the state file (default .ingest-state.json)
  --force                       send every document, unchanged or not
`;

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  tty: boolean;
  env: Record<string, string | undefined>;
  /** waits between polls (tests make them short) */
  sleep?: (ms: number) => Promise<void>;
}

/** Every supported file under the paths, as paths relative to the working directory, sorted. */
export function findDocuments(paths: readonly string[]): string[] {
  const out = new Set<string>();
  const walk = (p: string) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const e of readdirSync(p)) if (!e.startsWith('.')) walk(join(p, e));
    } else if (st.isFile() && isSupported(p.split(sep).pop()!)) out.add(relative('.', p).split(sep).join('/'));
  };
  for (const p of paths) walk(p);
  return [...out].sort();
}

interface Progress {
  phase: string;
  done: number;
  total: number;
}

/** The job view's progress as one bar: pages while reading, chunks while embedding and indexing. */
function progressOf(view: { progress?: Record<string, number | string | null> }): Progress {
  const p = view.progress ?? {};
  const phase = String(p['phase'] ?? 'queued');
  const n = (k: string) => (typeof p[k] === 'number' ? p[k] : 0);
  if (phase === 'reading') return { phase, done: n('pagesRead'), total: n('pages') };
  if (phase === 'embedding') return { phase, done: n('chunksEmbedded'), total: n('chunks') };
  if (phase === 'indexing') return { phase, done: n('chunksIndexed'), total: n('chunks') };
  return { phase, done: 0, total: 0 };
}

export async function main(argv: string[], io: Io): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string', default: 'http://127.0.0.1:8080' },
        'api-key': { type: 'string' },
        'tenant-id': { type: 'string', default: '1' },
        indexName: { type: 'string' },
        cloudAISearchEndpoint: { type: 'string' },
        cloudAISearchKey: { type: 'string' },
        embeddingEndpoint: { type: 'string' },
        embeddingKey: { type: 'string' },
        embeddingDeploymentName: { type: 'string' },
        embeddingBatchSize: { type: 'string' },
        embeddingConcurrency: { type: 'string' },
        ocr: { type: 'string' },
        'page-numbers': { type: 'string' },
        concurrency: { type: 'string', default: '2' },
        state: { type: 'string', default: '.ingest-state.json' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const o = args.values;
  if (o.help) {
    io.out(USAGE);
    return 0;
  }
  const apiKey = o['api-key'] ?? io.env['DOCUMENT_API_KEY'];
  const searchKey = o.cloudAISearchKey ?? io.env['CLOUD_AI_SEARCH_KEY'];
  const embeddingKey = o.embeddingKey ?? io.env['EMBEDDING_KEY'];
  const missing = [
    ['--api-key', apiKey],
    ['--indexName', o.indexName],
    ['--cloudAISearchEndpoint', o.cloudAISearchEndpoint],
    ['--cloudAISearchKey', searchKey],
  ].find(([, v]) => v === undefined)?.[0];
  const concurrency = Number(o.concurrency);
  if (missing || args.positionals.length === 0 || !Number.isInteger(concurrency) || concurrency < 1) {
    io.err(
      `${missing ? `${missing} is required` : args.positionals.length === 0 ? 'no PATH given' : '--concurrency must be a positive integer'}\n\n${USAGE}`,
    );
    return 2;
  }
  const embedding = o.embeddingEndpoint !== undefined || o.embeddingDeploymentName !== undefined;
  // Everything the service is told but the keys and the document's own ids.
  const settings: Record<string, string | undefined> = {
    url: o.url,
    'tenant-id': o['tenant-id'],
    indexName: o.indexName,
    cloudAISearchEndpoint: o.cloudAISearchEndpoint,
    performEmbedding: embedding ? 'true' : undefined,
    embeddingEndpoint: o.embeddingEndpoint,
    embeddingDeploymentName: o.embeddingDeploymentName,
    embeddingBatchSize: o.embeddingBatchSize,
    embeddingConcurrency: o.embeddingConcurrency,
    ocr: o.ocr,
    'page-numbers': o['page-numbers'],
  };
  const settingsHash = settingsKey(settings);
  let documents: string[];
  try {
    documents = findDocuments(args.positionals);
  } catch (err) {
    io.err(`${(err as Error).message}\n`);
    return 2;
  }
  let state: State = {};
  if (existsSync(o.state)) {
    try {
      state = JSON.parse(readFileSync(o.state, 'utf8')) as State;
    } catch {
      io.err(`${o.state} is not a state file (JSON); remove it or give another --state\n`);
      return 2;
    }
  }
  const saveState = () => {
    writeFileSync(`${o.state}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(`${o.state}.tmp`, o.state);
  };
  const sleep = io.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const base = o.url.replace(/\/+$/, '');
  const headers = (path: string): Record<string, string> => {
    const h: Record<string, string> = {
      'api-key': apiKey!,
      sourceName: path,
      'tenant-id': o['tenant-id'],
      'document-id': documentIdOf(path),
      indexName: o.indexName!,
      cloudAISearchEndpoint: o.cloudAISearchEndpoint!,
      cloudAISearchKey: searchKey!,
      prefer: 'respond-async',
    };
    for (const [k, v] of Object.entries(settings))
      if (v !== undefined && !['url', 'tenant-id', 'indexName', 'cloudAISearchEndpoint'].includes(k)) h[k] = v;
    if (embedding && embeddingKey !== undefined) h['embeddingKey'] = embeddingKey;
    return h;
  };

  // Progress: bars on a terminal, a line per phase change otherwise.
  const multibar = io.tty
    ? new cliProgress.MultiBar(
        {
          format: '{name} |{bar}| {phase} {value}/{total}',
          hideCursor: true,
          clearOnComplete: false,
          stopOnComplete: false,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  const overall = multibar?.create(documents.length, 0, { name: 'all documents'.padEnd(30), phase: 'documents' });
  let finished = 0;
  const rows: Row[] = [];

  const one = async (path: string): Promise<Row> => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const bytes = readFileSync(path);
    const content = createHash('sha256').update(bytes).digest('hex');
    if (!o.force && isUnchanged(state, path, content, settingsHash)) return { path, outcome: 'skipped' };
    const name = path.length > 30 ? `...${path.slice(-27)}` : path.padEnd(30);
    const bar = multibar?.create(1, 0, { name, phase: 'sending' });
    let last = '';
    const show = (p: Progress) => {
      if (bar) {
        bar.setTotal(Math.max(1, p.total));
        bar.update(p.done, { phase: p.phase });
      } else if (p.phase !== last) {
        io.out(`${path}: ${p.phase}\n`);
      }
      last = p.phase;
    };
    try {
      const form = new FormData();
      form.append('document', new Blob([bytes]), path.split('/').pop());
      let res = await fetch(`${base}/apis/chunk-and-perform-embedding`, {
        method: 'POST',
        headers: headers(path),
        body: form,
      });
      while (res.status === 202) {
        const view = (await res.json()) as { location?: string; progress?: Record<string, number | string | null> };
        show(progressOf(view));
        await sleep(pollWaitMs(res.headers.get('retry-after')));
        const location = res.headers.get('location') ?? view.location;
        if (!location) throw new Error('a 202 without Location');
        res = await fetch(new URL(location, `${base}/`), { headers: { 'api-key': apiKey! } });
      }
      const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      if (res.status !== 200 || body['success'] !== true) {
        const said = body['error'] ?? body['message'];
        const error = typeof said === 'string' ? said : `HTTP ${res.status}`;
        return { path, outcome: 'failed', seconds: seconds(), error: `HTTP ${res.status}: ${error}` };
      }
      const chunks = Number(body['chunks']);
      state[path] = {
        content,
        settings: settingsHash,
        documentId: documentIdOf(path),
        chunks,
        at: new Date().toISOString(),
      };
      show({ phase: 'done', done: chunks, total: chunks });
      return {
        path,
        outcome: 'indexed',
        chunks,
        reused: Number(body['reused'] ?? 0),
        removed: Number(body['removed'] ?? 0),
        seconds: seconds(),
      };
    } catch (err) {
      return { path, outcome: 'failed', seconds: seconds(), error: (err as Error).message };
    } finally {
      bar?.stop();
    }
  };

  const queue = [...documents];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const row = await one(path);
        rows.push(row);
        finished++;
        overall?.update(finished);
        if (!multibar && row.outcome !== 'skipped')
          io.out(`[${finished}/${documents.length}] ${path}: ${row.outcome}${row.error ? ` (${row.error})` : ''}\n`);
        if (row.outcome === 'indexed') saveState();
      }
    }),
  );
  multibar?.stop();
  rows.sort((a, b) => a.path.localeCompare(b.path));
  io.out(`\n${summaryTable(rows)}\n`);
  return rows.some((r) => r.outcome === 'failed') ? 1 : 0;
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2), {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    tty: process.stdout.isTTY === true,
    env: process.env,
  });
}
