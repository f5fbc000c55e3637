import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boldTitles } from '../../../../src/documents/formats/html/bold-titles.ts';
import { htmlBlocks } from '../../../../src/documents/formats/html/extract.ts';
import type { LinkedBlock } from '../../../../src/documents/listing.ts';

const para = (text: string): LinkedBlock => ({ kind: 'paragraph', text, inPageLinkChars: 0, linkChars: 0, links: 0 });

test('boldTitles: a headingless page’s bold paragraphs of a heading’s shape are its headings', async (t) => {
  const cases: [name: string, text: string, bold: boolean, want: string][] = [
    ["mdoc's section header, ALL CAPS", 'DESCRIPTION', true, 'heading2'],
    ['a longer one', 'WINDOWS AND PANES', true, 'heading2'],
    ['a numbered title', '3.2 Building the package', true, 'heading2'],
    ['a division word', 'Introduction', true, 'heading2'],
    ['a list tag in bold: no heading shape', 'kill-server', true, 'paragraph'],
    ["a table's header word", 'Key', true, 'paragraph'],
    ['an option', '-2', true, 'paragraph'],
    ['an admonition label in capitals', 'NOTE', true, 'paragraph'],
    ['capitals not in bold', 'DESCRIPTION', false, 'paragraph'],
  ];
  for (const [name, text, bold, want] of cases)
    await t.test(name, () => {
      const b = para(text);
      const out = boldTitles([para('Text before.'), b], new Set(bold ? [b] : []));
      assert.equal(`${out[1]!.kind}${out[1]!.level ?? ''}`, want);
    });
  await t.test('a page with a heading element keeps its own structure', () => {
    const b = para('DESCRIPTION');
    const blocks: LinkedBlock[] = [{ ...para('Title'), kind: 'heading', level: 1 }, b];
    assert.equal(boldTitles(blocks, new Set([b])), blocks);
  });
});

test("htmlBlocks: grohtml's mdoc page, section headers in bold paragraphs, has headings", () => {
  const html = `<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body>
<p>TMUX(1) BSD General Commands Manual TMUX(1)</p>
<p style="margin-top: 1em"><b>NAME</b></p>
<p style="margin-left:6%;"><b>tmux</b> &mdash; terminal multiplexer</p>
<p style="margin-top: 1em"><b>COMMANDS</b></p>
<p style="margin-top: 1em"><b>kill-server</b></p>
<p style="margin-left:17%;">Kill the <b>tmux</b> server and clients.</p>
<p>Some <b>BOLD WORDS</b> in a sentence.</p>
</body></html>`;
  assert.deepEqual(
    htmlBlocks(html).map((b) => `${b.kind}${b.level ?? ''}:${b.text}`),
    [
      'paragraph:TMUX(1) BSD General Commands Manual TMUX(1)',
      'heading2:NAME',
      'paragraph:tmux — terminal multiplexer',
      'heading2:COMMANDS',
      'paragraph:kill-server',
      'paragraph:Kill the tmux server and clients.',
      'paragraph:Some BOLD WORDS in a sentence.',
    ],
  );
});
