// Where a PDF's time goes: a V8 CPU profile (node --cpu-prof) of one thread reading a PDF to
// chunks in process (as a pool thread does: pdf.js's worker side runs in the same thread), its
// samples put in phases by the innermost frame of a known file, walking up from the sampled frame:
// pdf.js (its worker side: parsing, fonts, text; its display side: the API), structured cloning
// (pdf.js passes every message through structuredClone, even in one thread), the decompression
// pre-scan (guard.ts, with the zlib under it), the layout (layout.ts, struct.ts), the cross-page
// rules (cleaning, furniture, contents, headings), chunking, garbage collection, the rest.
//
//   node_modules/.bin/node bench/pdf-profile.ts [file.pdf]    (default: the 1158-page fixture)
//   BENCH_RUNS=2: reads before the profiled one are a warm-up, as a warm pool thread has had
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const PHASES: [string, (frame: ProfileNode['callFrame']) => boolean][] = [
  ['structured cloning', (f) => f.functionName === 'structuredClone'],
  ['decompression pre-scan (guard.ts + zlib)', (f) => /\/pdf\/guard\.ts$/.test(f.url)],
  ['layout (layout.ts, struct.ts)', (f) => /\/pdf\/(?:layout|struct)\.ts$/.test(f.url)],
  [
    'cross-page rules (extract, clean, furniture, toc, headings, overlays)',
    (f) => /\/pdf\/(?:extract|clean|furniture|toc|headings|overlays)\.ts$/.test(f.url),
  ],
  [
    'chunking (chunker.ts, chunk-document.ts)',
    (f) => /\/documents\/(?:chunker|chunk-document|section)\.ts$/.test(f.url),
  ],
  ['page loop (page-text.ts, text-layer.ts)', (f) => /\/pdf\/(?:page-text|text-layer)\.ts$/.test(f.url)],
  ['pdf.js worker side (parsing, fonts, text)', (f) => /pdf\.worker\.mjs$/.test(f.url)],
  ['pdf.js display side (API, messages)', (f) => /pdfjs-dist\/legacy\/build\/pdf\.mjs$/.test(f.url)],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
];

const role = process.argv[2];
if (role === 'read') {
  const { readDocument } = await import('../src/documents/chunk-document.ts');
  const data = readFileSync(process.argv[3]!);
  const runs = Number(process.env.BENCH_RUNS ?? 2);
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const { chunks } = await readDocument({ format: 'pdf', bytes: new Uint8Array(data) });
    console.log(`  read ${i + 1}: ${chunks.length} chunks in ${(performance.now() - t).toFixed(0)} ms`);
  }
} else {
  const file = process.argv[2] ?? fileURLToPath(new URL('../test/fixtures/generated/manual-1158.pdf', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'pdf-profile-'));
  try {
    const r = spawnSync(
      process.execPath,
      ['--cpu-prof', `--cpu-prof-dir=${dir}`, fileURLToPath(import.meta.url), 'read', file],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (r.status !== 0) throw new Error(`the profiled read exited with ${r.status}`);
    const profile = JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8')) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const phaseOf = new Map<number, string>();
    const classify = (id: number): string => {
      const known = phaseOf.get(id);
      if (known !== undefined) return known;
      const node = byId.get(id)!;
      const hit = PHASES.find(([, test]) => test(node.callFrame));
      const p = parent.get(id);
      const phase = hit ? hit[0] : p === undefined ? 'other (module loading, idle, the rest)' : classify(p);
      phaseOf.set(id, phase);
      return phase;
    };
    const totals = new Map<string, number>();
    let all = 0;
    profile.samples.forEach((id, i) => {
      const dt = profile.timeDeltas[i] ?? 0;
      if (byId.get(id)!.callFrame.functionName === '(idle)') return;
      all += dt;
      const phase = classify(id);
      totals.set(phase, (totals.get(phase) ?? 0) + dt);
    });
    console.log(`\nCPU profile of ${file} (every read of the process, idle left out): ${(all / 1000).toFixed(0)} ms`);
    console.log('\n| phase | ms | share |\n|---|---|---|');
    for (const [phase, us] of [...totals].sort((a, b) => b[1] - a[1]))
      console.log(`| ${phase} | ${(us / 1000).toFixed(0)} | ${((us / all) * 100).toFixed(1)} % |`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
