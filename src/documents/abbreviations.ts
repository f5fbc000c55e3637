// Abbreviations after which a period does not end a sentence: the chunker's sentence ends
// (endsSentence) must not cut "see e.g." from what follows. The word is the text between the
// last blank or "(" and the period, lower-cased ("e.g", "fig"; "p. ej." ends in "ej", "z.B." is
// "z.b"). A single letter ("z. B.", "S. A.", "J. Smith") is the chunker's own rule. Each language's
// list holds only abbreviations that no sentence of any of these languages ends with as a word:
// Spanish "es", English "art", "cap", "tab", "ok" are words, left out.

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

/** The abbreviations of our users' other languages, by language. */
const OTHERS: Readonly<Record<string, readonly string[]>> = {
  // "p. ej." (por ejemplo), "pág.", "núm.", "Sra.", "Ud."
  spanish: [
    'ej',
    'p.ej',
    'pág',
    'págs',
    'núm',
    'aprox',
    'sra',
    'srta',
    'dra',
    'ud',
    'uds',
    'vd',
    'vds',
    'dpto',
    'avda',
  ],
  // "p. ex." (per exemple), "pàg.", "núm."
  catalan: ['p.ex', 'pàg', 'pàgs'],
  // "p. ex." / "por ex.", "pág.", "Sra."
  portuguese: ['ex', 'v.g'],
  // "p. ex.", "cf.", "éd.", "chap.", "env."
  french: ['éd', 'chap', 'env', 'mme', 'mlle'],
  // "ecc.", "pag.", "cfr.", "sig.", "dott."
  italian: ['ecc', 'pag', 'pagg', 'cfr', 'sig', 'sigg', 'dott'],
  // "z.B.", "bzw.", "vgl.", "ggf.", "usw.", "d.h.", "u.a.", "Nr.", "Abb.", "ca."
  german: [
    'z.b',
    'zb',
    'bzw',
    'vgl',
    'ggf',
    'usw',
    'u.a',
    'd.h',
    'u.ä',
    'o.ä',
    's.o',
    's.u',
    'u.u',
    'evtl',
    'inkl',
    'bspw',
    'sog',
    'ca',
    'abb',
    'kap',
    'nr',
    'hrsg',
    'zzgl',
  ],
  // "np.", "itd.", "itp.", "tzn.", "tzw.", "tj.", "m.in.", "wg", "zob.", "str."
  polish: ['np', 'itd', 'itp', 'tzn', 'tzw', 'tj', 'm.in', 'wg', 'zob', 'str'],
  // "např.", "atd.", "apod.", "tzv.", "popř.", "srov.", "napr.", "atď."
  czechSlovak: ['např', 'napr', 'atd', 'atď', 'apod', 'tzv', 'popř', 'srov', 'mj'],
  // "bijv.", "o.a.", "d.w.z.", "enz."
  dutch: ['bijv', 'o.a', 'd.w.z', 'enz'],
};

const ABBREVIATIONS: ReadonlySet<string> = new Set([...ENGLISH, 'c.f', ...Object.values(OTHERS).flat()]);

/** Is `word` (lower case, without its final period) an abbreviation, after which no sentence ends? */
export function isAbbreviation(word: string): boolean {
  return ABBREVIATIONS.has(word);
}
