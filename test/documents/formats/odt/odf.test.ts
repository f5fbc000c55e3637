// The OpenDocument reader (src/documents/formats/odt/odf.ts), one rule a row: text documents and
// presentations built by test/documents/helpers/make-zip.ts's makeOdf, and the damaged ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  countParagraph,
  extractOdf,
  listLabel,
  outlineNumber,
  type ListLevel,
} from '../../../../src/documents/formats/odt/odf.ts';
import { numberedHeading } from '../../../../src/documents/formats/list-number.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';
import { makeOdf, makeZip } from '../../helpers/make-zip.ts';
import type { DocumentBlock } from '../../../../src/documents/blocks.ts';

const show = (bs: DocumentBlock[]) =>
  bs.map(
    (b) =>
      `${b.kind}${b.level ? b.level : ''}${b.slide ? `@${b.slide}` : ''}: ${b.lines ? b.lines.join('\\n') : b.text}`,
  );

const LISTS =
  '<text:list-style style:name="LN"><text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="." text:start-value="3"/>' +
  '<text:list-level-style-number text:level="2" style:num-format="a" style:num-suffix=")"/>' +
  '<text:list-level-style-number text:level="3" style:num-format="i" style:num-suffix="." text:display-levels="2"/></text:list-style>' +
  '<text:list-style style:name="LB"><text:list-level-style-bullet text:level="1" text:bullet-char="•"/></text:list-style>' +
  '<style:style style:name="Pre" style:family="paragraph" style:parent-style-name="Preformatted_20_Text"/>' +
  '<style:style style:name="Tt" style:family="text"><style:text-properties style:font-name="Liberation Mono"/></style:style>' +
  '<style:style style:name="Big" style:family="paragraph" style:default-outline-level="2"/>' +
  '<style:style style:name="Ti" style:family="paragraph" style:parent-style-name="Title"/>';
const NAMED =
  '<style:style style:name="Preformatted_20_Text" style:display-name="Preformatted Text" style:family="paragraph"/>' +
  '<style:style style:name="Title" style:family="paragraph"/>';

const p = (text: string, style?: string) => `<text:p${style ? ` text:style-name="${style}"` : ''}>${text}</text:p>`;
const li = (...inner: string[]) => `<text:list-item>${inner.join('')}</text:list-item>`;
const cell = (text: string, attrs = '') => `<table:table-cell${attrs}>${text ? p(text) : ''}</table:table-cell>`;
const tr = (...cells: string[]) => `<table:table-row>${cells.join('')}</table:table-row>`;

