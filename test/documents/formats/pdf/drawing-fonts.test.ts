// Fonts that draw diagrams, not text (drawing-fonts.ts): their glyphs are left out of the reading.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { drawingStyle, isDrawingFont } from '../../../../src/documents/formats/pdf/drawing-fonts.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { makePdf } from '../../helpers/make-pdf.ts';

describe('isDrawingFont', () => {
  const cases: [string | undefined, boolean][] = [
    ['FHRLBU+XYATIP10', true],
    ['OFWAEH+XYBTIP10', true],
    ['NIUZVQ+XYDASH10', true],
    ['ECEOXD+XYCIRC10', true],
    ['xyline10', true],
    ['XYQC10', true],
    ['XYBSQL10', true],
    ['ABCDEF+LINE10', true],
    ['LINEW10', true],
    // xy-pic's Type 1 fonts named with a weight for the size (glpk's "MJHCHS+XYCIRC-Medium").
    ['MJHCHS+XYCIRC-Medium', true],
    ['DFGTRA+XYDASH-Medium', true],
    ['XYATIP-Regular', true],
    ['XYDASH', false],
    ['XYDASH-Bold', false],
    ['Line-Regular', false],
    ['ABCDEF+LINE-Medium', false],
    // MusiXTeX's notes and slurs (cursolatex's score: "XINIZA+TeXMUSIX20-Regular").
    ['XINIZA+TeXMUSIX20-Regular', true],
    ['NAHNYY+TeXXSLZ20-Regular', true],
    ['musix16', true],
    ['xslhu20', true],
    ['Musixtex-Text', false],
    ['XSL-Regular', false],
    // The circle fonts also circle a callout's number beside a code line (dblatex): kept.
    ['LCIRCLE10', false],
    ['LCIRCLEW10', false],
    ['HMVRFB+CMSY10', false],
    ['CMR10', false],
    ['Helvetica', false],
    ['Linux Libertine', false],
    ['LinBiolinum', false],
    ['ABCDEF+XYZ-Regular', false],
    ['', false],
    [undefined, false],
  ];
  for (const [name, want] of cases) test(String(name), () => assert.equal(isDrawingFont(name), want));
});

test('drawingStyle reads the name pdfjs.ts adds to a text style', () => {
  assert.equal(drawingStyle({ fontFamily: 'serif', name: 'NIUZVQ+XYDASH10' }), true);
  assert.equal(drawingStyle({ fontFamily: 'serif', name: 'CMR10' }), false);
  assert.equal(drawingStyle({ fontFamily: 'serif' }), false);
  assert.equal(drawingStyle(undefined), false);
});

test('an xy-pic diagram reads as its labels, without the letters of its strokes', async () => {
  // Two labels in Helvetica joined by a dashed line of xydash glyphs ("r" repeated), as xy-pic sets it.
  const content = [
    'BT /F1 11 Tf 72 700 Td (Khether) Tj ET',
    ...[0, 1, 2, 3, 4].map((i) => `BT /F4 10 Tf ${120 + i * 9} 700 Td (rr) Tj ET`),
    'BT /F1 11 Tf 170 700 Td (Binah) Tj ET',
    'BT /F1 11 Tf 72 650 Td (The tree of the example above.) Tj ET',
  ].join('\n');
  const xy = await extractPdf(makePdf({ pages: [{ content }], f4BaseFont: 'NIUZVQ+XYDASH10' }));
  const text = xy.blocks.map((b) => b.text).join('\n');
  assert.match(text, /Khether Binah/);
  assert.doesNotMatch(text, /rr/);
  // The same glyphs in a text font are text.
  const plain = await extractPdf(makePdf({ pages: [{ content }] }));
  assert.match(plain.blocks.map((b) => b.text).join('\n'), /rr/);
});
