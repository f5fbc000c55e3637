import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractDocx, fieldHyperlink } from '../../../../src/documents/formats/docx/extract.ts';
import { numberedHeading } from '../../../../src/documents/formats/list-number.ts';
import { DocumentError } from '../../../../src/documents/document-error.ts';
import { makeDocx, makeZip, wp, W } from '../../helpers/make-zip.ts';

const kinds = async (bytes: Uint8Array) => (await extractDocx(bytes)).map((b) => `${b.kind}${b.level ?? ''}:${b.text}`);

test('headings from styles (Heading n, Title) and outline levels; lists, code, tables as rows', async () => {
  const body = [
    wp('Handbook', 'Title'),
    wp('1 Scope', 'Heading1'),
    wp('This policy applies to everyone.'),
    wp('1.1 Details', 'Heading2'),
    wp('Outlined by the style', 'Kopf'),
    wp('Outlined directly', undefined, '<w:outlineLvl w:val="3"/>'),
    wp('first point', 'ListBullet'),
    wp('second point', undefined, '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="5"/></w:numPr>'),
    wp('x &lt;- c(1, 2)', 'SourceCode'),
    '<w:tbl><w:tr><w:tc>' +
      wp('Name') +
      '</w:tc><w:tc>' +
      wp('Days') +
      '</w:tc></w:tr><w:tr><w:tc>' +
      wp('Leave') +
      '</w:tc><w:tc>' +
      wp('25') +
      '</w:tc></w:tr></w:tbl>',
  ].join('');
  assert.deepEqual(await kinds(makeDocx(body)), [
    'heading1:Handbook',
    'heading1:1 Scope',
    'paragraph:This policy applies to everyone.',
    'heading2:1.1 Details',
    'heading3:Outlined by the style',
    'heading4:Outlined directly',
    'item:first point',
    'item:second point',
    'code:x <- c(1, 2)',
    'row:Name | Days',
    'row:Leave | 25',
  ]);
});

test('consecutive code paragraphs are one code block, one line each, indentation, tabs and breaks kept', async () => {
  const body = [
    wp('Run:'),
    wp('def f(x):', 'SourceCode'),
    wp('    if x:', 'SourceCode'),
    '<w:p><w:pPr><w:pStyle w:val="SourceCode"/></w:pPr></w:p>',
    '<w:p><w:pPr><w:pStyle w:val="SourceCode"/></w:pPr><w:r><w:tab/><w:t>return 1</w:t><w:br/><w:t xml:space="preserve">  # done</w:t></w:r></w:p>',
    wp('Then:'),
    wp('x = 2', 'SourceCode'),
  ].join('');
  const blocks = await extractDocx(makeDocx(body));
  assert.deepEqual(
    blocks.map((b) => [b.kind, b.text]),
    [
      ['paragraph', 'Run:'],
      ['code', 'def f(x):\n    if x:\n\n\treturn 1\n  # done'],
      ['paragraph', 'Then:'],
      ['code', 'x = 2'],
    ],
  );
  assert.deepEqual(blocks[1]!.lines, ['def f(x):', '    if x:', '', '\treturn 1', '  # done']);
});

test('a TOC field and a Table of Contents content control are contents, not text', async () => {
  const field =
    '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> TOC \\o "1-3" \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
    '<w:r><w:t>1 Scope ........ 3</w:t></w:r></w:p>' +
    wp('2 Rules ........ 5') +
    '<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';
  const sdt =
    '<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/></w:docPartObj></w:sdtPr><w:sdtContent>' +
    wp('Contents', 'Heading1') +
    wp('1 Scope 3') +
    '</w:sdtContent></w:sdt>';
  const texts = await kinds(makeDocx(field + sdt + wp('1 Scope', 'Heading1') + wp('Body text.')));
  assert.deepEqual(texts, ['heading1:1 Scope', 'paragraph:Body text.']);
});