const texts: [name: string, body: string, want: string[]][] = [
  [
    'headings by text:h and their outline level; Title and a default outline level by style',
    '<text:h text:outline-level="2">Installing</text:h>' + p('Report', 'Ti') + p('Tuning', 'Big') + p('Body text.'),
    ['heading2: Installing', 'heading1: Report', 'heading2: Tuning', 'paragraph: Body text.'],
  ],
  [
    'numbered lists carry their numbers: start value, nested letters, two levels shown, continued numbering',
    `<text:list text:style-name="LN">${li(p('Check.'), `<text:list>${li(p('one'))}${li(p('two'), `<text:list>${li(p('deep'))}</text:list>`)}</text:list>`)}${li(p('Start.'))}</text:list>` +
      p('Between.') +
      `<text:list text:style-name="LN" text:continue-numbering="true">${li(p('Go on.'))}</text:list>` +
      `<text:list text:style-name="LN">${li(p('Afresh.'))}</text:list>`,
    [
      'item: 3. Check.',
      'item: a) one',
      'item: b) two',
      'item: b.i. deep',
      'item: 4. Start.',
      'paragraph: Between.',
      'item: 5. Go on.',
      'item: 3. Afresh.',
    ],
  ],
  [
    "bullets have no number; an item's second paragraph is a paragraph; a list header is no item",
    `<text:list text:style-name="LB"><text:list-header>${p('Heads up')}</text:list-header>${li(p('First.'), p('More on it.'))}${li(p('Second.'))}</text:list>`,
    ['paragraph: Heads up', 'item: First.', 'paragraph: More on it.', 'item: Second.'],
  ],
  [
    'a list item with its own start value',
    `<text:list text:style-name="LN">${li(p('a'))}<text:list-item text:start-value="10">${p('b')}</text:list-item>${li(p('c'))}</text:list>`,
    ['item: 3. a', 'item: 10. b', 'item: 11. c'],
  ],
  [
    'a table: header rows, an empty cell and covered (merged) cells in place',
    '<table:table><table:table-header-rows>' +
      tr(cell('Option'), cell('Default'), cell('Meaning')) +
      '</table:table-header-rows>' +
      tr(cell('--fast'), cell(''), cell('Skips.')) +
      tr(cell('wide', ' table:number-columns-spanned="2"'), '<table:covered-table-cell/>', cell('Spans.')) +
      tr('<table:covered-table-cell/>', cell('2'), cell('Under a tall cell.')) +
      '</table:table>',
    [
      'row: Option | Default | Meaning',
      'row: --fast |  | Skips.',
      'row: wide |  | Spans.',
      'row:  | 2 | Under a tall cell.',
    ],
  ],
  [
    'a value merged down (number-rows-spanned) reads on each row it spans; a paragraph stays on its first row; a row of merged values only is not read',
    '<table:table>' +
      tr(
        cell('Fruit', ' table:number-rows-spanned="3"'),
        cell('Apple'),
        cell(
          'A description long enough to be a paragraph of its own, merged down beside two rows.',
          ' table:number-rows-spanned="2"',
        ),
      ) +
      tr('<table:covered-table-cell/>', cell('Pear'), '<table:covered-table-cell/>') +
      tr('<table:covered-table-cell/>', cell(''), cell('')) +
      tr(
        cell('ab', ' table:number-columns-spanned="3" table:number-rows-spanned="2"'),
        '<table:covered-table-cell table:number-columns-repeated="2"/>',
      ) +
      tr('<table:covered-table-cell table:number-columns-repeated="2"/>', cell('c')) +
      '</table:table>',
    [
      'row: Fruit | Apple | A description long enough to be a paragraph of its own, merged down beside two rows.',
      'row: Fruit | Pear | ',
      'row: ab |  | ',
      'row: ab |  | c',
    ],
  ],
  [
    "a column no row writes in is a spacer, not a cell (groff -Thtml's option tables, converted)",
    '<table:table>' +
      tr(cell(''), cell('-P'), cell(''), cell('Never follow links.')) +
      tr(cell(''), cell('-L'), cell(''), cell('Follow links.')) +
      '</table:table>',
    ['row: -P | Never follow links.', 'row: -L | Follow links.'],
  ],
  [
    'repeated cells: a value repeated in place, a long empty tail dropped; an empty row skipped',
    '<table:table>' +
      tr(cell('x', ' table:number-columns-repeated="2"'), cell('', ' table:number-columns-repeated="1000"')) +
      tr(cell('')) +
      '</table:table>',
    ['row: x | x'],
  ],
  [
    'code: a preformatted style keeps spaces (text:s), tabs and line breaks; consecutive paragraphs are one block',
    p('$ make', 'Pre') +
      p('<text:s text:c="4"/>make install', 'Pre') +
      p('a<text:tab/>b<text:line-break/>c', 'Pre') +
      p('After.'),
    ['code: $ make\\n    make install\\na\tb\\nc', 'paragraph: After.'],
  ],
  [
    'code: a paragraph set wholly in a monospaced font; one mono word in a sentence is not code',
    p('<text:span text:style-name="Tt">ls -l</text:span>') +
      p('Run <text:span text:style-name="Tt">ls</text:span> now.'),
    ['code: ls -l', 'paragraph: Run ls now.'],
  ],
  [
    'XML white space is collapsed as ODF says; spans join without spaces of their own',
    '<text:p>  two   words\n  <text:span>glued</text:span>on </text:p>',
    ['paragraph: two words gluedon'],
  ],
  [
    'contents, indexes, annotations and tracked deletions are left out; notes go to the end',
    '<text:table-of-content><text:index-body>' +
      p('Installing 3') +
      '</text:index-body></text:table-of-content>' +
      '<text:tracked-changes><text:changed-region><text:deletion>' +
      p('Deleted text.') +
      '</text:deletion></text:changed-region></text:tracked-changes>' +
      '<text:p>Body<office:annotation>' +
      p('A comment.') +
      '</office:annotation> with a note<text:note><text:note-citation>1</text:note-citation><text:note-body>' +
      p('The note.') +
      '</text:note-body></text:note>.</text:p>' +
      '<text:alphabetical-index><text:index-body>' +
      p('make, 3') +
      '</text:index-body></text:alphabetical-index>',
    ['paragraph: Body with a note.', 'paragraph: [1] The note.'],
  ],
  [
    'a list of links to places in the document (a hand-made contents list) is left out',
    `<text:list text:style-name="LB">${li(p('<text:a xlink:href="#a">Installing</text:a>'))}${li(p('<text:a xlink:href="#b">Using</text:a>'))}</text:list>` +
      p('Text.'),
    ['paragraph: Text.'],
  ],
  [
    'a navigation table (Prev | Chapter | Next) is left out; a table with one navigation link stays',
    `<table:table>${tr(cell('<text:a xlink:href="a.html">Prev</text:a>'), cell('Chapter 3'), cell('<text:a xlink:href="c.html">Next</text:a>'))}</table:table>` +
      p('Text.') +
      `<table:table>${tr(cell('n'), cell('<text:a xlink:href="c.html">Next</text:a>'))}</table:table>`,
    ['paragraph: Text.', 'row: n | Next'],
  ],
  [
    "a contents list linking the converted page's own file and anchors (bookmarks of the document) is left out",
    `<text:list text:style-name="LB">${li(p('<text:a xlink:href="../manual/sec-table.html#t1">Limitations</text:a>'))}${li(p('<text:a xlink:href="../manual/sec-table.html#t2">Table Width</text:a>'))}</text:list>` +
      `<text:h text:outline-level="2"><text:bookmark text:name="t1"/>Limitations</text:h>` +
      p('Text.') +
      `<text:h text:outline-level="2"><text:bookmark-start text:name="t2"/>Table Width<text:bookmark-end text:name="t2"/></text:h>` +
      `<text:list text:style-name="LB">${li(p('<text:a xlink:href="../manual/other.html#x">Other page</text:a>'))}${li(p('<text:a xlink:href="../manual/other.html#y">Another</text:a>'))}</text:list>`,
    ['heading2: Limitations', 'paragraph: Text.', 'heading2: Table Width', 'item: Other page', 'item: Another'],
  ],
  [
    'paragraphs each wholly a link to a bookmark, one after the other, are a contents list; one such paragraph alone is text',
    p('<text:a xlink:href="page.html#t1">Limitations</text:a>') +
      p('<text:a xlink:href="page.html#t2">Table Width</text:a>') +
      `<text:h text:outline-level="2"><text:bookmark text:name="t1"/>Limitations</text:h>` +
      p('<text:a xlink:href="#t2">Table Width</text:a>') +
      `<text:h text:outline-level="2"><text:bookmark text:name="t2"/>Table Width</text:h>`,
    ['heading2: Limitations', 'paragraph: Table Width', 'heading2: Table Width'],
  ],
];

