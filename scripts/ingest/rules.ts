// `npm run ingest` (issue 23, step 4): the pure rules of the folder tool. Which files are
// documents, the document-id a path gets, the state that says a document is unchanged since the
// last run, and the summary table.
import { createHash } from 'node:crypto';

/** File names the service reads (it judges by content; these are the names a folder holds them under). */
const SUPPORTED = /\.(pdf|docx|html?|xhtml|md|markdown|txt|text)$/i;
export const isSupported = (name: string): boolean => SUPPORTED.test(name) && !name.startsWith('.');

/**
 * The document-id of a path: the first 52 bits of SHA-256 of the path as given (relative to where
 * the tool runs, '/' separators), so the same file keeps its id from one night to the next, and
 * stays below 2^53 (a JavaScript Number, an Azure SDK, keeps it exactly).
 */
export const documentIdOf = (path: string): string =>
  String(Number.parseInt(createHash('sha256').update(path, 'utf8').digest('hex').slice(0, 13), 16));

/** The settings that change what the index holds of a document (never the keys): part of the state key. */
export function settingsKey(s: Record<string, string | undefined>): string {
  const names = Object.keys(s).sort();
  return createHash('sha256')
    .update(JSON.stringify(names.map((n) => [n, s[n] ?? null])))
    .digest('hex')
    .slice(0, 16);
}

export interface StateEntry {
  /** SHA-256 of the file's bytes */
  content: string;
  settings: string;
  documentId: string;
  chunks: number;
  at: string;
}
export type State = Record<string, StateEntry>;

/** A document is skipped when the last run indexed these very bytes with these settings. */
export const isUnchanged = (state: State, path: string, content: string, settings: string): boolean =>
  state[path]?.content === content && state[path]?.settings === settings;

export interface Row {
  path: string;
  outcome: 'indexed' | 'skipped' | 'failed';
  chunks?: number;
  reused?: number;
  removed?: number;
  seconds?: number;
  error?: string;
}

/** The summary: one line per document, aligned columns, and a total line. */
export function summaryTable(rows: readonly Row[]): string {
  const head = ['document', 'outcome', 'chunks', 'reused', 'removed', 'seconds', 'error'];
  const cells = rows.map((r) => [
    r.path,
    r.outcome,
    r.chunks === undefined ? '' : String(r.chunks),
    r.reused === undefined ? '' : String(r.reused),
    r.removed === undefined ? '' : String(r.removed),
    r.seconds === undefined ? '' : r.seconds.toFixed(1),
    r.error ?? '',
  ]);
  const width = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((x, i) => (i >= 2 && i <= 5 ? x.padStart(width[i]!) : x.padEnd(width[i]!)))
      .join('  ')
      .trimEnd();
  const count = (o: Row['outcome']) => rows.filter((r) => r.outcome === o).length;
  return [
    line(head),
    ...cells.map(line),
    `${rows.length} documents: ${count('indexed')} indexed, ${count('skipped')} skipped (unchanged), ${count('failed')} failed`,
  ].join('\n');
}

/** The wait before the next poll: the job's Retry-After in seconds, bounded to 0.2-10 s; 1 s without one. */
export function pollWaitMs(retryAfter: string | null): number {
  const s = retryAfter !== null && /^\d+(\.\d+)?$/.test(retryAfter.trim()) ? Number(retryAfter) : 1;
  return Math.min(10_000, Math.max(200, s * 1000));
}
