// Chunk quality of the formats with neutral blocks (Word, HTML, Markdown, text) against an
// independent reference: `pandoc -t plain` of the same file (Debian's pandoc). From the
// reference are taken out, by its own text: navigation paragraphs (Next:/Previous:/Up:), the
// entries of contents lists and menus (list items repeating a heading line of the document, with
// or without its number) and index
// tables (the table lines after a heading ending in "index"). Used by npm run quality and by the
// corpus tests of each format.
import { runPandoc } from './quality/pandoc-run.ts';
import type { Chunk } from '../src/documents/types.ts';
import type { Block } from '../src/documents/chunker.ts';

export interface FormatReport {
  file: string;
  format: string;
  chunks: number;
  inRange: number; // % of chunks but the last in 800..1200
  sentenceOrItemEnds: number; // % of chunks but the last ending a sentence or a block (item, row, code, paragraph)
  wholeWordBoundaries: number; // % of boundaries between chunks that fall between whole words
  coverage: number; // % of the reference's words (navigation, contents, index out) found in the chunks
  tocLeak: number; // contents entries and index entries of the reference found as lines of the chunks
  navLeak: number; // navigation lines in the chunks
  sectionsNonEmpty: number; // % of chunks with a section
  codeWhole: number; // % of code blocks of at most 1200 characters found whole in one chunk
}

export function pandocPlain(file: string): string {
  return runPandoc(['-t', 'plain', '--wrap=none'], file);
}

const tokens = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const NAV = /^(?:Next|Previous|Prev|Up):/;
const TABLE_LINE = /^(?:\s|\||\+)/;

interface Reference {
  body: string;
  tocEntries: Set<string>;
  indexEntries: Set<string>;
  vocab: Set<string>;
}

export function splitReference(plain: string): Reference {
  const paras = plain.split(/\n\s*\n/);
  // Single-line paragraphs (headings among them), also without their section number: the
  // per-chapter menus of a Texinfo manual list "The R environment" for "1.1 The R environment".
  const singleLines = new Set<string>();
  for (const p of paras) {
    if (p.includes('\n') || p.startsWith('-') || TABLE_LINE.test(p)) continue;
    const t = norm(p);
    singleLines.add(t);
    singleLines.add(t.replace(/^(?:appendix\s+)?(?:\d+|[A-Z])(?:\.\d+)*\s+/i, ''));
  }
  const tocEntries = new Set<string>();
  const indexEntries = new Set<string>();
  const keep: string[] = [];
  let inIndex = false;
  for (const p of paras) {
    const t = norm(p);
    if (t.length === 0) continue;
    if (NAV.test(t)) continue;
    if (!p.includes('\n') && !TABLE_LINE.test(p) && !p.startsWith('-')) {
      inIndex = /\bindex$/i.test(t);
      keep.push(p);
      continue;
    }
    if (inIndex && TABLE_LINE.test(p)) {
      for (const line of p.split('\n')) {
        const cells = line
          .split(/\s{2,}|\|/)
          .map(norm)
          .filter((c) => /\p{L}|\p{S}|\p{P}/u.test(c) && !/^[-+=:]+$/.test(c));
        if (cells.length >= 2 && cells[0]!.length <= 60) indexEntries.add(cells[0]!);
      }
      continue;
    }
    // A list whose items all repeat headings of the document is a contents list.
    const items = p
      .split('\n')
      .filter((l) => /^\s*-\s+/.test(l))
      .map((l) => norm(l.replace(/^\s*-\s+/, '')));
    if (items.length > 0 && items.every((i) => singleLines.has(i))) {
      for (const i of items) tocEntries.add(i);
      continue;
    }
    keep.push(p);
  }
  return { body: keep.join('\n\n'), tocEntries, indexEntries, vocab: new Set(tokens(plain)) };
}

function counts(ts: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of ts) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

export function measureFormat(
  file: string,
  format: string,
  chunks: Chunk[],
  blocks: Block[],
  plain = pandocPlain(file),
): FormatReport {
  const ref = splitReference(plain);
  const n = chunks.length;
  const body = chunks.slice(0, -1);
  const cps = chunks.map((c) => [...c.content].length);
  const inRange = body.filter((_c, i) => cps[i]! >= 800 && cps[i]! <= 1200).length;
  // A chunk ends a block when its content ends with the end of a block's text: its last 40
  // characters, or a code block's last line (a chunk's last line is compared, and a code block
  // keeps its line breaks).
  const blockEnds = new Set(
    blocks.flatMap((b) => [norm(b.text).slice(-40), norm(b.text.slice(b.text.lastIndexOf('\n') + 1)).slice(-40)]),
  );
  const endsBlock = (c: string) => {
    const last = norm(c.slice(c.lastIndexOf('\n') + 1));
    for (let k = Math.min(40, last.length); k >= Math.min(40, last.length); k--)
      if (blockEnds.has(last.slice(-k))) return true;
    return false;
  };
  const ends = body.filter((c) => /[.!?:;]["'”’)\]]*$/.test(c.content) || endsBlock(c.content)).length;
  let whole = 0;
  for (let i = 0; i + 1 < n; i++) {
    const ta = /([\p{L}\p{N}]+)$/u.exec(chunks[i]!.content)?.[1]?.toLowerCase();
    const tb = /^([\p{L}\p{N}]+)/u.exec(chunks[i + 1]!.content)?.[1]?.toLowerCase();
    if (!ta || !tb || (ref.vocab.has(ta) && ref.vocab.has(tb)) || !ref.vocab.has(ta + tb)) whole++;
  }
  // pandoc writes footnote marks as superscript digits glued to the word ("winning¹").
  const refCounts = counts(tokens(ref.body.replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, ' ')));
  const chunkCounts = counts(tokens(chunks.map((c) => c.content).join('\n')));
  let covered = 0;
  let total = 0;
  for (const [w, k] of refCounts) {
    total += k;
    covered += Math.min(k, chunkCounts.get(w) ?? 0);
  }
  const lines = chunks.flatMap((c) => c.content.split('\n').map(norm));
  const headingLines = new Set(blocks.filter((b) => b.heading !== undefined).map((b) => norm(b.text)));
  let tocLeak = 0;
  for (const l of lines) {
    const item = l.replace(/^- /, '');
    if (l.startsWith('- ') && ref.tocEntries.has(item) && headingLines.has(item)) tocLeak++;
    else if (l.includes(' | ') && ref.indexEntries.has(norm(l.split(' | ')[0]!))) tocLeak++;
  }
  const navLeak = lines.filter((l) => NAV.test(l) || /\[Contents\]\s*\[Index\]/.test(l)).length;
  // A block fits when its text as the chunks hold it (code: with its line breaks and indentation)
  // is at most 1200 code points.
  const code = blocks.filter((b) => b.keep && [...b.text].length <= 1200).map((b) => norm(b.text));
  // Whitespace set aside on both sides: code keeps its line breaks in the chunks.
  const flat = chunks.map((c) => norm(c.content));
  const codeWhole = code.filter((t) => flat.some((c) => c.includes(t))).length;
  const pct = (a: number, b: number) => (b === 0 ? 100 : Math.round((a / b) * 10000) / 100);
  return {
    file,
    format,
    chunks: n,
    inRange: pct(inRange, body.length),
    sentenceOrItemEnds: pct(ends, body.length),
    wholeWordBoundaries: pct(whole, n - 1),
    coverage: pct(covered, total),
    tocLeak,
    navLeak,
    sectionsNonEmpty: pct(chunks.filter((c) => c.section.length > 0).length, n),
    codeWhole: pct(codeWhole, code.length),
  };
}