for (const [name, body, want] of texts)
  test(`odt: ${name}`, async () => {
    const blocks = await extractOdf(makeOdf('text', body, { automatic: LISTS, styles: NAMED }), 'text');
    assert.deepEqual(show(blocks), want);
  });

const frame = (cls: string, inner: string) =>
  `<draw:frame${cls ? ` presentation:class="${cls}"` : ''}><draw:text-box>${inner}</draw:text-box></draw:frame>`;

const decks: [name: string, body: string, want: string[]][] = [
  [
    'the title opens its slide wherever the file draws it; notes follow the slide; numbers, footers and dates are furniture',
    '<draw:page>' +
      frame('outline', `<text:list text:style-name="LB">${li(p('A point.'))}</text:list>`) +
      frame('title', p('Steps')) +
      frame('page-number', p('1')) +
      frame('footer', p('Conference 2026')) +
      `<presentation:notes>${frame('notes', p('Say it slowly.'))}</presentation:notes>` +
      '</draw:page>' +
      `<draw:page>${frame('title', p('Two lines', '') + p('of title'))}${frame('', p('Free text.'))}</draw:page>`,
    [
      'heading1@1: Steps',
      'item@1: A point.',
      'paragraph@1: Say it slowly.',
      'heading1@2: Two lines of title',
      'paragraph@2: Free text.',
    ],
  ],
  [
    'a slide without a title; a table on a slide',
    `<draw:page>${frame('subtitle', p('Only a subtitle'))}</draw:page>` +
      `<draw:page><draw:frame><table:table>${tr(cell('a'), cell(''), cell('c'))}</table:table></draw:frame></draw:page>`,
    // The table's one row leaves its middle column empty: a spacer, no cell (writtenColumns).
    ['paragraph@1: Only a subtitle', 'row@2: a | c'],
  ],
];

