// The PowerPoint reader (src/documents/formats/pptx/extract.ts), one rule a row: slides built by
// test/documents/helpers/make-zip.ts's makePptx, and the damaged files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractPptx, readSlide } from '../../../../src/documents/formats/pptx/extract.ts';
import * as pptx from '../../../../src/documents/formats/pptx/index.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';
import { ap, makeDocx, makePptx, makeZip, pslide, psp } from '../../helpers/make-zip.ts';
import type { DocumentBlock } from '../../../../src/documents/blocks.ts';

const show = (bs: DocumentBlock[]) =>
  bs.map((b) => `${b.kind}${b.slide ? `@${b.slide}` : ''}: ${b.lines ? b.lines.join('\\n') : b.text}`);

const num = (type: string, lvl = 0, startAt?: number) =>
  `lvl="${lvl}"><a:buAutoNum type="${type}"${startAt ? ` startAt="${startAt}"` : ''}/></a:pPr>`;
const lvl = (n: number) => `lvl="${n}"/>`;
const buNone = '><a:buNone/></a:pPr>';
const buChar = '><a:buChar char="•"/></a:pPr>';

const tbl = (rows: string[][], firstRow = false, extra: Record<string, string> = {}) =>
  `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="3" name=""/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><a:graphic><a:graphicData><a:tbl><a:tblPr${firstRow ? ' firstRow="1"' : ''}/>${rows
    .map(
      (r) =>
        `<a:tr>${r.map((c) => `<a:tc${extra[c] ?? ''}><a:txBody>${c.startsWith('~') ? '<a:p/>' : ap(c)}</a:txBody></a:tc>`).join('')}</a:tr>`,
    )
    .join('')}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;

const slides: [name: string, shapes: string, want: string[]][] = [
  [
    'the title first wherever the slide draws it; body placeholder paragraphs are bullets; a text box is text',
    psp([ap('A point.'), ap('A sub-point.', lvl(1))], '') + psp([ap('Steps')], 'title') + psp([ap('Free text.')]),
    ['heading: Steps', 'item: A point.', 'item: A sub-point.', 'paragraph: Free text.'],
  ],
  [
    'a centred title slide: ctrTitle is the heading, the subtitle text',
    psp([ap('Packaging')], 'ctrTitle') + psp([ap('The Debian way')], 'subTitle'),
    ['heading: Packaging', 'paragraph: The Debian way'],
  ],
  [
    'automatic numbers: start, schemes, nesting, restart after a bullet at the level',
    psp(
      [
        ap('Build.', num('arabicPeriod', 0, 3)),
        ap('Check.', num('arabicPeriod')),
        ap('Fix.', num('alphaLcParenR', 1)),
        ap('Again.', num('alphaLcParenR', 1)),
        ap('Ship.', num('arabicPeriod')),
        ap('Aside.', buChar),
        ap('Anew.', num('romanUcPeriod')),
      ],
      '',
    ),
    [
      'item: 3. Build.',
      'item: 4. Check.',
      'item: a) Fix.',
      'item: b) Again.',
      'item: 5. Ship.',
      'item: Aside.',
      'item: I. Anew.',
    ],
  ],
  [
    'buNone in a body placeholder is text; buChar in a text box is a bullet',
    psp([ap('Plain.', buNone)], '') + psp([ap('Dot.', buChar)]),
    ['paragraph: Plain.', 'item: Dot.'],
  ],
  [
    'slide numbers, dates, footers and headers are furniture',
    psp([ap('7')], 'sldNum') + psp([ap('2026-11-25')], 'dt') + psp([ap('Conference')], 'ftr') + psp([ap('Body.')]),
    ['paragraph: Body.'],
  ],
  [
    'a table: first row a header, an empty cell and a merged cell in place',
    tbl(
      [
        ['File', 'Required', 'Purpose'],
        ['watch', '~', 'Finds releases.'],
        ['copyright', '~m', 'States licences.'],
      ],
      true,
      { '~m': ' hMerge="1"' },
    ),
    ['row: File | Required | Purpose', 'row: watch |  | Finds releases.', 'row: copyright |  | States licences.'],
  ],
  [
    'a value merged down (rowSpan, vMerge) reads on each row it spans; a paragraph stays on its first row; a row of merged values only is not read',
    tbl(
      [
        ['Fruit', 'Apple', 'Long'],
        ['~v', 'Pear', '~w'],
        ['~v2', '~', '~w2'],
      ],
      false,
      {
        Fruit: ' rowSpan="3"',
        Long: ' rowSpan="3"',
        '~v': ' vMerge="1"',
        '~v2': ' vMerge="1"',
        '~w': ' vMerge="1"',
        '~w2': ' vMerge="1"',
      },
    ).replace('>Long<', `>${'A description long enough to be a paragraph of its own, merged down beside two rows.'}<`),
    [
      'row: Fruit | Apple | A description long enough to be a paragraph of its own, merged down beside two rows.',
      'row: Fruit | Pear | ',
    ],
  ],
  [
    'code: paragraphs set wholly in a monospaced font are one verbatim block, tabs kept',
    psp([ap('%:', '', 'Courier New'), ap('\tdh $@', '', 'Courier New'), ap('Then run it.')]),
    ['code: %:\\n\tdh $@', 'paragraph: Then run it.'],
  ],
  [
    'a line break inside a paragraph; groups are read through',
    `<p:grpSp>${psp(['<a:p><a:r><a:t>one</a:t></a:r><a:br/><a:r><a:t>two</a:t></a:r></a:p>'])}</p:grpSp>`,
    ['paragraph: one two'],
  ],
  [
    'of an mc:AlternateContent only the first choice is read',
    `<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="p14">${psp([ap('Chosen.')])}</mc:Choice><mc:Fallback>${psp([ap('Chosen.')])}</mc:Fallback></mc:AlternateContent>`,
    ['paragraph: Chosen.'],
  ],
];

for (const [name, shapes, want] of slides)
  test(`pptx slide: ${name}`, () => {
    const got = readSlide(pslide(shapes), 'slide');
    assert.deepEqual(
      show(got).map((s) => s.replace(/^heading\d?/, 'heading')),
      want,
    );
  });

test('pptx: slides in the order presentation.xml lists them, each tagged; notes after their slide', async () => {
  const bytes = makePptx(
    [pslide(psp([ap('First file')], 'title')), pslide(psp([ap('Second file')], 'title') + psp([ap('Body.')], ''))],
    { order: [1, 0], notes: [undefined, 'Say it slowly.'] },
  );
  const blocks = await extractPptx(bytes);
  assert.deepEqual(show(blocks), [
    'heading@1: Second file',
    'item@1: Body.',
    'paragraph@1: Say it slowly.',
    'heading@2: First file',
  ]);
  assert.ok(blocks.every((b) => b.page === b.slide));
});

test('pptx: a slide the list does not name still comes, after the listed ones', async () => {
  const bytes = makePptx([pslide(psp([ap('Listed')], 'title')), pslide(psp([ap('Unlisted')], 'title'))], {
    order: [0],
  });
  assert.deepEqual(show(await extractPptx(bytes)), ['heading@1: Listed', 'heading@2: Unlisted']);
});

test('pptx.sniff: a presentation yes; a Word document, another zip, text no', () => {
  assert.equal(pptx.sniff(makePptx([pslide('')])), true);
  assert.equal(pptx.sniff(makeDocx('')), false);
  assert.equal(pptx.sniff(makeZip([{ name: 'a.txt', data: 'ppt/presentation.xml' }])), false);
  assert.equal(pptx.sniff(Buffer.from('[Content_Types].xml ppt/presentation.xml')), false);
});

const status = (code: string, s: number) => (err: unknown) =>
  err instanceof DocumentError && err.code === code && err.status === s;

const bad: [name: string, bytes: Buffer, check: (err: unknown) => boolean][] = [
  ['a truncated zip', makePptx([pslide('')]).subarray(0, 60), status('document_unsupported', 415)],
  [
    'a zip without presentation.xml',
    makeZip([{ name: '[Content_Types].xml', data: '<Types/>' }]),
    status('document_unsupported', 415),
  ],
  ['a malformed slide', makePptx(['<p:sld><p:cSld><a:p>']), status('document_damaged', 422)],
  [
    'a slide declaring entities',
    makePptx(['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "a">]><p:sld>&a;</p:sld>']),
    status('document_entity_bomb', 413),
  ],
];
for (const [name, bytes, check] of bad)
  test(`pptx: ${name} is refused with its 4xx`, async () => {
    await assert.rejects(extractPptx(bytes), check);
  });

test('a bulleted or numbered paragraph carries its level (lvl) as its depth; the top level none, a plain paragraph none', () => {
  const blocks = readSlide(
    pslide(
      psp(
        [
          ap('Top.', num('arabicPeriod')),
          ap('Sub.', num('alphaLcPeriod', 1)),
          ap('Dot.', `lvl="2"${buChar}`),
          ap('Plain.', `lvl="1"${buNone}`),
          ap('Next.', num('arabicPeriod')),
        ],
        '',
      ),
    ),
    'slide',
  );
  assert.deepEqual(
    blocks.map((b) => `${b.kind} ${b.depth ?? '-'} ${b.text}`),
    ['item - 1. Top.', 'item 1 a. Sub.', 'item 2 Dot.', 'paragraph - Plain.', 'item - 2. Next.'],
  );
});
