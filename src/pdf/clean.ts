// Character-level normalisation and line joining (hyphenation). Linear, regex-light.

const LIGATURES: Record<string, string> = {
  '\uFB00': 'ff',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\uFB03': 'ffi',
  '\uFB04': 'ffl',
  '\uFB05': 'st',
  '\uFB06': 'st',
};

// Odd spaces (NBSP, en/em/thin/hair spaces, narrow NBSP, ideographic...) become a plain space;
// zero-width characters, U+FFFD, C0/C1 controls and BOM go; ligatures are spelled out.
const ODD = /[\u00A0\u2000-\u200A\u202F\u205F\u3000\t\v\f]|[\u200B-\u200D\u2060\uFEFF\uFFFD\u0000-\u0008\u000E-\u001F\u007F-\u009F]|[\uFB00-\uFB06]/g;

function replaceOdd(ch: string): string {
  const lig = LIGATURES[ch];
  if (lig !== undefined) return lig;
  const c = ch.charCodeAt(0);
  if (c === 0x00a0 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000 || c === 9 || c === 11 || c === 12) return ' ';
  return '';
}

/** Normalises one line: odd spaces, ligatures, invisible characters, `(cid:N)` leftovers, soft
 * hyphens inside the line (a trailing one is kept: it marks a line-end hyphenation). */
export function normalizeLine(s: string): string {
  let t = s.replace(ODD, replaceOdd);
  if (t.includes('(cid:')) t = t.replace(/\(cid:\d+\)/g, '');
  if (t.includes('\u00AD')) {
    const trailing = t.trimEnd().endsWith('\u00AD');
    t = t.replace(/\u00AD/g, '');
    if (trailing) t = t.trimEnd() + '\u00AD';
  }
  if (t.includes('  ')) t = t.replace(/ {2,}/g, ' ');
  return t.trim();
}

// Words that keep their hyphen when a line breaks after them: the first part of a real compound
// ("well-known", "self-contained", "non-zero"). Lower-case, without the hyphen.
const COMPOUND_PREFIXES = new Set([
  'well', 'self', 'non', 'semi', 'multi', 'pre', 'post', 'anti', 'co', 'ex', 'cross', 'high', 'low',
  'long', 'short', 'all', 'half', 'built', 'user', 'read', 'write', 'open', 'closed', 'left', 'right',
  'top', 'bottom', 'first', 'second', 'third', 'one', 'two', 'three', 'four', 'five', 'ten', 'real',
  'full', 'part', 'time', 'run', 'case', 'so', 'step', 'end', 'off', 'on', 'up', 'down', 'out', 'in',
  'front', 'back', 'data', 'command', 'x', 'y', 'z', 'e', 'third-party', 'double', 'single', 'sub',
  'under', 'over', 'quasi', 'pseudo', 'mid', 'inter', 'intra', 'de', 're', 'fine', 'hand', 'ready',
  'least', 'most', 'best', 'worst', 'big', 'small', 'wide', 'key', 'zero', 'plug', 'add', 'log',
]);

const HYPHENS = '-\u2010\u00AD';

/**
 * Joins line `b` to line `a` of the same paragraph. The hyphenation rule:
 * - a line ending in a soft hyphen (U+00AD) or U+2010 after a letter is a typesetter's break:
 *   the hyphen goes and the halves join ("impleme‐" + "ntation");
 * - a line ending in "-" after a letter, followed by a lower-case letter, joins without the
 *   hyphen unless the part before it is a known compound prefix ("well-", "self-", "non-") or
 *   already holds a hyphen ("state-of-the-"), in which case the hyphen stays ("well-known");
 * - followed by anything else (upper case, digit, symbol) the hyphen stays and the parts join
 *   without a space ("pre-" + "2020");
 * - otherwise the lines join with one space.
 */
export function joinLines(a: string, b: string): string {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const last = a[a.length - 1]!;
  const prev = a.length > 1 ? a[a.length - 2]! : ' ';
  if (HYPHENS.includes(last) && isLetter(prev)) {
    const first = b[0]!;
    const head = a.slice(0, -1);
    if (last !== '-') return isLetter(first) ? head + b : head + (last === '\u00AD' ? '' : '-') + b;
    if (isLower(first)) {
      const word = trailingWord(head);
      if (word.includes('-') || COMPOUND_PREFIXES.has(word.toLowerCase())) return a + b;
      return head + b;
    }
    if (/[\p{L}\p{N}]/u.test(first)) return a + b;
    return a + ' ' + b;
  }
  if (last === '\u00AD') return a.slice(0, -1) + ' ' + b;
  return a + ' ' + b;
}

function trailingWord(s: string): string {
  let i = s.length;
  while (i > 0) {
    const ch = s[i - 1]!;
    if (ch === ' ' || ch === '(' || ch === '[' || ch === '"' || ch === '\u201C' || ch === '/') break;
    i--;
  }
  return s.slice(i);
}

function isLetter(ch: string): boolean {
  return /\p{L}/u.test(ch);
}

function isLower(ch: string): boolean {
  return /\p{Ll}/u.test(ch);
}

/** Strips a trailing soft hyphen that no following line consumed. */
export function finishParagraph(s: string): string {
  return s.endsWith('\u00AD') ? s.slice(0, -1) : s;
}