test('a list of links to bookmarks in the document is contents; a navigation line is dropped; footnotes go at the end', async () => {
  const link = (anchor: string, text: string) =>
    `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:hyperlink w:anchor="${anchor}"><w:r><w:t>${text}</w:t></w:r></w:hyperlink></w:p>`;
  const nav =
    '<w:p><w:r><w:t xml:space="preserve">Next: </w:t></w:r><w:hyperlink w:anchor="b"><w:r><w:t>Rules</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve"> [</w:t></w:r><w:hyperlink w:anchor="c"><w:r><w:t>Contents</w:t></w:r></w:hyperlink><w:r><w:t>]</w:t></w:r></w:p>';
  const body =
    link('a', '1 Scope') +
    link('b', '2 Rules') +
    nav +
    wp('1 Scope', 'Heading1') +
    '<w:p><w:r><w:t>See the note.</w:t></w:r><w:r><w:footnoteReference w:id="2"/></w:r></w:p>';
  const footnotes =
    '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="2"><w:p><w:r><w:t>The note itself.</w:t></w:r></w:p></w:footnote>';
  assert.deepEqual(await kinds(makeDocx(body, { footnotes })), [
    'heading1:1 Scope',
    'paragraph:See the note.',
    'paragraph:[1] The note itself.',
  ]);
});

const refused = (status: number) => (err: unknown) => err instanceof DocumentError && err.status === status;

test('a zip bomb is refused (413) before it is inflated: a part declared huge', async () => {
  // 200 MiB of zeros deflate to about 200 KB; the headers declare it honestly.
  const zeros = new Uint8Array(200 * 2 ** 20);
  await assert.rejects(extractDocx(makeDocx('', { documentXml: zeros })), refused(413));
});

test('a zip bomb is refused (413): a part that inflates past the size its headers declare', async () => {
  const doc = `<?xml version="1.0"?><w:document ${W}><w:body>${wp('x'.repeat(50_000_000))}</w:body></w:document>`;
  const bytes = makeZip([
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: 'word/document.xml', data: doc, declaredSize: 1000 },
  ]);
  const before = process.memoryUsage().arrayBuffers;
  await assert.rejects(extractDocx(bytes), refused(413));
  assert.ok(process.memoryUsage().arrayBuffers - before < 40 * 2 ** 20, 'the lying part was not inflated whole');
});

test('a zip bomb is refused (413): too many entries', async () => {
  const entries = [
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: 'word/document.xml', data: `<w:document ${W}/>` },
  ];
  for (let i = 0; i < 10_001; i++) entries.push({ name: `x/${i}`, data: '' });
  await assert.rejects(extractDocx(makeZip(entries)), refused(413));
});

test('an XML entity bomb (billion laughs) is refused (413) without expanding anything', async () => {
  let dtd = '<!ENTITY lol "lol">';
  for (let i = 1; i <= 9; i++) dtd += `<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`;
  const doc = `<?xml version="1.0"?><!DOCTYPE w:document [${dtd}]><w:document ${W}><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>`;
  await assert.rejects(extractDocx(makeDocx('', { documentXml: doc })), refused(413));
});

test('a zip without a Word document part is unsupported (415); broken XML is damaged (422)', async () => {
  const xlsx = makeZip([
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: 'xl/workbook.xml', data: '<workbook/>' },
  ]);
  await assert.rejects(extractDocx(xlsx), refused(415));
  await assert.rejects(extractDocx(makeDocx('', { documentXml: `<w:document ${W}><w:body><w:p>` })), refused(422));
});

test('table cells: empty and merged across columns (gridSpan) cells stay in place, a value merged down (vMerge) repeats below; a tblHeader row is a header', async () => {
  const tc = (text: string, pr = '') => `<w:tc>${pr ? `<w:tcPr>${pr}</w:tcPr>` : ''}${wp(text)}</w:tc>`;
  const body =
    '<w:tbl>' +
    `<w:tr><w:trPr><w:tblHeader/></w:trPr>${tc('A')}${tc('B')}${tc('C')}${tc('D')}</w:tr>` +
    `<w:tr>${tc('a1', '<w:vMerge w:val="restart"/>')}${tc('bc1', '<w:gridSpan w:val="2"/>')}${tc('d1')}</w:tr>` +
    `<w:tr>${tc('', '<w:vMerge/>')}${tc('b2')}${tc('')}${tc('d2')}</w:tr>` +
    `<w:tr><w:trPr><w:gridBefore w:val="1"/></w:trPr>${tc('b3')}${tc('c3')}${tc('d3')}</w:tr>` +
    '</w:tbl>';
  const rows = await extractDocx(makeDocx(body));
  assert.deepEqual(
    rows.map((b) => b.text),
    ['A | B | C | D', 'a1 | bc1 |  | d1', 'a1 | b2 |  | d2', ' | b3 | c3 | d3'],
  );
  assert.deepEqual(
    rows.map((b) => b.cells?.[1]?.header ?? false),
    [true, false, false, false],
  );
});

