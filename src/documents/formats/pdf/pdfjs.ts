// pdf.js, as the service uses it: the one module that imports pdfjs-dist, so that pdf.js's worker
// code is loaded with our fix in it (below) wherever pdf.js runs (pool threads, scripts, tests).
//
// The fix: Catalog.getPageDict prefetches every top-level /Kids entry of the page tree
// (`pageDictCache.put(lastKid, xref.fetchAsync(lastKid))`) and awaits only the ones it reaches.
// In a damaged file a prefetch rejects (`XRefEntryException: Bad (uncompressed) XRef entry`)
// after the document has already failed, with nothing attached to it: an unhandled rejection,
// which ends the thread it runs on (and the process, through the pool's error event). The
// prefetched promise is marked handled where it is made, as pdf.js itself does for the page
// promises of its recovery path (checkLastPage: `promise.catch(() => {})`); whoever awaits it
// from the cache still sees the rejection. pdf.js has the same line upstream; the day it changes,
// patchPdfWorkerSource throws and every PDF test fails with its message, so the fix cannot
// silently stop applying.
import { registerHooks } from 'node:module';

const PREFETCH = 'pageDictCache.put(lastKid, xref.fetchAsync(lastKid));';
const PREFETCH_HANDLED =
  'const prefetched = xref.fetchAsync(lastKid); prefetched.catch(() => {}); pageDictCache.put(lastKid, prefetched);';

/** pdf.js's worker source with the prefetch fix; throws unless the prefetch line is there exactly once. */
export function patchPdfWorkerSource(source: string): string {
  const at = source.indexOf(PREFETCH);
  if (at < 0 || source.indexOf(PREFETCH, at + 1) >= 0) {
    throw new Error(
      `pdf.js worker source changed: expected its page-tree prefetch line once (${PREFETCH}); review src/documents/formats/pdf/pdfjs.ts against this pdfjs-dist version`,
    );
  }
  return source.slice(0, at) + PREFETCH_HANDLED + source.slice(at + PREFETCH.length);
}

const WORKER_MODULE = /\/pdfjs-dist\/legacy\/build\/pdf\.worker\.mjs$/;

/** How many times this thread loaded pdf.js's worker module with the fix (0 or 1; read by tests). */
export let patchedLoads = 0;

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!WORKER_MODULE.test(url) || loaded.source === undefined) return loaded;
    const source = typeof loaded.source === 'string' ? loaded.source : new TextDecoder().decode(loaded.source);
    const patched = patchPdfWorkerSource(source);
    patchedLoads++;
    return { ...loaded, source: patched };
  },
});

export { getDocument, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
