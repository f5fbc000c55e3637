// What a document's first read costs over a read of the same document again: one thread, warmed
// as a pool thread is (src/documents/warm.ts), reads each PDF of a list, then the list again in
// the same order, every read with fresh bytes (a byte after %%EOF changed), so nothing the
// service keeps could serve a second read. Per read it prints the thread's CPU time and what
// V8's optimising compilers did meanwhile (`--trace-opt`: functions compiled by TurboFan and
// Maglev, and their compile time), and per document the ratio first read / second read, both
// measured in the same run. Other documents are read between a document's two reads, so what the
// second read saves is specific to that document, not a start-up cost.
//
//   node_modules/.bin/node bench/pdf-jit.ts [a.pdf b.pdf ...]   (default: ../shared/corpus's PDFs)
//
// It runs the reading child with `npm start`'s V8 flags (bench/start-flags.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { START_FLAGS } from './start-flags.ts';

const MARK = '@@read ';

if (process.argv[2] === 'child') {
  const { readDocument } = await import('../src/documents/chunk-document.ts');
  const { warmUpPdf } = await import('../src/documents/warm.ts');
  for (let i = 0; i < 2; i++) await readDocument({ format: 'pdf', bytes: warmUpPdf(64) });
  const files = process.argv.slice(3);
  const list = [...files, ...files];
  for (const [i, file] of list.entries()) {
    const bytes = new Uint8Array(readFileSync(file));
    bytes[bytes.length - 1] = i % 2 === 0 ? 0x0a : 0x20; // after %%EOF: new bytes, same document
    console.log('@@start');
    const before = process.cpuUsage();
    const { chunks } = await readDocument({ format: 'pdf', bytes });
    const cpu = process.cpuUsage(before);
    console.log(`${MARK}${JSON.stringify({ file, cpu: (cpu.user + cpu.system) / 1e6, chunks: chunks.length })}`);
  }
} else {
  const shared = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));
  const defaults = ['gnuplot.pdf', 'R-intro.pdf', 'chromium-handbook.pdf', 'groff-manual.pdf'].map((f) => shared + f);
  const files = process.argv.length > 2 ? process.argv.slice(2) : defaults.filter((f) => existsSync(f));
  const flags = START_FLAGS.filter((f) => !f.startsWith('--v8-pool-size'));
  const r = spawnSync(process.execPath, [...flags, '--trace-opt', fileURLToPath(import.meta.url), 'child', ...files], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`the reading child exited with ${r.status}: ${r.stderr}`);
  interface Read {
    file: string;
    cpu: number;
    chunks: number;
    turbofan: number;
    maglev: number;
    compileMs: number;
  }
  const reads: Read[] = [];
  let compiled = { turbofan: 0, maglev: 0, compileMs: 0 };
  for (const line of r.stdout.split('\n')) {
    if (line === '@@start') compiled = { turbofan: 0, maglev: 0, compileMs: 0 };
    else if (line.startsWith(MARK))
      reads.push({ ...(JSON.parse(line.slice(MARK.length)) as Pick<Read, 'file' | 'cpu' | 'chunks'>), ...compiled });
    else {
      const m = /^\[completed compiling .* \(target (TURBOFAN\w*|MAGLEV)\).* took ([\d.]+), ([\d.]+), ([\d.]+) ms/.exec(
        line,
      );
      if (!m) continue;
      if (m[1] === 'MAGLEV') compiled.maglev++;
      else compiled.turbofan++;
      compiled.compileMs += Number(m[2]) + Number(m[3]) + Number(m[4]);
    }
  }
  console.log(`node ${[...flags, '--trace-opt'].join(' ')}, one thread, warmed as a pool thread is\n`);
  console.log('| document | chunks | read | CPU s | TurboFan compiles | Maglev compiles | compile ms |');
  console.log('|---|---|---|---|---|---|---|');
  reads.forEach((read, i) =>
    console.log(
      `| ${basename(read.file)} | ${read.chunks} | ${i < files.length ? 'first' : 'second'} | ${read.cpu.toFixed(2)} | ${read.turbofan} | ${read.maglev} | ${read.compileMs.toFixed(0)} |`,
    ),
  );
  console.log('\n| document | first read / second read, CPU |\n|---|---|');
  files.forEach((file, i) => {
    const ratio = reads[i]!.cpu / reads[i + files.length]!.cpu;
    console.log(`| ${basename(file)} | ${ratio.toFixed(2)}x |`);
  });
}