for (const [name, body, want] of decks)
  test(`odp: ${name}`, async () => {
    const blocks = await extractOdf(makeOdf('presentation', body, { automatic: LISTS }), 'presentation');
    assert.deepEqual(show(blocks), want);
    assert.ok(blocks.every((b) => b.page === b.slide));
  });

test('listLabel: a bullet level or an unknown list has no label', () => {
  assert.equal(listLabel(undefined, [0, 1], 1), '');
  assert.equal(listLabel(new Map([[1, { prefix: '', suffix: '', start: 1, display: 1 }]]), [0, 1], 1), '');
  assert.equal(
    listLabel(new Map([[1, { number: 'roman-upper', prefix: '(', suffix: ')', start: 1, display: 1 }]]), [0, 4], 1),
    '(IV)',
  );
});

const status = (code: string, s: number) => (err: unknown) =>
  err instanceof DocumentError && err.code === code && err.status === s;

const bad: [name: string, bytes: Buffer, check: (err: unknown) => boolean][] = [
  ['not a zip at all', Buffer.from('PK\x03\x04 truncated'), status('document_unsupported', 415)],
  [
    'a zip without content.xml',
    makeZip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', stored: true }]),
    status('document_unsupported', 415),
  ],
  [
    'malformed XML',
    makeOdf('text', '', { contentXml: '<office:document-content><text:p>open' }),
    status('document_damaged', 422),
  ],
  [
    'a DTD declaring entities (an entity bomb)',
    makeOdf('text', '', {
      contentXml:
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><office:document-content>&a;</office:document-content>',
    }),
    status('document_entity_bomb', 413),
  ],
  [
    'a part declaring more than it inflates to (a zip bomb)',
    makeZip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', stored: true },
      { name: 'content.xml', data: 'x'.repeat(2 ** 21), declaredSize: 2 ** 31 },
    ]),
    status('document_zip_bomb', 413),
  ],
];
for (const [name, bytes, check] of bad)
  test(`odt: ${name} is refused with its 4xx`, async () => {
    await assert.rejects(extractOdf(bytes, 'text'), check);
  });

test('odt: the messages name the kind of file', async () => {
  await assert.rejects(
    extractOdf(makeOdf('text', '', { contentXml: '<!DOCTYPE x [<!ENTITY a "a">]><x/>' }), 'text'),
    /which OpenDocument files never need/,
  );
  await assert.rejects(
    extractOdf(Buffer.from('PK\x03\x04 truncated'), 'presentation'),
    /The zip archive is not an OpenDocument presentation: /,
  );
});

