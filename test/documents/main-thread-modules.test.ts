// The main thread (configuration, routes, the pool's front) never loads the parsers: pdf.js, whose
// Node build also loads @napi-rs/canvas, and the OCR engine belong to the worker threads. Loaded
// on the main thread as well, they cost every replica ~20 MB of rss for nothing
// (docs/benchmarks.md, "Admission, load and large documents").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registerHooks } from 'node:module';

test('importing the app loads neither pdf.js, nor @napi-rs/canvas, nor the OCR engine (tesseract.js-core)', async () => {
  const loaded: string[] = [];
  const hooks = registerHooks({
    resolve(specifier, context, next) {
      const r = next(specifier, context);
      loaded.push(r.url);
      return r;
    },
  });
  try {
    await import('../../src/app.ts');
  } finally {
    hooks.deregister();
  }
  // The hook saw the app's own modules, format detection among them.
  assert.ok(loaded.some((u) => u.endsWith('/src/documents/detect.ts')));
  assert.deepEqual(
    loaded.filter((u) =>
      /\/node_modules\/(pdfjs-dist|@napi-rs\/canvas|tesseract\.js-core|wasm-feature-detect)\//.test(u),
    ),
    [],
  );
});
