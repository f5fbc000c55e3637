// The retrieval measure: for each question of a document (scripts/quality/questions.json), rank the
// document's chunks with BM25 (MiniSearch's BM25+, the chunk's text and section label indexed as one
// field set, no prefix or fuzzy matching) and count a hit when one of the top k chunks holds the
// answer, a short verbatim span of the document (or one of its spans, where the document gives the
// answer in more than one place), once case, whitespace and the text normalisation of the other
// measures are set aside. Pure: no I/O; the table of tests is in
// test/scripts/retrieval.test.ts.
import MiniSearch from 'minisearch';
import { type ChunkLike, normalizeText, words } from './measures.ts';

export type QuestionKind = 'table-row' | 'column' | 'code' | 'prose';

export interface Question {
  /** The question as a user would type it. */
  q: string;
  /**
   * A short verbatim span of the document that the chunk holding the answer must contain; or
   * several, one for each place where the document answers the question in other words (the
   * chunk must contain one of them).
   */
  answer: string | readonly string[];
  kind: QuestionKind;
}

export interface RetrievalMiss {
  q: string;
  answer: string | readonly string[];
  /** Rank (1-based) of the best-ranked chunk holding the answer; null when none of the ranked chunks does. */
  rank: number | null;
  /** Whether any chunk holds the answer: false is a reading or chunking fault, not a ranking one. */
  held: boolean;
}

export interface RetrievalScore {
  questions: number;
  /** % of the questions whose answer is in a chunk among the top k. */
  found: number;
  misses: RetrievalMiss[];
}

/**
 * Text as the answer is looked for: normalised as the other measures do, lower case, typographic
 * quotes, hyphens and ellipses folded to their ASCII forms, table bars (`|`) read as spaces, every
 * run of whitespace one space, and no space beside punctuation (readers differ there: TeX's thin
 * spaces, `int ind ;` against `int ind;`). Spaces between two words stay: a glued word still misses.
 */
export function normalizeSpan(s: string): string {
  return normalizeText(s)
    .toLowerCase()
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u2010\u2011\u2012\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\s|]+/g, ' ')
    .replace(/ ?([^\p{L}\p{N}\p{M} ]) ?/gu, '$1')
    .trim();
}

/**
 * A BM25 ranker over a document's chunks: for a query, the indexes of the chunks best first (chunks
 * matching no term of the query are left out).
 */
export function bm25Ranker(chunks: readonly ChunkLike[]): (query: string) => number[] {
  const index = new MiniSearch<{ id: number; content: string; section: string }>({
    fields: ['section', 'content'],
    tokenize: (text) => words(text),
    processTerm: (term) => term,
  });
  index.addAll(chunks.map((c, id) => ({ id, content: c.content, section: c.section })));
  return (query) => index.search(query, { prefix: false, fuzzy: false, combineWith: 'OR' }).map((r) => r.id as number);
}

/** The spans of an answer, each through normalizeSpan. */
export function answerSpans(answer: string | readonly string[]): string[] {
  return (typeof answer === 'string' ? [answer] : answer).map(normalizeSpan);
}

/** Does a chunk's text (through normalizeSpan) hold the answer: one of its spans? */
export function holdsAnswer(text: string, answer: string | readonly string[]): boolean {
  return answerSpans(answer).some((a) => text.includes(a));
}

/**
 * Where the answer stands in a ranking: the index in `ranked` of the first chunk whose text
 * (`texts`, each chunk's content through normalizeSpan) holds the answer (one of its spans), or -1.
 */
export function answerAt(
  ranked: readonly number[],
  texts: readonly string[],
  answer: string | readonly string[],
): number {
  return ranked.findIndex((i) => texts[i] !== undefined && holdsAnswer(texts[i], answer));
}

export function retrieval(chunks: readonly ChunkLike[], questions: readonly Question[], k = 5): RetrievalScore {
  const texts = chunks.map((c) => normalizeSpan(c.content));
  const rank = bm25Ranker(chunks);
  const misses: RetrievalMiss[] = [];
  for (const question of questions) {
    const at = answerAt(rank(question.q), texts, question.answer);
    if (at >= 0 && at < k) continue;
    const held = texts.some((t) => holdsAnswer(t, question.answer));
    misses.push({ q: question.q, answer: question.answer, rank: at >= 0 ? at + 1 : null, held });
  }
  const n = questions.length;
  return {
    questions: n,
    found: n === 0 ? 100 : Math.round(((n - misses.length) / n) * 1000) / 10,
    misses,
  };
}