// Links to other pages after a label paragraph are its value; alone they are a navigation line.
const labelledOdtCases: [name: string, body: string, want: string[]][] = [
  [
    'links to other pages after a label: kept',
    p('See also:') + p('<text:a xlink:href="a.html">Alpha</text:a>, <text:a xlink:href="b.html">Beta</text:a>'),
    ['paragraph: See also:', 'paragraph: Alpha, Beta'],
  ],
  [
    'the same links after a sentence: a navigation line',
    p('Some text.') + p('<text:a xlink:href="a.html">Alpha</text:a>, <text:a xlink:href="b.html">Beta</text:a>'),
    ['paragraph: Some text.'],
  ],
];
for (const [name, body, want] of labelledOdtCases)
  test(`odt, labelled links: ${name}`, async () =>
    assert.deepEqual(show(await extractOdf(makeOdf('text', body), 'text')), want, name));

// Outline numbering (text:outline-style, LibreOffice's chapter numbering): the number Writer
// shows before each text:h, counted over the document's headings.
const OUTLINE_1 =
  '<text:outline-style style:name="Outline">' +
  '<text:outline-level-style text:level="1" style:num-format="1" style:num-suffix=" "/>' +
  '<text:outline-level-style text:level="2" style:num-format="1" text:display-levels="2" style:num-suffix=" "/>' +
  '<text:outline-level-style text:level="3" style:num-format="a" style:num-prefix="(" style:num-suffix=")"/>' +
  '</text:outline-style>';
const OUTLINE_NONE =
  '<text:outline-style style:name="Outline"><text:outline-level-style text:level="1" style:num-format=""/>' +
  '<text:outline-level-style text:level="2" style:num-format=""/></text:outline-style>';
const OUTLINE_CHAPTER =
  '<text:outline-style style:name="Outline"><text:outline-level-style text:level="1" style:num-format="I" style:num-prefix="Chapter " style:num-suffix="." text:start-value="2"/></text:outline-style>';
const h = (level: number, text: string, extra = '') =>
  `<text:h text:style-name="Heading_20_${level}" text:outline-level="${level}"${extra}>${text}</text:h>`;
const outlineCases: [name: string, styles: string | undefined, body: string, want: string[]][] = [
  [
    'numbers by level, a deeper level restarting under each heading',
    OUTLINE_1,
    h(1, 'Overview') + h(2, 'Scope') + h(2, 'Terms') + h(3, 'Words') + h(1, 'Definitions') + h(2, 'License'),
    [
      'heading1: 1 Overview',
      'heading2: 1.1 Scope',
      'heading2: 1.2 Terms',
      'heading3: (a) Words',
      'heading1: 2 Definitions',
      'heading2: 2.1 License',
    ],
  ],
  [
    'the default outline (format none, as pandoc and most files): no number',
    OUTLINE_NONE,
    h(1, 'Overview') + h(2, 'Scope'),
    ['heading1: Overview', 'heading2: Scope'],
  ],
  ['no outline style at all', undefined, h(1, 'Overview'), ['heading1: Overview']],
  [
    'a prefix, roman numbers and a start value',
    OUTLINE_CHAPTER,
    h(1, 'Grammar') + h(1, 'Library'),
    ['heading1: Chapter II. Grammar', 'heading1: Chapter III. Library'],
  ],
  [
    'a list header takes no number and does not count',
    OUTLINE_1,
    h(1, 'Preface', ' text:is-list-header="true"') + h(1, 'Overview'),
    ['heading1: Preface', 'heading1: 1 Overview'],
  ],
  [
    'a number the producer wrote (text:number) is the number, once, apart from the title',
    OUTLINE_1,
    h(1, '<text:number>1</text:number>Overview') + h(2, '<text:number>1.1</text:number>Scope'),
    ['heading1: 1 Overview', 'heading2: 1.1 Scope'],
  ],
  [
    'a title already opening with its number is not numbered twice',
    OUTLINE_1,
    h(1, '1 Overview'),
    ['heading1: 1 Overview'],
  ],
  [
    'a level-2 heading before any level-1 one counts the missing level as 1',
    OUTLINE_1,
    h(2, 'Scope') + h(1, 'Overview'),
    ['heading2: 1.1 Scope', 'heading1: 2 Overview'],
  ],
];
for (const [name, styles, body, want] of outlineCases)
  test(`odt, outline numbering: ${name}`, async () => {
    const bytes = makeOdf('text', body, styles ? { styles } : {});
    assert.deepEqual(show(await extractOdf(bytes, 'text')), want, name);
  });

