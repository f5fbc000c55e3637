// A references list's entries (LaTeX's thebibliography, BibTeX's and biblatex's numeric and
// alphabetic styles): each entry opens with its label in brackets, "[12]" or "[Lam94]", or with a
// bare number ("12 A. Author"), its further lines hang under its text, right of the label. Each
// entry is one paragraph.

/**
 * A bibliography label in brackets at a line's start, and a space: a number ("[12] "), or an
 * alphabetic style's key, a capital, up to seven more letters (or "+", "-") and a year of two or
 * four digits with an optional letter ("[Lam94] ", "[GMS94a] ", "[Knu+1984] "). A bracketed word
 * without digits ("[Note] ", "[optional] ") is no label.
 */
const CITATION_LABEL = /^\[(?:\d{1,3}|\p{Lu}[\p{L}+-]{0,7}\s?(?:\d{2}|\d{4})[a-z]?)\]\s/u;

/** Does a line open with a bibliography label ("[12] Lamport, L. ...", "[Lam94] ...")? */
export function opensWithCitation(text: string): boolean {
  return CITATION_LABEL.test(text);
}

/**
 * Does a line starting at `x` go on under the text of a bibliography entry whose first line
 * (`text`, starting at `x0`) opens with its label? thebibliography hangs an entry's further lines
 * at its text, the label's width (up to 0.6 em a character) and a gap of up to 1.5 em right of
 * the label: "[1] M. Goossens, F. Mittelbach and A. Samarin, The LATEX Companion," over
 * "Addison-Wesley, 1994." 1.5 em in is the entry's second line, not a new paragraph's indent.
 */
export function hangsUnderCitation(text: string, x0: number, x: number, size: number): boolean {
  const m = CITATION_LABEL.exec(text);
  if (!m) return false;
  const off = x - x0;
  return off > 0.3 * size && off <= ((m[0].length - 1) * 0.6 + 1.5) * size;
}

/**
 * Does a line (`text`, starting at `x`) open the next bibliography entry after one whose first
 * line (`entryText`, at `entryX`) opened with a label? A line opening with a label at the label
 * of the entry before it is the next entry, however full the line above it (a one-line entry
 * that fills the measure, "[3] Helmut Kopka and Patrick W. Daly. A Guide to LaTeX. Addison-Wesley,
 * 1999." over "[4] Leslie Lamport. ...", read as one paragraph).
 */
export function nextCitation(entryText: string, entryX: number, text: string, x: number, size: number): boolean {
  return Math.abs(x - entryX) <= 0.3 * size && CITATION_LABEL.test(entryText) && CITATION_LABEL.test(text);
}

/** A bare entry number at a line's start, and the capital of its first author (biblatex-phys's "9 A. M. Coghill"). */
const NUMBER_LABEL = /^(\d{1,3}) (?=\p{Lu})/u;

/**
 * Does a line (`text`, at `x`) open the next entry of a list numbered by bare numbers after one
 * whose first line (`entryText`, at `entryX`) opened with the number before? A numeric references
 * style without brackets (biblatex-phys, biblatex-chem, biblatex-nature) prints "9 A. M. Coghill
 * ... 2006)." over "10 F. A. Cotton ...": a full last line, so the entries ran together. A bare
 * number opens too many lines (a table's, a numbered line's) to be a label alone: only the next
 * number at the same left, under a line that opened with its predecessor, is the next entry.
 */
export function nextNumberedEntry(entryText: string, entryX: number, text: string, x: number, size: number): boolean {
  if (Math.abs(x - entryX) > 0.3 * size) return false;
  const a = NUMBER_LABEL.exec(entryText);
  if (!a) return false;
  const b = NUMBER_LABEL.exec(text);
  return b !== null && Number(b[1]) === Number(a[1]) + 1;
}
