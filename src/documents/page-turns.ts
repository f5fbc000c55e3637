// Page turns (blocks.ts, PageTurn) count a block's letters and digits: the count, in one place for
// every step that makes or cuts a block's text (and for OCR's triage, which counts a page's the same way).
import type { DocumentBlock } from './blocks.ts';

/** Letters and digits in `s`, as a PageTurn counts them (an astral character once). */
export function countAlnum(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) n++;
    } else if (!(c >= 0xdc00 && c <= 0xdfff)) {
      // Astral characters count once, at their high surrogate.
      if (/[\p{L}\p{N}]/u.test(String.fromCodePoint(s.codePointAt(i)!))) n++;
    }
  }
  return n;
}

/**
 * The page a block's text is on at its letter or digit number `n` + 1 (`n` letters and digits
 * before it): the block's own page, or that of the last turn at or before it.
 */
export function pageAt(b: DocumentBlock, n: number): number | undefined {
  let page = b.page;
  for (const t of b.pageTurns ?? []) if (t.after <= n) page = t.page;
  return page;
}

/**
 * The block `b` with its text from index `from` on (trimmed), its page and turns moved past what
 * was cut: the page the kept text starts on, and the later turns counted from there.
 */
export function blockFrom(b: DocumentBlock, from: number): DocumentBlock {
  const cut = countAlnum(b.text.slice(0, from));
  const { pageTurns: turns, ...rest } = b;
  const later = (turns ?? []).filter((t) => t.after > cut).map((t) => ({ after: t.after - cut, page: t.page }));
  const page = pageAt(b, cut);
  return {
    ...rest,
    text: b.text.slice(from).trim(),
    ...(page === undefined ? {} : { page }),
    ...(later.length > 0 ? { pageTurns: later } : {}),
  };
}

/**
 * Block `a` run on into block `b`, its continuation on a later page, as one block of `text` (their
 * texts joined, clean.ts joinLines): `a`'s page and turns, a turn to `b`'s page where `b`'s text
 * starts, and `b`'s turns counted from there. blockFrom's converse.
 */
export function blockJoined(a: DocumentBlock, b: DocumentBlock, text: string): DocumentBlock {
  const after = countAlnum(a.text);
  const turns = [
    ...(a.pageTurns ?? []),
    ...(b.page === undefined ? [] : [{ after, page: b.page }]),
    ...(b.pageTurns ?? []).map((t) => ({ after: t.after + after, page: t.page })),
  ];
  return { ...a, text, ...(turns.length > 0 ? { pageTurns: turns } : {}) };
}