test('outlineNumber and numberedHeading: the counters and the text', () => {
  assert.equal(outlineNumber(undefined, [], 1), '');
  assert.equal(outlineNumber(new Map(), [], 1), '');
  assert.equal(numberedHeading('Scope', ''), 'Scope');
  assert.equal(numberedHeading('Scope', '1.1'), '1.1 Scope');
  assert.equal(numberedHeading('1.1 Scope', '1.1'), '1.1 Scope');
});

// Numbered lists on a slide are numbered as Impress shows them (paragraph by paragraph in a text
// box); Impress writes a numbered list with a sub-item as two lists, the second opening with a
// wrapper item that holds only the sub-list. In a text document Writer's list counting stays.
const LS =
  '<text:list-style style:name="LS"><text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="."/>' +
  '<text:list-level-style-bullet text:level="2" text:bullet-char="–"/></text:list-style>' +
  '<text:list-style style:name="LT"><text:list-level-style-bullet text:level="1" text:bullet-char="•"/></text:list-style>' +
  '<text:list-style style:name="LA"><text:list-level-style-number text:level="1" style:num-format="a" style:num-suffix=")"/></text:list-style>';
const lst = (...items: string[]) => `<text:list text:style-name="LS">${items.join('')}</text:list>`;
const lstOf = (style: string, ...items: string[]) =>
  `<text:list text:style-name="${style}">${items.join('')}</text:list>`;
const box = (...inner: string[]) =>
  `<draw:frame presentation:class="outline"><draw:text-box>${inner.join('')}</draw:text-box></draw:frame>`;
const slideListCases: [name: string, kind: 'presentation' | 'text', body: string, want: string[]][] = [
  [
    'a list split at its sub-item goes on: 1. 2. 3. - 4.',
    'presentation',
    `<draw:page>${box(lst(li(p('one')), li(p('two')), li(p('three'))), lst(li(lst(li(p('sub')))), li(p('four'))))}</draw:page>`,
    ['item@1: 1. one', 'item@1: 2. two', 'item@1: 3. three', 'item@1: sub', 'item@1: 4. four'],
  ],
  [
    'a paragraph between two lists in a box: the second starts again',
    'presentation',
    `<draw:page>${box(lst(li(p('one')), li(p('two'))), p('Then:'), lst(li(p('again'))))}</draw:page>`,
    ['item@1: 1. one', 'item@1: 2. two', 'paragraph@1: Then:', 'item@1: 1. again'],
  ],
  [
    'a bullet list then a numbered list in one box: the numbers from 1',
    'presentation',
    `<draw:page>${box(lstOf('LT', li(p('dot')), li(p('dot2'))), lst(li(p('one')), li(p('two'))))}</draw:page>`,
    ['item@1: dot', 'item@1: dot2', 'item@1: 1. one', 'item@1: 2. two'],
  ],
  [
    'a list numbered another way after a numbered one: from its own start',
    'presentation',
    `<draw:page>${box(lst(li(p('one')), li(p('two'))), lstOf('LA', li(p('alpha'))))}</draw:page>`,
    ['item@1: 1. one', 'item@1: 2. two', 'item@1: a) alpha'],
  ],
  [
    'lists in two text boxes: each from 1',
    'presentation',
    `<draw:page>${box(lst(li(p('left'))))}${box(lst(li(p('right'))))}</draw:page>`,
    ['item@1: 1. left', 'item@1: 1. right'],
  ],
  [
    'lists on two slides: each from 1',
    'presentation',
    `<draw:page>${box(lst(li(p('first'))))}</draw:page><draw:page>${box(lst(li(p('second'))))}</draw:page>`,
    ['item@1: 1. first', 'item@2: 1. second'],
  ],
  [
    'in a text document a new list starts again, its wrapper item counted (Writer)',
    'text',
    lst(li(p('one')), li(p('two'))) + lst(li(lst(li(p('sub')))), li(p('next'))),
    ['item: 1. one', 'item: 2. two', 'item: sub', 'item: 2. next'],
  ],
];
for (const [name, kind, body, want] of slideListCases)
  test(`odf, numbered lists on slides: ${name}`, async () => {
    const blocks = await extractOdf(makeOdf(kind, body, { automatic: LS }), kind);
    assert.deepEqual(show(blocks), want, name);
  });

