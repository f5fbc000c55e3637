// A document's OCR spread over helper engines (src/documents/ocr/crew.ts, read-pages.ts): when it
// may spread (maySpread), and that a spread read gives the pages, their order and their text of a
// one-engine read.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { HELPER_NICE } from '../../../src/documents/ocr/helper.ts';
import { closeOcr, ocrStats } from '../../../src/documents/ocr/engine.ts';
import { closeCrew, crewSize, crewStats } from '../../../src/documents/ocr/crew.ts';
import { DEFAULT_OCR, maySpread, type OcrOptions } from '../../../src/documents/ocr/options.ts';
import { readDocument } from '../../../src/documents/chunk-document.ts';
import { makePdf, textPages } from '../helpers/make-pdf.ts';
import { scanPages } from '../helpers/scan.ts';

after(async () => {
  await closeCrew();
  await closeOcr();
});

const load = (n: number) => {
  const v = new Int32Array(new SharedArrayBuffer(4));
  v[0] = n;
  return v;
};

describe('maySpread: more engines only for the one document in hand', () => {
  const cases: [name: string, opts: Pick<OcrOptions, 'engines' | 'load'>, want: boolean][] = [
    ['engines unset: one engine', {}, false],
    ['one engine allowed', { engines: 1, load: load(1) }, false],
    ['two engines, no load counter (a script, a test)', { engines: 2 }, true],
    ['two engines, this document alone in the pool', { engines: 2, load: load(1) }, true],
    ['two engines, another document running or waiting', { engines: 2, load: load(2) }, false],
    ['four engines, a queue of documents', { engines: 4, load: load(9) }, false],
  ];
  for (const [name, opts, want] of cases) test(name, () => assert.equal(maySpread(opts), want));
});

const PAGES = [
  ['# 1 Budget', 'The committee reviewed the annual budget for the regional office and approved it.'],
  ['# 2 Travel', 'Every employee who travels for work must keep the receipts for hotels and meals.'],
  ['# 3 Questions', 'Questions about the policy go to the finance department, which answers within a week.'],
  ['# 4 Contacts', 'The help desk is open on working days and answers by telephone and by electronic mail.'],
  ['# 5 Holidays', 'Public holidays are announced at the start of the year by the head of the office.'],
];

describe('a scanned document read by several engines', () => {
  test('gives the chunks of a one-engine read, pages in order, and spreads only when the pool is idle', async () => {
    const scan = await scanPages(makePdf({ pages: PAGES.flatMap((p) => textPages(p)) }));
    const pdf = makePdf({ pages: scan });
    const read = async (over: Partial<OcrOptions>) =>
      readDocument({ format: 'pdf', bytes: pdf.slice() }, { ocr: { ...DEFAULT_OCR, ...over } });

    const helped = crewStats.pagesRead;
    const one = await read({ engines: 1 });
    assert.equal(crewStats.pagesRead, helped, 'one engine: no helper read a page');
    assert.deepEqual(one.ocr, { pages: 5, skipped: 0 });

    const localBefore = ocrStats.pagesRead;
    const spread = await read({ engines: 2 });
    const byHelpers = crewStats.pagesRead - helped;
    assert.equal(byHelpers, 5, 'spread: the helpers read every page, this thread renders them');
    assert.equal(ocrStats.pagesRead - localBefore, 5, 'every page counted once');
    assert.equal(crewSize(), 2, 'two engines: two helper threads');
    if (process.platform === 'linux') {
      // Each helper thread runs at HELPER_NICE (field 19 of /proc's stat of each thread).
      const nice = readdirSync('/proc/self/task').map((tid) =>
        Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
      );
      assert.equal(nice.filter((n) => n === HELPER_NICE).length, 2, `the helpers' threads niced: ${nice.join(' ')}`);
    } else console.log("# not Linux: the helpers' nice value is not checked");
    assert.deepEqual(spread.ocr, one.ocr);
    assert.deepEqual(spread.chunks, one.chunks);
    const text = spread.chunks.map((c) => c.content).join('\n');
    const at = PAGES.map(([, body]) => text.indexOf(body!.split(' ').slice(1, 4).join(' ')));
    assert.ok(
      at.every((i, k) => i >= 0 && (k === 0 || i > at[k - 1]!)),
      `pages in order: ${at.join(', ')}`,
    );

    const before = crewStats.pagesRead;
    const busy = await read({ engines: 2, load: load(2) });
    assert.equal(crewStats.pagesRead, before, 'another document in the pool: one engine');
    assert.deepEqual(busy.chunks, one.chunks);
  });

  test('helpers are stopped after the idle time; the next spread read starts one again', async () => {
    const scan = await scanPages(makePdf({ pages: PAGES.slice(0, 2).flatMap((p) => textPages(p)) }));
    const pdf = makePdf({ pages: scan });
    await readDocument(
      { format: 'pdf', bytes: pdf.slice() },
      { ocr: { ...DEFAULT_OCR, engines: 2, engineIdleMs: 50 } },
    );
    assert.ok(crewSize() >= 1);
    const deadline = Date.now() + 10_000;
    while (crewSize() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(crewSize(), 0, 'stopped after engineIdleMs');
    const started = crewStats.helpersStarted;
    const again = await readDocument(
      { format: 'pdf', bytes: pdf.slice() },
      { ocr: { ...DEFAULT_OCR, engines: 2, engineIdleMs: 50 } },
    );
    assert.equal(crewStats.helpersStarted, started + 2, 'two pages, two engines: a helper each');
    assert.deepEqual(again.ocr, { pages: 2, skipped: 0 });
  });
});
