// A page's own share of the cross-page steps, done where the page is read (readPage: in each range
// reader's thread when a large document is read by several, ranges.ts) rather than by extractPdf
// on one thread after every page is in: its lines normalised (normalizeLine, normalizeSetting;
// lines left empty dropped) and its text as overlaySteps compares a slide's steps (stepKey). The
// same work on the same lines, so the same pages come out; only the thread that does it changes.
import type { PageText, TextLine } from './types.ts';
import { normalizeLine, normalizeSetting } from './clean.ts';
import { stepText } from './overlays.ts';
import { mayNeedOcr, textChars, triageLimit } from '../../ocr/triage.ts';
import { countAlnum } from '../../page-turns.ts';

/**
 * Normalises a page's lines and gives it its stepKey, unless OCR's triage may look at it (a page
 * with few characters or mostly unmapped ones, mayNeedOcr, as read or as normalised: ligatures
 * spelled out and `(cid:N)` leftovers dropped change the count): such a page keeps its lines as
 * read, as the triage has always seen them, and extractPdf readies it after OCR (readyLines).
 * A page of text meets neither and is readied here; the triage then passes it by as before.
 */
export function readyPage(p: PageText): void {
  const texts = p.lines.map((l) => normalizeLine(l.text));
  const unmapped = p.unmapped ?? 0;
  const limit = triageLimit(unmapped);
  if (mayNeedOcr(textChars(p.lines, limit), unmapped) || mayNeedOcr(countUpTo(texts, limit), unmapped)) return;
  p.lines = keptLines(p.lines, texts);
  p.stepKey = stepKey(p.lines);
}

/** What readyPage does to a page's lines, whatever OCR might do: extractPdf's for a page not readied. */
export function readyLines(p: PageText): void {
  p.lines = keptLines(
    p.lines,
    p.lines.map((l) => normalizeLine(l.text)),
  );
  p.stepKey = stepKey(p.lines);
}

/** The lines whose normalised text (`texts`, in their order) is not empty, given it. */
function keptLines(lines: TextLine[], texts: string[]): TextLine[] {
  const out: TextLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const text = texts[i]!;
    if (text.length === 0) continue;
    l.text = text;
    if (l.set) l.set = normalizeSetting(l.set);
    out.push(l);
  }
  return out;
}

/** A page's text as overlaySteps compares it (stepText), in lower case. */
const stepKey = (lines: TextLine[]): string => stepText(lines).toLowerCase();

/** Letters and digits of `texts` counted as textChars counts a page's lines, up to `limit`. */
function countUpTo(texts: string[], limit: number): number {
  let n = 0;
  for (const t of texts) {
    if (n >= limit) break;
    n += countAlnum(t);
  }
  return n;
}
