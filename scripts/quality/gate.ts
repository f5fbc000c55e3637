// The quality gate: each corpus document's figures against the floors recorded for it
// (scripts/quality/floors.json). A document fails when a figure where higher is better falls under
// its floor, or one where lower is better rises over its ceiling, or when it could not be read.
// `npm run quality -- --corpus --gate` runs the corpus and applies the gate; `--record-floors`
// writes the floors of the run (after an improvement: the floors only move up).
import type { DocumentResult } from './corpus.ts';

export interface GatedMeasure {
  /** Key in floors.json. */
  key: string;
  better: 'higher' | 'lower';
  /** The figure of a result, or undefined where the measure does not apply (no code in a PDF). */
  get(r: DocumentResult): number | undefined;
}

const badLabels = (r: DocumentResult) => r.labels.admonitions + r.labels.captions + r.labels.bullets;

export const GATED: readonly GatedMeasure[] = [
  // Not measured (undefined) where the document has no usable reference (noReference).
  { key: 'order', better: 'higher', get: (r) => r.service?.order },
  { key: 'coverage', better: 'higher', get: (r) => r.service?.coverage },
  { key: 'inRange', better: 'higher', get: (r) => r.inRange },
  { key: 'sentenceEnds', better: 'higher', get: (r) => r.sentenceEnds },
  { key: 'labelsMatching', better: 'higher', get: (r) => (r.referenceHeadings > 0 ? r.labels.matching : undefined) },
  { key: 'codeKept', better: 'higher', get: (r) => (r.code && r.code.blocks > 0 ? r.code.kept : undefined) },
  { key: 'rowsIntact', better: 'higher', get: (r) => (r.rows && r.rows.rows > 0 ? r.rows.intact : undefined) },
  {
    key: 'retrieval',
    better: 'higher',
    get: (r) => (r.retrieval && r.retrieval.questions > 0 ? r.retrieval.found : undefined),
  },
  // Born-digital PDFs: chunks whose pages are the pages pdftotext reads their first and last words on.
  {
    key: 'pagesRight',
    better: 'higher',
    get: (r) => (r.pageNumbers && r.pageNumbers.judged > 0 ? r.pageNumbers.right : undefined),
  },
  // Scanned and mixed PDFs: the share of the born-digital reading's words that their chunks have.
  { key: 'ocrWords', better: 'higher', get: (r) => r.ocr?.words },
  { key: 'listingLines', better: 'lower', get: (r) => r.listingLines },
  { key: 'gluedPer1000', better: 'lower', get: (r) => r.gluedPer1000 },
  { key: 'hyphenLeftovers', better: 'lower', get: (r) => r.hyphenLeftovers },
  // Line breaks left inside a sentence of prose (measures.ts proseBreaks).
  { key: 'proseBreaks', better: 'lower', get: (r) => r.proseBreaks },
  { key: 'midWordCuts', better: 'lower', get: (r) => r.midWordCuts },
  { key: 'badLabels', better: 'lower', get: badLabels },
  // Slide decks: chunks mixing two slides that could each stand alone, overlay text read again.
  { key: 'slideMixes', better: 'lower', get: (r) => r.slides?.mixes },
  { key: 'overlayRepeats', better: 'lower', get: (r) => r.slides?.repeats },
];

/** Per document id, per measure key: the recorded figure. */
export type Floors = Record<string, Record<string, number>>;

/** The figures are rounded to 0.1: a difference under half of that is rounding, not a change. */
const TOLERANCE = 0.05;

/** The floors a set of results sets: every gated figure of every document read without error. */
export function recordFloors(results: readonly DocumentResult[]): Floors {
  const floors: Floors = {};
  for (const r of results) {
    if (r.error) continue;
    const f: Record<string, number> = {};
    for (const m of GATED) {
      const v = m.get(r);
      if (v !== undefined) f[m.key] = v;
    }
    floors[r.id] = f;
  }
  return floors;
}

/**
 * One line per failure. `complete` (a run over the whole corpus) also fails a document that has
 * floors but no result; a run with --only checks the documents it ran.
 */
export function gateViolations(results: readonly DocumentResult[], floors: Floors, complete: boolean): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const r of results) {
    seen.add(r.id);
    if (r.error) {
      out.push(`${r.id}: not read: ${r.error}`);
      continue;
    }
    const f = floors[r.id];
    if (!f) {
      out.push(`${r.id}: no floors recorded (npm run quality -- --corpus --record-floors)`);
      continue;
    }
    for (const m of GATED) {
      const floor = f[m.key];
      if (floor === undefined) continue;
      const v = m.get(r);
      if (v === undefined) {
        out.push(`${r.id}: ${m.key} not measured, recorded ${floor}`);
        continue;
      }
      if (m.better === 'higher' ? v < floor - TOLERANCE : v > floor + TOLERANCE)
        out.push(`${r.id}: ${m.key} ${v}, ${m.better === 'higher' ? 'floor' : 'ceiling'} ${floor}`);
    }
  }
  if (complete) for (const id of Object.keys(floors)) if (!seen.has(id)) out.push(`${id}: floors recorded, not run`);
  return out;
}
