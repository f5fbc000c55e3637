// Abbreviations after which a period does not end a sentence: the chunker's sentence ends
// (endsSentence) must not cut "see e.g." from what follows. The word is the text between the
// last blank or "(" and the period, lower-cased ("e.g", "fig").

/** English abbreviations. */
const ENGLISH = [
  'e.g',
  'i.e',
  'etc',
  'vs',
  'cf',
  'fig',
  'figs',
  'eq',
  'eqs',
  'no',
  'nos',
  'vol',
  'pp',
  'p',
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'sec',
  'ch',
  'approx',
  'resp',
  'al',
  'ed',
  'eds',
  'st',
  'jr',
  'sr',
  'inc',
  'ltd',
  'co',
  'viz',
];

const ABBREVIATIONS: ReadonlySet<string> = new Set(ENGLISH);

/** Is `word` (lower case, without its final period) an abbreviation, after which no sentence ends? */
export function isAbbreviation(word: string): boolean {
  return ABBREVIATIONS.has(word);
}