test('a value merged down (vMerge) reads on each row it spans; a paragraph stays on its first row; a row of merged values only is not read', async () => {
  const tc = (text: string, pr = '') => `<w:tc>${pr ? `<w:tcPr>${pr}</w:tcPr>` : ''}${wp(text)}</w:tc>`;
  const long = 'A description long enough to be a paragraph of its own, merged beside several rows.';
  const body =
    '<w:tbl>' +
    `<w:tr>${tc('Fruit', '<w:vMerge w:val="restart"/>')}${tc('Apple')}${tc(long, '<w:vMerge w:val="restart"/>')}</w:tr>` +
    `<w:tr>${tc('', '<w:vMerge w:val="continue"/>')}${tc('Pear')}${tc('', '<w:vMerge/>')}</w:tr>` +
    `<w:tr>${tc('', '<w:vMerge/>')}${tc('')}${tc('', '<w:vMerge/>')}</w:tr>` +
    `<w:tr>${tc('Nut')}${tc('Walnut')}${tc('', '<w:vMerge/>')}</w:tr>` +
    '</w:tbl>';
  const rows = await extractDocx(makeDocx(body));
  assert.deepEqual(
    rows.map((b) => b.text),
    [`Fruit | Apple | ${long}`, 'Fruit | Pear | ', 'Nut | Walnut | '],
  );
});

test('a column no row writes in is a spacer, not a cell; an empty cell under a written column stays', async () => {
  const tc = (text: string) => `<w:tc>${wp(text)}</w:tc>`;
  const body =
    `<w:tbl><w:tr>${tc('')}${tc('-P')}${tc('')}${tc('Never follow links.')}</w:tr>` +
    `<w:tr>${tc('')}${tc('-L')}${tc('')}${tc('Follow links.')}</w:tr></w:tbl>` +
    `<w:tbl><w:tr>${tc('A')}${tc('B')}</w:tr><w:tr>${tc('a')}${tc('')}</w:tr></w:tbl>`;
  const rows = await extractDocx(makeDocx(body));
  assert.deepEqual(
    rows.map((b) => [b.text, b.cells?.length]),
    [
      ['-P | Never follow links.', 2],
      ['-L | Follow links.', 2],
      ['A | B', 2],
      ['a | ', 2],
    ],
  );
});

