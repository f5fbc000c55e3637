// The retrieval diagnostic of scripts/quality/retrieval-evidence.ts: a table of cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChunkLike } from '../../scripts/quality/measures.ts';
import { formatEvidence, missEvidence } from '../../scripts/quality/retrieval-evidence.ts';
import type { Question } from '../../scripts/quality/retrieval.ts';

const chunk = (content: string, section = ''): ChunkLike => ({ content, section });
const q = (question: string, answer: string): Question => ({ q: question, answer, kind: 'prose' });

// Six chunks: the answer "-no-gui forces the text installer." sits in chunk 5, whose words are not
// the question's ("force" against "forces", "graphical" against "GUI"); chunks 0-4 hold "installer".
const chunks: ChunkLike[] = [
  ...[0, 1, 2, 3, 4].map((i) =>
    chunk(`The installer step ${i} asks the user about the installer options.`, 'Installer'),
  ),
  chunk('-no-gui forces the text installer. -portable installs on a USB stick.', 'Options'),
];

test('missEvidence', async (t) => {
  const cases: [name: string, question: Question, k: number, want: unknown][] = [
    ['a hit in the top k: no evidence', q('How do I install on a USB stick?', 'installs on a USB stick'), 5, undefined],
    [
      'a miss: the terms the answer chunk holds and lacks, with the chunks holding each, and the top chunk',
      q('How do I force the installer to avoid the graphical interface?', 'forces the text installer'),
      5,
      {
        rank: 6,
        chunk: 5,
        has: [
          { term: 'the', chunks: 6 },
          { term: 'installer', chunks: 6 },
        ],
        lacks: ['how', 'do', 'i', 'force', 'to', 'avoid', 'graphical', 'interface'].map((term) => ({
          term,
          chunks: 0,
        })),
        top: 0,
        topHas: ['the', 'installer'],
      },
    ],
    [
      'an answer no chunk holds: no rank, every term lacking',
      q('Which option forces nothing?', 'not in the document'),
      5,
      {
        rank: null,
        chunk: null,
        has: [],
        lacks: [
          { term: 'which', chunks: 0 },
          { term: 'option', chunks: 0 },
          { term: 'forces', chunks: 1 },
          { term: 'nothing', chunks: 0 },
        ],
        top: 5,
        topHas: ['forces'],
      },
    ],
  ];
  for (const [name, question, k, want] of cases)
    await t.test(name, () => {
      const e = missEvidence(chunks, question, k);
      if (want === undefined) return assert.equal(e, undefined);
      const { q: _q, answer: _a, ...rest } = e!;
      assert.deepEqual(rest, want);
    });
});

test('formatEvidence names the rank, the chunk, its terms and the top chunk', () => {
  const e = missEvidence(
    chunks,
    q('How do I force the installer to avoid the graphical interface?', 'forces the text'),
  );
  const out = formatEvidence('doc', chunks, e!);
  assert.match(out, /^doc: How do I force/);
  assert.match(out, /answer rank 6 of 6, chunk #5 \[Options\] "-no-gui forces the text installer/);
  assert.match(out, /holds: the\(6\) installer\(6\)/);
  assert.match(out, /lacks: how\(0\) do\(0\) i\(0\) force\(0\)/);
  assert.match(out, /top chunk #0 \[Installer\] .* holds: the installer/);
});
