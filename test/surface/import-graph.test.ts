// The layout's promises about imports: no module of src/ or emulator/src/ reaches itself
// through its imports (type-only imports included), the service never imports the emulator, and
// no route module imports another (what two routes share lives in src/schemas/ or below).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Relative imports and re-exports of one source text, as paths from the repository root. */
export function relativeImports(file: string, text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    normalize(join(dirname(file), m[1]!)),
  );
}

/** Every cycle found by a depth-first walk, each as the list of files around it. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

test('findCycles: a table of graphs', () => {
  const table: [string, Record<string, string[]>, number][] = [
    ['a chain', { a: ['b'], b: ['c'], c: [] }, 0],
    ['a diamond', { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }, 0],
    ['two files importing each other', { a: ['b'], b: ['a'] }, 1],
    ['a longer circle', { a: ['b'], b: ['c'], c: ['a'] }, 1],
    ['a file importing itself', { a: ['a'] }, 1],
  ];
  for (const [name, g, n] of table) assert.equal(findCycles(new Map(Object.entries(g))).length, n, name);
});

test('relativeImports: values, types and re-exports; packages left out', () => {
  const text =
    "import { a } from './a.ts';\nimport type { B } from '../b.ts';\nexport { c } from './c/index.ts';\nimport Fastify from 'fastify';\n";
  assert.deepEqual(relativeImports('src/x/y.ts', text), ['src/x/a.ts', 'src/b.ts', 'src/x/c/index.ts']);
});

test('src/ and emulator/src/ have no import cycle, and src/ never imports the emulator', () => {
  const files = [...tsFiles('src'), ...tsFiles('emulator/src')];
  const graph = new Map(files.map((f) => [f, relativeImports(f, readFileSync(join(ROOT, f), 'utf8'))]));
  const cycles = findCycles(graph);
  assert.deepEqual(
    cycles.map((c) => c.join(' -> ')),
    [],
  );
  const intoEmulator = [...graph]
    .filter(([f]) => f.startsWith('src'))
    .flatMap(([f, deps]) => deps.filter((d) => d.startsWith('emulator')).map((d) => `${f} -> ${d}`));
  assert.deepEqual(intoEmulator, []);
  assert.ok(files.length > 50, `${files.length} files read from ${relative(process.cwd(), ROOT) || '.'}`);
});

/** Imports (and re-exports) from one route module of another, as `from -> to`. */
export function crossRouteImports(files: ReadonlyMap<string, string>): string[] {
  return [...files].flatMap(([file, text]) =>
    relativeImports(file, text)
      .filter((to) => dirname(to) === dirname(file) && to !== file)
      .map((to) => `${file} -> ${to}`),
  );
}

describe('crossRouteImports: a table of route files', () => {
  const cases: [string, string, string[]][] = [
    [
      'a schema, a helper and a package',
      "import { A } from '../schemas/a.ts';\nimport { r } from '../http/mount.ts';\nimport x from 'fastify';\n",
      [],
    ],
    ['another route', "import { T } from './other.ts';\n", ['src/routes/r.ts -> src/routes/other.ts']],
    ['a type of another route', "import type { T } from './other.ts';\n", ['src/routes/r.ts -> src/routes/other.ts']],
    ['a re-export of another route', "export { T } from './other.ts';\n", ['src/routes/r.ts -> src/routes/other.ts']],
  ];
  for (const [name, text, expected] of cases) {
    test(name, () => assert.deepEqual(crossRouteImports(new Map([['src/routes/r.ts', text]])), expected));
  }
});

test('no module of src/routes/ imports another route module', () => {
  const routes = tsFiles('src/routes');
  const cross = crossRouteImports(new Map(routes.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')])));
  assert.deepEqual(cross, []);
  assert.ok(routes.length >= 7, `${routes.length} route files read`);
});

// ---- the documents layout: formats behind their list, OCR a stage of its own ----

/** Package imports of one source text that load code (`import type` left out). */
export function packageImports(text: string): string[] {
  const statics = [...text.matchAll(/(?:^|\n)\s*(?:import|export)(\s+type)?\b[^'"]*?\bfrom\s+['"]([^.'"][^'"]*)['"]/g)]
    .filter((m) => m[1] === undefined)
    .map((m) => m[2]!);
  // A dynamic import of a package named by a literal (pdfjs.ts loads pdf.js after its load hook).
  const dynamics = [...text.matchAll(/\bimport\(\s*['"]([^.'"][^'"]*)['"]\s*\)/g)].map((m) => m[1]!);
  return [...statics, ...dynamics];
}

test('packageImports: values, re-exports and dynamic imports; types and relative paths left out', () => {
  const text =
    "import { a } from 'pkg-a';\nimport type { B } from 'pkg-b/types.d.ts';\nexport { c } from 'pkg-c';\nimport { d } from './d.ts';\nconst e = await import('pkg-e/e.mjs');\nconst f = await import('./f.ts');\n";
  assert.deepEqual(packageImports(text), ['pkg-a', 'pkg-c', 'pkg-e/e.mjs']);
});

const FORMATS_DIR = 'src/documents/formats/';
/** A format's own folder: src/documents/formats/<name>/. */
const FORMAT_FOLDER = /^src\/documents\/formats\/[^/]+\//;

function sourceGraph(): Map<string, string[]> {
  return new Map(tsFiles('src').map((f) => [f, relativeImports(f, readFileSync(join(ROOT, f), 'utf8'))]));
}

test('formats are reached through their list: outside formats/, src/documents/ imports only formats/index.ts of them', () => {
  const wrong = [...sourceGraph()]
    .filter(([f]) => f.startsWith('src/documents/') && !f.startsWith(FORMATS_DIR))
    .flatMap(([f, deps]) =>
      deps.filter((d) => d.startsWith(FORMATS_DIR) && d !== `${FORMATS_DIR}index.ts`).map((d) => `${f} -> ${d}`),
    );
  assert.deepEqual(wrong, []);
});

test("neutral code (config, errors, the pool, routes, http) imports nothing of a format's folder, PDF's included", () => {
  const graph = sourceGraph();
  const wrong = [...graph]
    .filter(([f]) => !f.startsWith(FORMATS_DIR))
    .flatMap(([f, deps]) => deps.filter((d) => FORMAT_FOLDER.test(d)).map((d) => `${f} -> ${d}`));
  assert.deepEqual(wrong, []);
});

test('OCR lives in src/documents/ocr/, not in a format: it imports no format, and only its engine loads Tesseract', () => {
  const graph = sourceGraph();
  const ocrFiles = [...graph.keys()].filter((f) => f.startsWith('src/documents/ocr/'));
  assert.ok(ocrFiles.includes('src/documents/ocr/engine.ts') && ocrFiles.includes('src/documents/ocr/read-pages.ts'));
  assert.deepEqual(
    ocrFiles.flatMap((f) =>
      graph
        .get(f)!
        .filter((d) => d.startsWith(FORMATS_DIR))
        .map((d) => `${f} -> ${d}`),
    ),
    [],
  );
  const loaders = (pkg: RegExp) =>
    [...graph.keys()].filter((f) => packageImports(readFileSync(join(ROOT, f), 'utf8')).some((p) => pkg.test(p)));
  assert.deepEqual(loaders(/^(?:tesseract\.js-core|wasm-feature-detect)(?:\/|$)/), ['src/documents/ocr/engine.ts']);
  // And pdf.js is loaded through the one module that applies its fix (formats/pdf/pdfjs.ts).
  assert.deepEqual(loaders(/^pdfjs-dist(?:\/|$)/), ['src/documents/formats/pdf/pdfjs.ts']);
});
