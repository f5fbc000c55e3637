import { test } from 'node:test';
import assert from 'node:assert/strict';
import { titleLeadIn, type LeadBlock } from '../../../../src/documents/formats/html/title-lead.ts';
import { htmlBlocks } from '../../../../src/documents/formats/html/extract.ts';

const kinds = (html: string) => htmlBlocks(html).map((b) => `${b.kind}${b.level ?? ''}:${b.text}`);
const p = (text: string): LeadBlock => ({ kind: 'paragraph', text });

test("titleLeadIn: the line or two a page's header sets over its title", async (t) => {
  const cases: [string, LeadBlock[], number, number][] = [
    ["Javadoc's package over a class title", [p('Package org.example.util')], 1, 1],
    ['an annotation and the package', [p('@NonnullByDefault'), p('Module example.core')], 1, 2],
    ['nothing before the title', [], 1, 0],
    ["gi-docgen's kind over the title", [{ kind: 'heading', text: 'Method', level: 3 }], 1, 1],
    ['a heading of the same rank', [{ kind: 'heading', text: 'One', level: 1 }], 1, 0],
    ['a heading of a higher rank', [{ kind: 'heading', text: 'Part', level: 1 }], 2, 0],
    ["older Javadoc's h2 title", [p('Package org.example.nodes')], 2, 1],
    ['not a title: a first h3', [p('Package org.example.util')], 3, 0],
    ['a sentence before the title', [p('This page describes the parser.')], 1, 0],
    ['a label ending in a colon', [p('See also:')], 1, 0],
    ["three lines: the page's own text", [p('One'), p('Two'), p('Three')], 1, 0],
    ['a list item before the title', [{ kind: 'item', text: 'Overview' }], 1, 0],
    ['a long line', [p('x'.repeat(81))], 1, 0],
  ];
  for (const [name, before, level, want] of cases)
    await t.test(name, () => assert.equal(titleLeadIn(before, level), want));
});

test("a title's lead-in is read after the title", async (t) => {
  await t.test("Javadoc's class page: the package line follows the class title", () =>
    assert.deepEqual(
      kinds(
        '<body><main><div class="header"><div class="sub-title"><span class="package-label-in-type">Package</span>&nbsp;' +
          '<a href="package-summary.html">org.example.util</a></div><h1 title="Class Range" class="title">Class Range&lt;T&gt;</h1>' +
          '</div><div class="block"><p>An immutable range of objects.</p></div></main></body>',
      ),
      ['heading1:Class Range<T>', 'paragraph:Package org.example.util', 'paragraph:An immutable range of objects.'],
    ),
  );
  await t.test("gi-docgen's kind heading is a line under the title", () =>
    assert.deepEqual(
      kinds(
        '<body><section id="main" class="content"><header><h3>Class</h3><h1 aria-label="Name">Json.Parser</h1></header>' +
          '<section><p>JsonParser provides an object for parsing a JSON data stream.</p></section></section></body>',
      ),
      [
        'heading1:Json.Parser',
        'paragraph:Class',
        'paragraph:JsonParser provides an object for parsing a JSON data stream.',
      ],
    ),
  );
  await t.test('a sentence before the first heading stays where it is', () =>
    assert.deepEqual(kinds('<body><p>This manual covers version 2.</p><h1>Usage</h1><p>Run it.</p></body>'), [
      'paragraph:This manual covers version 2.',
      'heading1:Usage',
      'paragraph:Run it.',
    ]),
  );
  await t.test('a later title takes nothing', () =>
    assert.deepEqual(kinds('<body><h1>One</h1><p>Short line</p><h1>Two</h1></body>'), [
      'heading1:One',
      'paragraph:Short line',
      'heading1:Two',
    ]),
  );
});
