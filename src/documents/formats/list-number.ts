// The number of an ordered list item as its document shows it, for the formats that number their
// lists themselves (HTML `<ol type start>` and `<li value>`, Word's numbering.xml): the chunks
// carry "3." or "b)" where the reader sees it, so a step or a clause can be cited by its number.

/** The numbering styles both formats name (HTML's `type`, Word's `w:numFmt`). */
export type ListNumberFormat = 'decimal' | 'decimalZero' | 'lowerLetter' | 'upperLetter' | 'lowerRoman' | 'upperRoman';

/** HTML's `type` attribute of `<ol>` (`1`, `a`, `A`, `i`, `I`), case-sensitive; decimal for anything else. */
export function htmlListFormat(type: string | undefined): ListNumberFormat {
  switch (type?.trim()) {
    case 'a':
      return 'lowerLetter';
    case 'A':
      return 'upperLetter';
    case 'i':
      return 'lowerRoman';
    case 'I':
      return 'upperRoman';
    default:
      return 'decimal';
  }
}

/**
 * Word's `w:numFmt` value as one of ours: `bullet` and `none` give undefined (no number), a
 * format we do not spell (`chineseCounting`, `ordinalText`, ...) falls back to decimal.
 */
export function wordListFormat(numFmt: string | undefined): ListNumberFormat | undefined {
  switch (numFmt) {
    case 'bullet':
    case 'none':
      return undefined;
    case 'decimalZero':
    case 'lowerLetter':
    case 'upperLetter':
    case 'lowerRoman':
    case 'upperRoman':
      return numFmt;
    default:
      return 'decimal';
  }
}

const ROMAN: [number, string][] = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

/**
 * `n` spelt in `format`. Letters run a..z, then aa..zz, aaa.. as Word and browsers print them
 * (27 is "aa"); roman numerals up to 3999; values the style cannot spell (0 or less in letters or
 * roman, 4000 or more in roman) are written in decimal, as browsers do.
 */
export function formatListNumber(n: number, format: ListNumberFormat): string {
  switch (format) {
    case 'decimal':
      return String(n);
    case 'decimalZero':
      return n >= 0 && n < 10 ? `0${n}` : String(n);
    case 'lowerLetter':
    case 'upperLetter': {
      if (n < 1) return String(n);
      const letter = String.fromCharCode(97 + ((n - 1) % 26)).repeat(Math.floor((n - 1) / 26) + 1);
      return format === 'upperLetter' ? letter.toUpperCase() : letter;
    }
    case 'lowerRoman':
    case 'upperRoman': {
      if (n < 1 || n >= 4000) return String(n);
      let rest = n;
      let out = '';
      for (const [v, s] of ROMAN) {
        while (rest >= v) {
          out += s;
          rest -= v;
        }
      }
      return format === 'upperRoman' ? out.toUpperCase() : out;
    }
  }
}

/**
 * The text of a heading that a list or an outline numbers: its number as the document shows it,
 * then its title ("1.2" + "Details" -> "1.2 Details"). Word and OpenDocument. A heading style may
 * carry numbering: Word's
 * multilevel heading lists and LibreOffice's outline numbering (every heading style of a Word file
 * LibreOffice writes from its own or pandoc's documents, with the number format "none") put
 * `w:numPr` in the Heading n style. Such a paragraph is a heading all the same, not a list item;
 * a level without a number (format "none", a bullet: `marker` undefined) adds nothing, and a
 * title that already opens with its number is not numbered twice. OpenDocument's outline
 * numbering (odt/odf.ts outlineNumber) gives '' for a level without a number.
 */
export function numberedHeading(text: string, marker: string | undefined): string {
  if (marker === undefined || marker.length === 0) return text;
  if (text === marker || text.startsWith(marker + ' ')) return text;
  return `${marker} ${text}`;
}
