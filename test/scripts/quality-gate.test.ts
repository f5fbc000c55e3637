// The quality gate of scripts/quality/gate.ts: which figures set floors, and which results fail them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { codeCell, type DocumentResult } from '../../scripts/quality/corpus.ts';
import { GATED, gateViolations, recordFloors } from '../../scripts/quality/gate.ts';

function result(id: string, over: Partial<DocumentResult> = {}): DocumentResult {
  return {
    id,
    class: 'latex-1col',
    format: 'pdf',
    lang: 'en',
    chunks: 10,
    service: { order: 98.2, coverage: 99.1, grams: 1000 },
    listingLines: 2,
    gluedPer1000: 0.3,
    hyphenLeftovers: 4,
    midWordCuts: 0,
    inRange: 100,
    sentenceEnds: 99.5,
    labels: { nonEmpty: 100, matching: 90, admonitions: 1, captions: 0, bullets: 0, unmatched: [] },
    referenceHeadings: 12,
    seconds: 1,
    examples: { listing: [], glued: [], hyphens: [], unmatchedLabels: [] },
    ...over,
  };
}

describe('recordFloors', () => {
  test('no order or coverage floor where the reference is unusable', () => {
    const f = recordFloors([result('a', { service: undefined, noReference: 'noise' })]);
    assert.deepEqual([f.a!.order, f.a!.coverage, f.a!.inRange], [undefined, undefined, 100]);
  });
  test('every gated figure of a read document', () => {
    const f = recordFloors([result('a')]);
    assert.deepEqual(f, {
      a: {
        order: 98.2,
        coverage: 99.1,
        inRange: 100,
        sentenceEnds: 99.5,
        labelsMatching: 90,
        listingLines: 2,
        gluedPer1000: 0.3,
        hyphenLeftovers: 4,
        midWordCuts: 0,
        badLabels: 1,
      },
    });
  });
  test('code and rows only where the document has some; labels only where the reference has headings', () => {
    const f = recordFloors([
      result('b', {
        code: { blocks: 3, kept: 66.7, keptLoose: 100 },
        rows: { rows: 0, intact: 100 },
        referenceHeadings: 0,
        labels: { nonEmpty: 100, matching: undefined, admonitions: 0, captions: 0, bullets: 0, unmatched: [] },
      }),
    ]);
    assert.equal(f.b?.codeKept, 66.7);
    assert.equal('rowsIntact' in (f.b ?? {}), false);
    assert.equal('labelsMatching' in (f.b ?? {}), false);
  });
  test('retrieval where the document has questions', () => {
    const f = recordFloors([
      result('d', { retrieval: { questions: 3, found: 66.7, misses: [] } }),
      result('e', { retrieval: { questions: 0, found: 100, misses: [] } }),
    ]);
    assert.equal(f.d?.retrieval, 66.7);
    assert.equal('retrieval' in (f.e ?? {}), false);
  });
  test('page numbers where some chunk of a born-digital PDF was judged', () => {
    const f = recordFloors([
      result('p', { pageNumbers: { judged: 40, right: 97.5, wrong: [] } }),
      result('q', { pageNumbers: { judged: 0, right: 100, wrong: [] } }),
    ]);
    assert.equal(f.p?.pagesRight, 97.5);
    assert.equal('pagesRight' in (f.q ?? {}), false);
    assert.deepEqual(
      gateViolations([result('p', { pageNumbers: { judged: 40, right: 95, wrong: [] } })], f, false).filter((v) =>
        v.includes('pagesRight'),
      ),
      ['p: pagesRight 95, floor 97.5'],
    );
  });
  test('slide mixes and overlay repeats where the document is a deck', () => {
    const f = recordFloors([result('g', { slides: { slides: 40, mixes: 1, repeats: 3 } }), result('h')]);
    assert.deepEqual([f.g?.slideMixes, f.g?.overlayRepeats], [1, 3]);
    assert.equal('slideMixes' in (f.h ?? {}), false);
  });
  test('a document read with an error sets no floor', () => {
    assert.deepEqual(recordFloors([result('c', { error: 'pdftotext is missing' })]), {});
  });
  test('every gated measure has a distinct key', () => {
    assert.equal(new Set(GATED.map((m) => m.key)).size, GATED.length);
  });
});