// Writer numbers paragraphs: an item without a paragraph of its own (a wrapper of a sub-list)
// takes no number; checked against `soffice --convert-to txt` of the same structures.
const LN =
  '<text:list-style style:name="LN"><text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="."/>' +
  '<text:list-level-style-number text:level="2" style:num-format="a" style:num-suffix="."/></text:list-style>';
const ln = (items: string, attrs = '') => `<text:list text:style-name="LN"${attrs}>${items}</text:list>`;
const depthOf = (b: DocumentBlock) => `${b.depth ?? '-'} ${b.text}`;
const writerLists: [name: string, body: string, want: string[]][] = [
  [
    'a nested list inside its item: depth 1, the parent numbering goes on after it',
    ln(li(p('one'), ln(li(p('x')) + li(p('y')))) + li(p('two'))),
    ['- 1. one', '1 a. x', '1 b. y', '- 2. two'],
  ],
  [
    'a wrapper item between items takes no number: 1. a. 2.',
    ln(li(p('one')) + li(ln(li(p('sub')))) + li(p('two'))),
    ['- 1. one', '1 a. sub', '- 2. two'],
  ],
  [
    'a nested list going on after a paragraph (continue-list, a wrapper item) counts on: c.',
    ln(li(p('first'), ln(li(p('x')) + li(p('y')))), ' xml:id="L1"') +
      p('Between') +
      ln(li(ln(li(p('z')))) + li(p('second')), ' text:continue-list="L1"'),
    ['- 1. first', '1 a. x', '1 b. y', '- Between', '1 c. z', '- 2. second'],
  ],
];
for (const [name, body, want] of writerLists)
  test(`odt, Writer's list numbers and depths: ${name}`, async () => {
    const blocks = await extractOdf(makeOdf('text', body, { automatic: LN }), 'text');
    assert.deepEqual(blocks.map(depthOf), want);
  });

test('countParagraph: levels above a paragraph not counted yet count from their start', () => {
  const levels = new Map([
    [1, { number: 'arabic', start: 3, prefix: '', suffix: '.', display: 1 }],
    [2, { number: 'alpha-lower', start: 1, prefix: '', suffix: '.', display: 1 }],
  ]) as unknown as Map<number, ListLevel>;
  const cases: [string, (number | undefined)[], number, number | undefined, (number | undefined)[]][] = [
    ['a first paragraph at the top', [], 1, undefined, [undefined, 3]],
    ['a first paragraph one level down: its parent from its start', [], 2, undefined, [undefined, 3, 1]],
    ['a paragraph under its parent', [undefined, 3], 2, undefined, [undefined, 3, 1]],
    ['the next at the top restarts the level below', [undefined, 3, 2], 1, undefined, [undefined, 4]],
    ['its own start value', [undefined, 3, 2], 2, 7, [undefined, 3, 7]],
  ];
  for (const [name, before, depth, own, after] of cases) {
    const counters = [...before] as number[];
    countParagraph(counters, depth, own, levels);
    assert.deepEqual(Array.from(counters), after, name);
  }
});
