// OCR word recall: the share of a reference reading's words (as a multiset) that a reading has.
// The corpus's scanned and mixed PDFs (scripts/corpus/sources.json, convert 'scan') are measured
// with it against the service's reading of the born-digital pages they were made from, and
// scripts/ocr-quality.ts against pdftotext of the original pages.

/** Words as the recall counts them: runs of letters and digits, lower-cased. */
export const recallTokens = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Share (0..1) of the reference's words, as a multiset, found in `text`; 1 for an empty reference. */
export function wordRecall(reference: string, text: string): number {
  const have = new Map<string, number>();
  for (const t of recallTokens(text)) have.set(t, (have.get(t) ?? 0) + 1);
  const ref = recallTokens(reference);
  let hit = 0;
  for (const t of ref) {
    const n = have.get(t) ?? 0;
    if (n > 0) {
      hit++;
      have.set(t, n - 1);
    }
  }
  return ref.length === 0 ? 1 : hit / ref.length;
}

/**
 * The words of the reference that `text` lacks (as a multiset), most frequent first: what OCR
 * misread, for the report's examples.
 */
export function missingWords(reference: string, text: string): [word: string, times: number][] {
  const have = new Map<string, number>();
  for (const t of recallTokens(text)) have.set(t, (have.get(t) ?? 0) + 1);
  const missing = new Map<string, number>();
  for (const t of recallTokens(reference)) {
    const n = have.get(t) ?? 0;
    if (n > 0) have.set(t, n - 1);
    else missing.set(t, (missing.get(t) ?? 0) + 1);
  }
  return [...missing].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}