describe('gateViolations', () => {
  const floors = recordFloors([result('a'), result('b')]);
  const cases: { name: string; results: DocumentResult[]; complete: boolean; want: string[] }[] = [
    { name: 'the same figures pass', results: [result('a'), result('b')], complete: true, want: [] },
    {
      name: 'better figures pass',
      results: [
        result('a', { service: { order: 99.9, coverage: 100, grams: 1 }, listingLines: 0 }),
        result('b', { hyphenLeftovers: 0 }),
      ],
      complete: true,
      want: [],
    },
    {
      name: 'rounding noise passes',
      results: [result('a', { service: { order: 98.16, coverage: 99.1, grams: 1 } }), result('b')],
      complete: true,
      want: [],
    },
    {
      name: 'order under its floor fails',
      results: [result('a', { service: { order: 98.1, coverage: 99.1, grams: 1 } }), result('b')],
      complete: true,
      want: ['a: order 98.1, floor 98.2'],
    },
    {
      name: 'a count over its ceiling fails',
      results: [result('a'), result('b', { listingLines: 3, midWordCuts: 1 })],
      complete: true,
      want: ['b: listingLines 3, ceiling 2', 'b: midWordCuts 1, ceiling 0'],
    },
    {
      name: 'bad labels are the sum of admonitions, captions and bullets',
      results: [
        result('a', {
          labels: { nonEmpty: 100, matching: 90, admonitions: 0, captions: 1, bullets: 1, unmatched: [] },
        }),
        result('b'),
      ],
      complete: true,
      want: ['a: badLabels 2, ceiling 1'],
    },
    {
      name: 'a document read with an error fails',
      results: [result('a', { error: 'boom' }), result('b')],
      complete: true,
      want: ['a: not read: boom'],
    },
    {
      name: 'a figure that is no longer measured fails',
      results: [
        result('a', {
          referenceHeadings: 0,
          labels: { nonEmpty: 100, matching: undefined, admonitions: 1, captions: 0, bullets: 0, unmatched: [] },
        }),
        result('b'),
      ],
      complete: true,
      want: ['a: labelsMatching not measured, recorded 90'],
    },
    {
      name: 'order and coverage against no usable reference are not measured (a floor recorded for them fails)',
      results: [result('a', { service: undefined, noReference: 'noise' }), result('b')],
      complete: true,
      want: ['a: order not measured, recorded 98.2', 'a: coverage not measured, recorded 99.1'],
    },
    {
      name: 'a document without floors fails',
      results: [result('a'), result('b'), result('new')],
      complete: true,
      want: ['new: no floors recorded (npm run quality -- --corpus --record-floors)'],
    },
    {
      name: 'a whole run misses a document with floors',
      results: [result('a')],
      complete: true,
      want: ['b: floors recorded, not run'],
    },
    { name: 'a run with --only checks what it ran', results: [result('a')], complete: false, want: [] },
    {
      name: 'floors recorded before retrieval was measured: the new figure is not gated yet',
      results: [result('a', { retrieval: { questions: 3, found: 0, misses: [] } }), result('b')],
      complete: true,
      want: [],
    },
  ];
  test('retrieval under its floor fails', () => {
    const withRetrieval = recordFloors([result('a', { retrieval: { questions: 3, found: 100, misses: [] } })]);
    assert.deepEqual(
      gateViolations([result('a', { retrieval: { questions: 3, found: 66.7, misses: [] } })], withRetrieval, true),
      ['a: retrieval 66.7, floor 100'],
    );
  });
  for (const c of cases)
    test(c.name, () => {
      assert.deepEqual(gateViolations(c.results, floors, c.complete), c.want);
    });
});

describe('codeCell', () => {
  const cases: [string, { blocks: number; forced?: number; kept: number; keptLoose: number }, string][] = [
    ['every block keepable', { blocks: 54, forced: 0, kept: 100, keptLoose: 100 }, '100 (100) of 54'],
    ['an older result without the count', { blocks: 54, kept: 98.1, keptLoose: 98.1 }, '98.1 (98.1) of 54'],
    [
      'blocks every plan in range must cut, shown apart',
      { blocks: 54, forced: 1, kept: 100, keptLoose: 100 },
      '100 (100) of 53 + 1 cut by the range',
    ],
  ];
  for (const [name, code, want] of cases) test(name, () => assert.equal(codeCell(code), want));
});
