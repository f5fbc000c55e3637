import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitIntoChunks, endsSentence, type Block } from '../../src/pdf/chunker.ts';
import type { PdfChunk } from '../../src/pdf/types.ts';

const cp = (s: string) => [...s].length;
const squash = (s: string) => s.replace(/\s+/g, '');

/** Deterministic filler: sentences of 6-14 words from a small vocabulary. */
function sentences(n: number, seed = 1): string[] {
  const words = ['policy', 'coverage', 'claim', 'network', 'the', 'of', 'review', 'annual', 'benefit', 'provider', 'account', 'schedule', 'premium', 'and'];
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = 6 + Math.floor(rnd() * 9);
    const ws = Array.from({ length: len }, () => words[Math.floor(rnd() * words.length)]!);
    const s = ws.join(' ');
    out.push(s[0]!.toUpperCase() + s.slice(1) + '.');
  }
  return out;
}

function paragraphs(count: number, perPara: number, seed = 1): Block[] {
  const ss = sentences(count * perPara, seed);
  const out: Block[] = [];
  for (let i = 0; i < count; i++) out.push({ text: ss.slice(i * perPara, (i + 1) * perPara).join(' ') });
  return out;
}

function checkInvariants(blocks: Block[], chunks: PdfChunk[]): void {
  const all = blocks.map((b) => b.text).join('\n');
  assert.equal(squash(chunks.map((c) => c.content).join('')), squash(all), 'no text lost or duplicated');
  chunks.forEach((c, i) => {
    const n = cp(c.content);
    if (i < chunks.length - 1) assert.ok(n >= 800 && n <= 1200, `chunk ${i} has ${n} code points`);
    else assert.ok(n <= 1200, `last chunk has ${n}`);
    assert.equal(c.content, c.content.trim(), 'no whitespace at the cut');
    assert.ok([...c.section].length <= 90);
  });
  // Never mid-word: every cut falls on whitespace of the original text.
  let pos = 0;
  for (const c of chunks.slice(0, -1)) {
    pos = all.indexOf(c.content, pos) + c.content.length;
    assert.match(all[pos] ?? ' ', /\s/, 'cut on whitespace');
  }
}

test('chunk sizes, no loss, cuts on whitespace', async (t) => {
  const cases: [string, Block[]][] = [
    ['many short paragraphs', paragraphs(60, 2)],
    ['few long paragraphs', paragraphs(5, 60)],
    ['one huge paragraph', paragraphs(1, 400)],
    ['no punctuation at all', [{ text: Array.from({ length: 2000 }, (_, i) => `word${i % 37}`).join(' ') }]],
    ['lines without sentence ends (code)', Array.from({ length: 300 }, (_, i) => ({ text: `set xrange [${i}:${i + 10}] # line ${i}` }))],
    ['astral characters counted as one code point', [{ text: Array.from({ length: 900 }, (_, i) => (i % 5 === 0 ? '😀😀' : 'ab') + '.').join(' ') }]],
  ];
  for (const [name, blocks] of cases) {
    await t.test(name, () => {
      const chunks = splitIntoChunks(blocks);
      checkInvariants(blocks, chunks);
      assert.deepEqual(splitIntoChunks(blocks), chunks, 'deterministic');
    });
  }
});

test('a document under 800 characters gives one short chunk', () => {
  const chunks = splitIntoChunks([{ text: 'Short text.', heading: undefined }]);
  assert.deepEqual(chunks, [{ section: '', content: 'Short text.' }]);
});

test('an empty document gives no chunk', () => {
  assert.deepEqual(splitIntoChunks([]), []);
  assert.deepEqual(splitIntoChunks([{ text: '   ' }]), []);
});

test('a short tail is rebalanced so the last chunk is not tiny', () => {
  const blocks = [{ text: sentences(28, 7).join(" ") }];
  const total = cp(blocks[0]!.text);
  assert.ok(total > 1600 && total < 2400, `fixture size ${total}`);
  const chunks = splitIntoChunks(blocks);
  assert.equal(chunks.length, 2);
  for (const c of chunks) assert.ok(cp(c.content) >= 800, `${cp(c.content)}`);
});

test('prefers sentence ends, and cuts before a heading', () => {
  const blocks: Block[] = [...paragraphs(3, 4, 3), { text: '2.1 Coverage rules', heading: '2.1 Coverage rules' }, ...paragraphs(6, 4, 4)];
  const chunks = splitIntoChunks(blocks);
  for (const c of chunks.slice(0, -1)) assert.match(c.content, /[.!?]$/);
  const withHeading = chunks.find((c) => c.content.includes('2.1 Coverage rules'))!;
  assert.ok(withHeading.content.startsWith('2.1 Coverage rules') || withHeading.section === '', 'heading opens its chunk when the window allows');
});

test('section: nearest heading at or before the chunk start, carried forward; "" before the first', () => {
  const blocks: Block[] = [...paragraphs(4, 5, 5), { text: 'CHAPTER 1 BASICS', heading: 'CHAPTER 1 BASICS' }, ...paragraphs(12, 5, 6)];
  const chunks = splitIntoChunks(blocks);
  assert.equal(chunks[0]!.section, '');
  const i = chunks.findIndex((c) => c.content.includes('CHAPTER 1 BASICS'));
  for (const c of chunks.slice(i + 1)) assert.equal(c.section, 'CHAPTER 1 BASICS');
  assert.ok(chunks.length - i > 2);
});

test('a single word longer than the window is cut hard (the only mid-word case)', () => {
  const chunks = splitIntoChunks([{ text: 'x'.repeat(3000) }]);
  assert.deepEqual(chunks.map((c) => cp(c.content)), [1200, 1200, 600]);
});

test('endsSentence', async (t) => {
  const cases: [string, boolean][] = [
    ['It works.', true],
    ['Really?', true],
    ['He said "stop."', true],
    ['See e.g.', false],
    ['J. Smith and A.', false],
    ['compare with Fig.', false],
    ['no end', false],
  ];
  for (const [s, want] of cases) await t.test(s, () => assert.equal(endsSentence(s, s.length), want));
});