test('numbered list items carry the numbers Word shows (numbering.xml): formats, starts, nesting, overrides', async (t) => {
  const lvl = (ilvl: number, fmt: string, text: string, start = 1) =>
    `<w:lvl w:ilvl="${ilvl}"><w:start w:val="${start}"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/></w:lvl>`;
  const numbering =
    `<?xml version="1.0" encoding="UTF-8"?><w:numbering ${W}>` +
    `<w:abstractNum w:abstractNumId="0">${lvl(0, 'decimal', '%1.')}${lvl(1, 'lowerLetter', '%2)')}${lvl(2, 'lowerRoman', '%1.%2.%3')}</w:abstractNum>` +
    `<w:abstractNum w:abstractNumId="1">${lvl(0, 'upperRoman', '%1.', 3)}</w:abstractNum>` +
    `<w:abstractNum w:abstractNumId="2">${lvl(0, 'bullet', '\u2022')}</w:abstractNum>` +
    '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>' +
    '<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>' +
    '<w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>' +
    '<w:num w:numId="4"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>' +
    '</w:numbering>';
  const item = (text: string, numId: string, ilvl = 0) =>
    wp(text, undefined, `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`);
  const texts = async (body: string[]) =>
    (await extractDocx(makeDocx(body.join(''), { extra: [{ name: 'word/numbering.xml', data: numbering }] }))).map(
      (b) => b.text,
    );
  const cases: [string, string[], string[]][] = [
    ['decimal', [item('one', '1'), item('two', '1')], ['1. one', '2. two']],
    [
      'nested letters and a three-level number (each part in the style of its level); a deeper count restarts under a new parent',
      [item('a', '1'), item('b', '1', 1), item('c', '1', 2), item('d', '1', 1), item('e', '1'), item('f', '1', 1)],
      ['1. a', 'a) b', '1.a.i c', 'b) d', '2. e', 'a) f'],
    ],
    ['roman from a start value', [item('x', '2'), item('y', '2')], ['III. x', 'IV. y']],
    ['a bullet list has no number', [item('dot', '3')], ['dot']],
    [
      'a numbered heading paragraph is a heading with its number (Word multilevel headings, LibreOffice outline numbering)',
      [
        wp('Scope', 'Heading1', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'),
        wp('Body.'),
        wp('Outline', undefined, '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="5"/></w:numPr><w:outlineLvl w:val="1"/>'),
      ],
      ['heading1:1. Scope', 'paragraph:Body.', 'heading2:Outline'],
    ],
    ['a list without a definition has no number', [item('lost', '9')], ['lost']],
    [
      'a second list on the same definition counts on; a start override starts again',
      [item('one', '1'), item('two', '1'), wp('Between.'), item('again', '4'), item('more', '4')],
      ['1. one', '2. two', 'Between.', '1. again', '2. more'],
    ],
    [
      'a numbered paragraph in a table cell keeps its number',
      [`<w:tbl><w:tr><w:tc>${item('in cell', '1')}</w:tc><w:tc>${wp('v')}</w:tc></w:tr></w:tbl>`],
      ['1. in cell | v'],
    ],
  ];
  for (const [name, body, want] of cases)
    await t.test(name, async () => {
      const got = want.some((w) => /^[a-z]+\d?:/.test(w))
        ? (
            await extractDocx(makeDocx(body.join(''), { extra: [{ name: 'word/numbering.xml', data: numbering }] }))
          ).map((b) => `${b.kind}${b.kind === 'heading' ? (b.level ?? '') : ''}:${b.text}`)
        : await texts(body);
      assert.deepEqual(got, want);
    });
});

test('numberedHeading: a numbered heading reads as Word shows it, number then title', async (t) => {
  const cases: [string, string, string | undefined, string][] = [
    ['a decimal number', 'Details', '1.2', '1.2 Details'],
    ['a number with its period', 'Scope', '1.', '1. Scope'],
    ['no number (format none, a bullet)', 'File layout', undefined, 'File layout'],
    ['an empty number', 'File layout', '', 'File layout'],
    ['a title that already opens with its number', '1.2 Details', '1.2', '1.2 Details'],
    ['a title that opens with another number', '12 Details', '1', '1 12 Details'],
  ];
  for (const [name, text, marker, want] of cases)
    await t.test(name, () => assert.equal(numberedHeading(text, marker), want));
});

test('a navigation table (Prev | Chapter | Next, as a converted HTML page keeps it) is left out; a data table stays', async () => {
  const tc = (inner: string) => `<w:tc><w:p>${inner}</w:p></w:tc>`;
  const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
  const link = (text: string) => `<w:hyperlink r:id="rId9">${run(text)}</w:hyperlink>`;
  const body =
    `<w:tbl><w:tr>${tc(run('Creating Tables'))}</w:tr><w:tr>${tc(link('Prev') + run(' '))}${tc(run('Chapter 3. Using dblatex'))}${tc(run(' ') + link('Next'))}</w:tr></w:tbl>` +
    wp('Creating Tables', 'Heading1') +
    `<w:tbl><w:tr>${tc(run('Key'))}${tc(run('Action'))}</w:tr><w:tr>${tc(run('n'))}${tc(link('Next'))}</w:tr></w:tbl>` +
    `<w:tbl><w:tr>${tc(link('Prev'))}${tc(link('Up'))}${tc(link('Next'))}</w:tr><w:tr>${tc(run('Figure Inclusion'))}${tc(link('Home'))}${tc(run('Correcting Poor Formatting'))}</w:tr></w:tbl>`;
  assert.deepEqual(await kinds(makeDocx(body)), ['heading1:Creating Tables', 'row:Key | Action', 'row:n | Next']);
});

test("a contents list of HYPERLINK fields and linked relationships to the document's own bookmarks is left out", async () => {
  const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
  const fieldLink = (instr: string, text: string) =>
    `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve">${instr}</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run(text)}<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  const bookmark = (name: string, text: string) =>
    `<w:p><w:pPr><w:pStyle w:val="Heading2"/></w:pPr><w:bookmarkStart w:id="0" w:name="${name}"/><w:bookmarkEnd w:id="0"/>${run(text)}</w:p>`;
  const body =
    fieldLink(' HYPERLINK &quot;../manual/sec-table.html&quot; \\l &quot;t1&quot;', 'Limitations') +
    fieldLink(' HYPERLINK \\l &quot;t2&quot;', 'Table Width') +
    `<w:p><w:hyperlink r:id="rId7">${run('Coloured tables')}</w:hyperlink></w:p>` +
    bookmark('t1', 'Limitations') +
    wp('Text.') +
    bookmark('t2', 'Table Width') +
    bookmark('t3', 'Coloured tables') +
    fieldLink(' HYPERLINK &quot;../manual/other.html&quot; \\l &quot;x&quot;', 'Other page') +
    fieldLink(' HYPERLINK &quot;https://example.org/&quot;', 'Example site');
  const rels =
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="../manual/sec-table.html#t3" TargetMode="External"/></Relationships>';
  assert.deepEqual(await kinds(makeDocx(body, { extra: [{ name: 'word/_rels/document.xml.rels', data: rels }] })), [
    'heading2:Limitations',
    'paragraph:Text.',
    'heading2:Table Width',
    'heading2:Coloured tables',
    'paragraph:Other page',
    'paragraph:Example site',
  ]);
});

const fieldCases: [string, string, string | undefined][] = [
  ['a file and a bookmark', ' HYPERLINK "sec-table.html" \\l "idp1134" ', 'sec-table.html#idp1134'],
  ['a bookmark alone', ' HYPERLINK \\l "t2"', '#t2'],
  ['a web address', ' HYPERLINK "https://example.org/"', 'https://example.org/'],
  ['an unquoted file', 'HYPERLINK page.html', 'page.html'],
  ['no hyperlink', ' PAGEREF t2 \\h ', undefined],
];
for (const [name, instr, want] of fieldCases) {
  test(`fieldHyperlink: ${name}`, () => assert.equal(fieldHyperlink(instr), want));
}

test("a contents list whose links do not cover its entries (paragraphs naming the document's headings) is left out", async () => {
  const body =
    wp('Table des matières') +
    wp('4.1. control') +
    wp('4.2. copyright') +
    wp('4.3. changelog') +
    wp('4.1. control', 'Heading2') +
    wp('Ce fichier contient plusieurs valeurs.') +
    wp('4.2. copyright', 'Heading2') +
    wp('4.3. changelog', 'Heading2');
  assert.deepEqual(await kinds(makeDocx(body)), [
    'paragraph:Table des matières',
    'heading2:4.1. control',
    'paragraph:Ce fichier contient plusieurs valeurs.',
    'heading2:4.2. copyright',
    'heading2:4.3. changelog',
  ]);
});

// Links to other pages after a label paragraph are its value (an office suite's Javadoc page:
// "All Known Implementing Classes:" over "ArgumentParserImpl, SubparserImpl"); alone they are a
// navigation line, and in-page links after a label stay a contents line.
const labelledDocxCases: [name: string, body: string, want: string[]][] = [
  [
    'links to other pages after a label: kept',
    wp('All Known Implementing Classes:') +
      '<w:p><w:hyperlink r:id="rId90"><w:r><w:t>AImpl</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve">, </w:t></w:r><w:hyperlink r:id="rId91"><w:r><w:t>BImpl</w:t></w:r></w:hyperlink></w:p>',
    ['paragraph:All Known Implementing Classes:', 'paragraph:AImpl, BImpl'],
  ],
  [
    'the same links after a sentence: a navigation line',
    wp('Some text.') +
      '<w:p><w:hyperlink r:id="rId90"><w:r><w:t>AImpl</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve">, </w:t></w:r><w:hyperlink r:id="rId91"><w:r><w:t>BImpl</w:t></w:r></w:hyperlink></w:p>',
    ['paragraph:Some text.'],
  ],
  [
    'in-page links after a label: dropped',
    wp('Contents:') +
      '<w:p><w:hyperlink w:anchor="a"><w:r><w:t>Alpha</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve">, </w:t></w:r><w:hyperlink w:anchor="b"><w:r><w:t>Beta</w:t></w:r></w:hyperlink></w:p>',
    ['paragraph:Contents:'],
  ],
];
for (const [name, body, want] of labelledDocxCases)
  test(`docx, labelled links: ${name}`, async () => assert.deepEqual(await kinds(makeDocx(body)), want, name));

// Text boxes (Word 2010 and LibreOffice write each twice: the shape in mc:Choice, the VML of
// older readers in mc:Fallback), read once, and the paragraph that anchors the box keeps its own
// text, before and after the box.
const box = (text: string) => `<w:txbxContent>${wp(text)}</w:txbxContent>`;
const choice = (text: string) =>
  `<mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic><a:graphicData><wps:wsp><wps:txbx>${box(text)}</wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>`;
const fallback = (text: string) =>
  `<mc:Fallback><w:pict><v:shape><v:textbox>${box(text)}</v:textbox></v:shape></w:pict></mc:Fallback>`;
const anchored = (inner: string) =>
  `<w:p><w:r><w:t xml:space="preserve">Before the box, </w:t></w:r><w:r>${inner}</w:r><w:r><w:t>and after it.</w:t></w:r></w:p>`;
const textBoxCases: [name: string, body: string, want: string[]][] = [
  [
    'a shape with its VML fallback: the box once, the anchoring paragraph whole',
    anchored(
      `<mc:AlternateContent>${choice('Note: a copy goes to every recipient.')}${fallback('Note: a copy goes to every recipient.')}</mc:AlternateContent>`,
    ),
    ['paragraph:Note: a copy goes to every recipient.', 'paragraph:Before the box, and after it.'],
  ],
  [
    'a fallback with no choice before it: read',
    anchored(`<mc:AlternateContent>${fallback('Only the VML.')}</mc:AlternateContent>`),
    ['paragraph:Only the VML.', 'paragraph:Before the box, and after it.'],
  ],
  [
    'an empty fallback after the choice',
    anchored(`<mc:AlternateContent>${choice('The shape.')}<mc:Fallback/></mc:AlternateContent>`),
    ['paragraph:The shape.', 'paragraph:Before the box, and after it.'],
  ],
  [
    'a VML text box of Word 2007 (no alternate content)',
    anchored(`<w:pict><v:shape><v:textbox>${box('Old box.')}</v:textbox></v:shape></w:pict>`),
    ['paragraph:Old box.', 'paragraph:Before the box, and after it.'],
  ],
  [
    'a caption frame (LibreOffice) in the first of two paragraphs: the second untouched',
    anchored(
      `<mc:AlternateContent>${choice('Figure 1: The flow')}${fallback('Figure 1: The flow')}</mc:AlternateContent>`,
    ) + wp('Next paragraph.'),
    ['paragraph:Figure 1: The flow', 'paragraph:Before the box, and after it.', 'paragraph:Next paragraph.'],
  ],
  [
    'a text box in a table cell: once, in the cell',
    `<w:tbl><w:tr><w:tc>${wp('Field')}</w:tc><w:tc>${anchored(`<mc:AlternateContent>${choice('Boxed')}${fallback('Boxed')}</mc:AlternateContent>`)}</w:tc></w:tr></w:tbl>`,
    ['row:Field | Boxed Before the box, and after it.'],
  ],
];
for (const [name, body, want] of textBoxCases)
  test(`docx, text boxes: ${name}`, async () => assert.deepEqual(await kinds(makeDocx(body)), want, name));

test('a list item carries its level (w:ilvl) as its depth; the top level none', async () => {
  const numbering =
    `<?xml version="1.0" encoding="UTF-8"?><w:numbering ${W}><w:abstractNum w:abstractNumId="0">` +
    '<w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>' +
    '<w:lvl w:ilvl="1"><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2."/></w:lvl>' +
    '<w:lvl w:ilvl="2"><w:numFmt w:val="bullet"/><w:lvlText w:val="-"/></w:lvl>' +
    '</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>';
  const item = (text: string, ilvl: number) =>
    wp(text, undefined, `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="1"/></w:numPr>`);
  const blocks = await extractDocx(
    makeDocx([item('one', 0), item('sub', 1), item('subsub', 2), item('two', 0)].join(''), {
      extra: [{ name: 'word/numbering.xml', data: numbering }],
    }),
  );
  assert.deepEqual(
    blocks.map((b) => `${b.depth ?? '-'} ${b.text}`),
    ['- 1. one', '1 a. sub', '2 subsub', '- 2. two'],
  );
});

test('a web page saved as Word: the permalink mark after a heading and a term is no text', async () => {
  const blocks = await extractDocx(
    makeDocx(wp('Helper scripts', 'Heading1') + wp('¶') + wp('Helper scripts¶', 'Heading2') + wp('dh_strip¶')),
  );
  assert.deepEqual(
    blocks.map((b) => `${b.kind}:${b.text}`),
    ['heading:Helper scripts', 'heading:Helper scripts', 'paragraph:dh_strip'],
  );
});
