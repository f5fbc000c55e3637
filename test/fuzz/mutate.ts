// Seeded mutation of real documents, the ways real files get damaged: bits flipped, spans lost,
// repeated or overwritten, tails cut, structure keywords swapped. A mutation plan is data (positions
// as fractions of the length), so a plan applies to any document, replays exactly, prints in a
// finding, and shrinks: fast-check generates plans and its shrinking is the minimiser.
import fc from 'fast-check';

export type FuzzFormat = 'pdf' | 'docx' | 'odt' | 'pptx' | 'odp' | 'html' | 'markdown' | 'text';

export type Mutation =
  /** one bit of the byte at `at` (a fraction of the length) */
  | { op: 'flip'; at: number; bit: number }
  | { op: 'delete'; at: number; len: number }
  /** `len` bytes from `at` repeated at `to` */
  | { op: 'duplicate'; at: number; len: number; to: number }
  /** `len` bytes at `at` overwritten with those at `from` */
  | { op: 'overwrite'; at: number; len: number; from: number }
  /** everything from `at` on cut */
  | { op: 'truncate'; at: number }
  /** the `nth` occurrence (modulo their count) of a structure keyword replaced by keyword `to` */
  | { op: 'keyword'; nth: number; to: number };

/**
 * Structure keywords per format: where a parser's decisions hang. Word, OpenDocument and PowerPoint
 * files are ZIP archives whose XML is deflated, so theirs are the archive's own records and part names.
 */
/** An OpenDocument file's archive records and part names (text and presentation alike). */
const ODF = [
  'PK\x03\x04',
  'PK\x01\x02',
  'PK\x05\x06',
  'mimetype',
  'content.xml',
  'styles.xml',
  'META-INF/manifest.xml',
  '.xml',
];

export const KEYWORDS: Record<FuzzFormat, string[]> = {
  pdf: [
    'obj',
    'endobj',
    'stream',
    'endstream',
    'xref',
    'trailer',
    'startxref',
    '/Length',
    '/Kids',
    '/Count',
    '/Parent',
    '/Pages',
    '/Page',
    '/Type',
    '/Filter',
    '/FlateDecode',
    '/Font',
    '/Contents',
    '/Outlines',
    '/StructTreeRoot',
    ' R',
    '<<',
    '>>',
    '[',
    ']',
  ],
  docx: ['PK\x03\x04', 'PK\x01\x02', 'PK\x05\x06', 'word/document.xml', '[Content_Types].xml', '.xml', '.rels'],
  odt: ODF,
  odp: ODF,
  pptx: [
    'PK\x03\x04',
    'PK\x01\x02',
    'PK\x05\x06',
    'ppt/presentation.xml',
    'ppt/slides/slide',
    '[Content_Types].xml',
    '.xml',
    '.rels',
  ],
  html: [
    '<table',
    '<tr',
    '<td',
    '<th',
    '<pre',
    '<code',
    '<div',
    '<p',
    '</',
    '<!--',
    '-->',
    '<script',
    '<style',
    '&amp;',
    '<h1',
    '<h2',
    '<ul',
    '<li',
    '<meta',
    'charset',
    '<br',
    '"',
    '>',
  ],
  markdown: ['```', '~~~', '# ', '## ', '|', '---', '* ', '- ', '1. ', '[', '](', '<', '>', '    ', '\n\n', '\\'],
  text: ['\n\n', '\n', '. ', '\r\n', '\t', '\u00ad', '-\n', ' '],
};

const byteAt = (n: number, at: number) => Math.min(n - 1, Math.max(0, Math.floor(at * n)));

function occurrences(doc: Uint8Array, word: Uint8Array): number[] {
  const out: number[] = [];
  if (word.length === 0) return out;
  for (let i = doc.indexOf(word[0]!); i >= 0 && i <= doc.length - word.length; i = doc.indexOf(word[0]!, i + 1)) {
    let k = 1;
    while (k < word.length && doc[i + k] === word[k]) k++;
    if (k === word.length) out.push(i);
  }
  return out;
}

function apply(doc: Uint8Array, m: Mutation, keywords: string[]): Uint8Array {
  const n = doc.length;
  if (n === 0) return doc;
  switch (m.op) {
    case 'flip': {
      const out = doc.slice();
      const i = byteAt(n, m.at);
      out[i] = out[i]! ^ (1 << (m.bit & 7));
      return out;
    }
    case 'delete': {
      const i = byteAt(n, m.at);
      return concat(doc.subarray(0, i), doc.subarray(Math.min(n, i + m.len)));
    }
    case 'duplicate': {
      const i = byteAt(n, m.at);
      const span = doc.subarray(i, Math.min(n, i + m.len));
      const to = byteAt(n, m.to);
      return concat(doc.subarray(0, to), span, doc.subarray(to));
    }
    case 'overwrite': {
      const out = doc.slice();
      const i = byteAt(n, m.at);
      const from = byteAt(n, m.from);
      out.set(doc.subarray(from, Math.min(n, from + m.len, from + (n - i))), i);
      return out;
    }
    case 'truncate':
      return doc.subarray(0, byteAt(n, m.at));
    case 'keyword': {
      const words = keywords.map((k) => new TextEncoder().encode(k));
      const all = words.flatMap((w, wi) => occurrences(doc, w).map((at) => ({ at, wi })));
      if (all.length === 0) return doc;
      all.sort((a, b) => a.at - b.at);
      const hit = all[m.nth % all.length]!;
      const replacement = words[m.to % words.length]!;
      return concat(doc.subarray(0, hit.at), replacement, doc.subarray(hit.at + words[hit.wi]!.length));
    }
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The document after each mutation of the plan in turn; the input is never changed. */
export function mutate(doc: Uint8Array, plan: readonly Mutation[], format: FuzzFormat): Uint8Array {
  let out = doc;
  for (const m of plan) out = apply(out, m, KEYWORDS[format]);
  return out === doc ? doc.slice() : out;
}

// Unbiased: fast-check leans towards small values, and a plan's positions should fall anywhere in
// the document (a lean towards 0 made most truncations cut everything).
const fraction = fc.noBias(fc.integer({ min: 0, max: 999_999 })).map((n) => n / 1_000_000);
const span = fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 4096 }));

/** One mutation; small spans are as likely as large ones. */
export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: fraction, bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ op: fc.constant('delete' as const), at: fraction, len: span }),
  fc.record({ op: fc.constant('duplicate' as const), at: fraction, len: span, to: fraction }),
  fc.record({ op: fc.constant('overwrite' as const), at: fraction, len: span, from: fraction }),
  fc.record({ op: fc.constant('truncate' as const), at: fraction }),
  fc.record({
    op: fc.constant('keyword' as const),
    nth: fc.integer({ min: 0, max: 100_000 }),
    to: fc.integer({ min: 0, max: 64 }),
  }),
);

/** A plan of one to eight mutations. */
export const planArbitrary: fc.Arbitrary<Mutation[]> = fc.array(mutationArbitrary, { minLength: 1, maxLength: 8 });

/** The plan of case `index` of a campaign with `seed`: the same pair gives the same plan, anywhere. */
export function planFor(seed: number, index: number): Mutation[] {
  return fc.sample(planArbitrary, { seed: (seed * 1_000_003 + index) | 0, numRuns: 1 })[0]!;
}
