// Why an answer ranks where it does: a diagnostic beside the retrieval measure (retrieval.ts stays
// the judge; nothing here changes its ranker, analyzer, questions or k). For each question whose
// answer is not in the top k, the terms of the question the answer's chunk holds and lacks (with the
// number of chunks holding each: a term in most chunks ranks nothing), and the terms the top chunk
// holds. A question the answer's chunk shares few rare terms with is a ranking miss (the vocabulary
// of the question is not the document's: no stemming, "costringo" against "Costringe"); a chunk that
// lacks the words that name its answer while the chunk before or after holds them is a cutting one.
//
//   CORPUS_DIR=/work/corpus node scripts/quality/retrieval-evidence.ts ID [ID ...]
//
// reads CORPUS_DIR/chunks/ID.json (saved by `npm run quality -- --corpus`) and prints one block per miss.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ChunkLike, words } from './measures.ts';
import { answerAt, bm25Ranker, normalizeSpan, type Question } from './retrieval.ts';

export interface TermCount {
  term: string;
  /** Chunks of the document whose label or text holds the term. */
  chunks: number;
}

export interface MissEvidence {
  q: string;
  answer: string | readonly string[];
  /** 1-based rank of the best-ranked chunk holding the answer; null when no ranked chunk holds it. */
  rank: number | null;
  /** Index of that chunk. */
  chunk: number | null;
  /** Terms of the question the answer's chunk holds (label or text), in question order. */
  has: TermCount[];
  /** Terms of the question it lacks. */
  lacks: TermCount[];
  /** Index of the top-ranked chunk and the question's terms it holds. */
  top: number | null;
  topHas: string[];
}

/**
 * The evidence for one question, or undefined when its answer is in the top k (a hit). Words are
 * those the ranker indexes (measures.ts `words`), over each chunk's label and text.
 */
export function missEvidence(chunks: readonly ChunkLike[], question: Question, k = 5): MissEvidence | undefined {
  const ranked = bm25Ranker(chunks)(question.q);
  const at = answerAt(
    ranked,
    chunks.map((c) => normalizeSpan(c.content)),
    question.answer,
  );
  if (at >= 0 && at < k) return undefined;
  const bags = chunks.map((c) => new Set(words(`${c.section} ${c.content}`)));
  const count = (term: string): TermCount => ({ term, chunks: bags.filter((b) => b.has(term)).length });
  const terms = [...new Set(words(question.q))];
  const chunk = at >= 0 ? ranked[at]! : null;
  const top = ranked[0] ?? null;
  return {
    q: question.q,
    answer: question.answer,
    rank: at >= 0 ? at + 1 : null,
    chunk,
    has: chunk === null ? [] : terms.filter((t) => bags[chunk]!.has(t)).map(count),
    lacks: terms.filter((t) => chunk === null || !bags[chunk]!.has(t)).map(count),
    top,
    topHas: top === null ? [] : terms.filter((t) => bags[top]!.has(t)),
  };
}

const terms = (xs: readonly TermCount[]) => xs.map((x) => `${x.term}(${x.chunks})`).join(' ');

/** One miss as printed: rank, the answer's chunk (label, first words), its terms and the top chunk's. */
export function formatEvidence(id: string, chunks: readonly ChunkLike[], e: MissEvidence): string {
  const head = (i: number | null) =>
    i === null ? '-' : `#${i} [${chunks[i]!.section}] "${chunks[i]!.content.slice(0, 60).replace(/\s+/g, ' ')}"`;
  return [
    `${id}: ${e.q}`,
    `  answer rank ${e.rank ?? 'none'} of ${chunks.length}, chunk ${head(e.chunk)}`,
    `  holds: ${terms(e.has)}`,
    `  lacks: ${terms(e.lacks)}`,
    `  top chunk ${head(e.top)} holds: ${e.topHas.join(' ')}`,
  ].join('\n');
}

if (import.meta.main) {
  const dir = process.env.CORPUS_DIR ?? '.corpus';
  const questions = JSON.parse(readFileSync(new URL('./questions.json', import.meta.url), 'utf8')) as {
    documents: Record<string, Question[]>;
  };
  for (const id of process.argv.slice(2)) {
    const chunks = JSON.parse(readFileSync(join(dir, 'chunks', `${id}.json`), 'utf8')) as ChunkLike[];
    for (const q of questions.documents[id] ?? []) {
      const e = missEvidence(chunks, q);
      if (e) console.log(formatEvidence(id, chunks, e));
    }
  }
}
