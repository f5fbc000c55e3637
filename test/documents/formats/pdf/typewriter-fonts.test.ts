// Typewriter fonts known by name (src/documents/formats/pdf/typewriter-fonts.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isTypewriterFont } from '../../../../src/documents/formats/pdf/typewriter-fonts.ts';
import { extractPdf } from '../../../../src/documents/formats/pdf/extract.ts';
import { makePdf } from '../../helpers/make-pdf.ts';

test('isTypewriterFont: TeX typewriter faces, Courier and its clones, families named Mono', async (t) => {
  const cases: [name: string | undefined, want: boolean][] = [
    ['RTECCZ+CMTT9', true],
    ['CMTT10', true],
    ['ABCDEF+CMSLTT10', true],
    ['CMITT10', true],
    ['SFTT1000', true],
    ['ECTT1000', true],
    ['ABCDEF+LMMono10-Regular', true],
    ['LMMonoLt10-Bold', true],
    ['NEFFVU+t1xtt', true],
    ['txbtt', true],
    ['Courier-Bold', true],
    ['NimbusMonL-Regu', true],
    ['DejaVuSansMono-Bold', true],
    ['ABCDEF+LiberationMono', true],
    ['CMR10', false],
    ['CMSS10', false],
    ['CMTI10', false],
    ['Times-Roman', false],
    ['MonotypeCorsiva', false],
    ['ABCDEF+Montserrat-Regular', false],
    ['LMRoman10-Regular', false],
    [undefined, false],
  ];
  for (const [name, want] of cases) await t.test(String(name), () => assert.equal(isTypewriterFont(name), want));
});

test("a listing in TeX's typewriter font that pdf.js does not call monospaced is code, its lines kept", async () => {
  // Ghostscript's conversion of CMTT9 (rrgtrees): no FixedPitch flag, widths not all alike. Here
  // the font is not embedded and has no descriptor: pdf.js draws it with a standard serif face.
  const lines = ['\\CLAUSE{', '  \\CORE{', '    \\OPR{2}{the}', '    \\NUC{walked}', '  }', '}'];
  const content = [
    'BT /F1 11 Tf 72 720 Td (The example below draws a clause with its core and nucleus.) Tj ET',
    ...lines.map((l, i) => `BT /F4 9 Tf 72 ${700 - 11 * i} Td (${l.replace(/\\/g, '\\\\')}) Tj ET`),
    'BT /F1 11 Tf 72 620 Td (The tree is drawn from these commands.) Tj ET',
  ].join('\n');
  const tt = await extractPdf(makePdf({ pages: [{ content }], f4BaseFont: 'RTECCZ+CMTT9' }));
  const code = tt.blocks.find((b) => b.kind === 'code');
  assert.ok(code, 'a code block');
  assert.equal(code.text.split('\n').length, lines.length);
  // (The face pdf.js draws it with is not the typewriter's, so the indentation is not asked.)
  assert.deepEqual(
    code.text.split('\n').map((l) => l.trim()),
    lines.map((l) => l.trim()),
  );
  // The same lines in a roman font run into a paragraph.
  const roman = await extractPdf(makePdf({ pages: [{ content }], f4BaseFont: 'RTECCZ+CMR9' }));
  assert.equal(
    roman.blocks.find((b) => b.kind === 'code'),
    undefined,
  );
});
