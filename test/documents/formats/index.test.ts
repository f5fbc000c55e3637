// The one list of formats: every folder of src/documents/formats/ is in it, under its own name,
// with the four things a format exports; detection asks them in the list's order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FORMATS, formatNamed, catalogueNoun } from '../../../src/documents/formats/index.ts';

const DIR = fileURLToPath(new URL('../../../src/documents/formats/', import.meta.url));

test('every format folder is one entry of the list, named after its folder', () => {
  const folders = readdirSync(DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  assert.deepEqual(FORMATS.map((f) => f.name).sort(), folders);
  for (const f of FORMATS) {
    assert.equal(typeof f.label, 'string', f.name);
    assert.equal(typeof f.sniff, 'function', f.name);
    assert.equal(typeof f.extract, 'function', f.name);
    assert.equal(formatNamed(f.name), f);
  }
});

test('formatNamed refuses a name outside the list; the catalogue names PDFs, and every other format "document"', () => {
  assert.throws(() => formatNamed('rtf' as never), /unknown document format rtf/);
  assert.deepEqual(
    FORMATS.map((f) => catalogueNoun(f.name)),
    ['pdf', 'document', 'document', 'document', 'document', 'document', 'document', 'document'],
  );
});

test('every extractor returns neutral blocks for a small document of its format', async () => {
  const { makePdf, textPages } = await import('../helpers/make-pdf.ts');
  const { makeDocx, makeOdf, makePptx, pslide, psp, ap } = await import('../helpers/make-zip.ts');
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const samples: Record<string, Uint8Array> = {
    pdf: makePdf({ pages: textPages(['# 1 Title', 'One paragraph of text on the page.']) }),
    docx: new Uint8Array(makeDocx('<w:p><w:r><w:t>One paragraph of text.</w:t></w:r></w:p>')),
    odt: new Uint8Array(
      makeOdf('text', '<text:h text:outline-level="1">Title</text:h><text:p>One paragraph.</text:p>'),
    ),
    pptx: new Uint8Array(makePptx([pslide(psp([ap('Title')], 'title') + psp([ap('One point.')], ''))])),
    odp: new Uint8Array(
      makeOdf(
        'presentation',
        '<draw:page><draw:frame presentation:class="title"><draw:text-box><text:p>Title</text:p></draw:text-box></draw:frame></draw:page>',
      ),
    ),
    html: utf8('<!doctype html><html><body><h1>Title</h1><p>One paragraph.</p></body></html>'),
    markdown: utf8('# Title\n\nOne paragraph.\n'),
    text: utf8('One paragraph.\n'),
  };
  for (const f of FORMATS) {
    const { blocks } = await f.extract(samples[f.name]!, {});
    assert.ok(blocks.length > 0, f.name);
    assert.ok(
      blocks.every((b) => typeof b.kind === 'string' && typeof b.text === 'string'),
      f.name,
    );
  }
});
