// Chunk quality report: compares the chunks of each PDF with an independent extraction by
// pdftotext (poppler-utils); Word, HTML, Markdown and text files against pandoc -t plain
// (scripts/quality-formats.ts). Usage: npm run quality -- [--generated] file ...
// --generated adds the hard shapes built by test/documents/helpers/hard-shapes.ts and the groff -ms
// manual of test/documents/helpers/groff-manual.ts (needs groff).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { extractPdf } from '../src/documents/formats/pdf/extract.ts';
import { splitIntoChunks } from '../src/documents/chunker.ts';
import type { Chunk } from '../src/documents/types.ts';
import { detectFormat } from '../src/documents/detect.ts';
import { documentBlocks, toChunkBlocks } from '../src/documents/chunk-document.ts';
import { measureFormat, type FormatReport } from './quality-formats.ts';
import { textReference } from './quality/text-reference.ts';
import { LIGATURES as LIG } from '../src/documents/formats/pdf/clean.ts';
import { withoutCjkBreaks } from '../src/documents/blanks.ts';
import { CJK, cjkWords } from './quality/measures.ts';

export interface Report {
  file: string;
  pages: number;
  dropped: number[];
  chunks: number;
  inRange: number; // % of chunks but the last in 800..1200 (and the last <= 1200)
  sentenceEnds: number; // % of chunks but the last ending with . ! ? (or : ;) after closers
  cleanStarts: number; // % of chunks starting with an upper-case letter, digit, symbol or quote
  midWord: number; // cuts inside a word (count)
  unknownPer1000: number; // chunk tokens absent from the reference vocabulary, per 1000 tokens
  coverage: number; // % of the reference words (kept pages, furniture excluded) found in the chunks
  duplicated: number; // % of 8-word shingles occurring more often in the chunks than in the reference
  tocLeak: number; // reference listing entries / dot leaders found in the chunks
  furnitureLeak: number; // running header/footer occurrences in the chunks beyond the reference body
  artifacts: number; // U+00AD, U+FFFD, U+FB00-FB06, "(cid:" in the chunks
  sectionsNonEmpty: number; // % of chunks with a non-empty section
  sectionsOk: number; // % of sections of at most 90 code points
}

function normRef(s: string): string {
  return s
    .replace(/[\uFB00-\uFB06]/g, (c) => LIG[c] ?? c)
    .replace(/\u00AD/g, '')
    .replace(/[\u00A0\u2000-\u200A\u202F]/g, ' ');
}

function tokens(s: string): string[] {
  const ws = s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  // Chinese and Japanese runs as their dictionary words (measures.ts words), line breaks inside them joined.
  if (!CJK.test(s)) return ws;
  return (
    withoutCjkBreaks(s)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).flatMap((w) => (CJK.test(w) ? cjkWords(w) : [w]));
}

function countOf(ts: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of ts) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

function shapeKey(s: string): string {
  return s.trim().toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
}

/** Reference pages from pdftotext, with lines. */
function referencePages(file: string): string[][] {
  const out = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 1 << 30 }).toString('utf8');
  const pages = out.split('\f');
  if (pages.length > 0 && pages[pages.length - 1]!.trim() === '') pages.pop();
  return pages.map((p) =>
    p
      .split('\n')
      .map((l) => normRef(l).trim())
      .filter((l) => l.length > 0),
  );
}

/** Running headers/footers of the reference: first/last two lines repeating (modulo digits) on 3+
 * pages, once per page and edge (a title page that repeats the running header keeps its title). */
function referenceFurniture(pages: string[][]): { drop: Set<number>[]; shapes: Set<string> } {
  const counts = new Map<string, number>();
  const edge = (p: string[]) => [...new Set([...p.slice(0, 2), ...p.slice(-2)])];
  for (const p of pages) for (const k of new Set(edge(p).map(shapeKey))) counts.set(k, (counts.get(k) ?? 0) + 1);
  // Lines that also occur away from the page edges are body text ("Syntax:"), unless they repeat
  // on a quarter of the pages.
  const inner = new Set<string>();
  for (const p of pages) for (const l of p.slice(2, -2)) inner.add(shapeKey(l));
  const shapes = new Set<string>();
  for (const [k, n] of counts) {
    if (!/\p{L}/u.test(k) || n < 3) continue;
    if (n >= pages.length * 0.25 || !inner.has(k)) shapes.add(k);
  }
  const drop = pages.map((p) => {
    const d = new Set<number>();
    const n = p.length;
    for (const idx of [
      [0, 1],
      [n - 1, n - 2],
    ]) {
      const seen = new Set<string>();
      for (const i of idx) {
        if (i < 0 || i >= n || d.has(i)) continue;
        const l = p[i]!;
        const k = shapeKey(l);
        if ((shapes.has(k) && !seen.has(k)) || /^(page\s+)?\d+$|^[ivxlc]+$|^[-–]\s*(\d+|[ivxlc]+)\s*[-–]$/i.test(l)) {
          d.add(i);
          seen.add(k);
        }
      }
    }
    return d;
  });
  return { drop, shapes };
}

const ENTRY = /(\.\s?){3,}\s*\d+$|,\s*\d+(–\d+)?,?$|\s\d+$|^\d+$/;
/** A dot-leader entry wherever it is: "value . . . . . 10", "vector . . . . 3, 8, 12". */
const LEADER_ENTRY = /(?:\.\s?){3,}\s*[\divxlc]+(?:\s*[,–-]\s*\d+)*$/i;

/**
 * A chapter's own contents list inside a body page, as pdftotext writes it: at least 3 lines
 * "3.1 Title" (a section number, no sentence end) then as many bare page numbers.
 */
function miniContents(p: string[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < p.length; ) {
    let j = i;
    while (j < p.length && /^\d+(\.\d+)+\.?\s+\p{L}.*[^.:;!?]$/u.test(p[j]!)) j++;
    let k = j;
    while (k < p.length && k - j < j - i && /^\d{1,4}$/.test(p[k]!)) k++;
    if (j - i >= 3 && k - j === j - i) for (let x = i; x < k; x++) out.add(x);
    i = Math.max(k, i + 1);
  }
  return out;
}

/**
 * Independent listing-page test on the reference: a titled contents/index page with many entry
 * lines, or a page of mostly entry lines next to one (contents continued without their title).
 */
function referenceListing(pages: string[][]): boolean[] {
  const entries = pages.map((p) => p.filter((l) => ENTRY.test(l)).length);
  const out = pages.map(
    (p, i) => /\b(contents|index)\b/i.test(p.slice(0, 4).join(' ')) && entries[i]! >= p.length * 0.3,
  );
  for (let changed = true; changed; ) {
    changed = false;
    pages.forEach((p, i) => {
      if (!out[i] && (out[i - 1] || out[i + 1]) && entries[i]! >= 2 && entries[i]! >= p.length * 0.5)
        out[i] = changed = true;
    });
  }
  return out;
}

export function measure(file: string, chunks: Chunk[], dropped: number[], pageCount: number): Report {
  const pages = referencePages(file);
  const furn = referenceFurniture(pages);
  const droppedSet = new Set(dropped);
  const keptRef: string[] = [];
  const bodyRef: string[] = [];
  const listingLines: string[] = [];
  const bodyLines = new Set<string>();
  const listing = referenceListing(pages);
  pages.forEach((p, i) => {
    const mini = miniContents(p);
    const body = p.filter((_l, j) => !furn.drop[i]!.has(j));
    for (const [j, l] of p.entries()) {
      if (furn.drop[i]!.has(j)) continue;
      if (listing[i] || LEADER_ENTRY.test(l) || mini.has(j)) {
        if (/\p{L}{3}/u.test(l) && /\d$/.test(l) && l.length >= 8) listingLines.push(l);
      } else bodyLines.add(l);
    }
    // Coverage is of the text: dot-leader entries on the kept pages are not part of it.
    if (!droppedSet.has(i + 1))
      keptRef.push(p.filter((l, j) => !furn.drop[i]!.has(j) && !mini.has(j) && !LEADER_ENTRY.test(l)).join('\n'));
    bodyRef.push(body.join('\n'));
  });
  // Line-end hyphens joined in the reference the way a reader would: "impleme-\nntation".
  const dehyph = (s: string) => s.replace(/([\p{L}])[-\u2010]\n(?=\p{Ll})/gu, '$1');
  const refKept = dehyph(keptRef.join('\n'));
  const refAllText = pages.map((p) => p.join('\n')).join('\n');
  const vocab = new Set([...tokens(dehyph(refAllText)), ...tokens(refAllText)]);
  const refCounts = countOf(tokens(refKept));
  const text = chunks.map((c) => c.content).join('\n');
  const chunkTokens = tokens(text);
  const chunkCounts = countOf(chunkTokens);
  let covered = 0;
  let refTotal = 0;
  for (const [w, n] of refCounts) {
    refTotal += n;
    covered += Math.min(n, chunkCounts.get(w) ?? 0);
  }
  let unknown = 0;
  for (const t of chunkTokens) if (!vocab.has(t)) unknown++;
  const cps = chunks.map((c) => [...c.content].length);
  const body = chunks.slice(0, -1);
  const last = cps[cps.length - 1] ?? 0;
  const inRangeN = cps.slice(0, -1).filter((n) => n >= 800 && n <= 1200).length + (last <= 1200 ? 1 : 0);
  const sentenceN = body.filter((c) => /[.!?:;。！？：；．｡]["'”’)\]」』）】〕〉》］｣]*$/u.test(c.content)).length;
  const cleanN = chunks.filter((c) => !/^[\p{Ll},.;:)\]}]/u.test(c.content)).length;
  let midWord = 0;
  for (let i = 0; i + 1 < chunks.length; i++) {
    const a = chunks[i]!.content;
    const b = chunks[i + 1]!.content;
    const ta = /([\p{L}\p{N}]+)$/u.exec(a)?.[1];
    const tb = /^([\p{L}\p{N}]+)/u.exec(b)?.[1];
    if (!ta || !tb) continue;
    const joined = (ta + tb).toLowerCase();
    if (vocab.has(joined) && !(vocab.has(ta.toLowerCase()) && vocab.has(tb.toLowerCase()))) midWord++;
    else if (!vocab.has(ta.toLowerCase()) || !vocab.has(tb.toLowerCase())) midWord++;
  }
  // Duplication: 8-word shingles the chunks hold more often than the whole reference does.
  const shingles = (ts: string[]) => {
    const m = new Map<string, number>();
    for (let i = 0; i + 8 <= ts.length; i++) {
      const k = ts.slice(i, i + 8).join(' ');
      m.set(k, (m.get(k) ?? 0) + 1);
    }
    return m;
  };
  const refSh = shingles(tokens(dehyph(refAllText)));
  let dup = 0;
  let shTotal = 0;
  for (const [k, n] of shingles(chunkTokens)) {
    shTotal += n;
    const r = refSh.get(k);
    if (r !== undefined && n > r) dup += n - r;
  }
  const flat = text.replace(/\s+/g, ' ');
  let tocLeak = (flat.match(/(?:\. ?){4,}\d/g) ?? []).length;
  for (const l of listingLines) {
    if (bodyLines.has(l) || !flat.includes(l.replace(/\s+/g, ' '))) continue;
    tocLeak++;
    if (process.env.QUALITY_DEBUG) console.error('listing line in chunks:', l);
  }
  const bodyFlat = bodyRef.join('\n').replace(/\s+/g, ' ');
  let furnitureLeak = 0;
  for (const shape of furn.shapes) {
    const re = new RegExp(shape.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/#/g, '\\d+'), 'gi');
    const inChunks = (flat.match(re) ?? []).length;
    const inBody = (bodyFlat.match(re) ?? []).length;
    furnitureLeak += Math.max(0, inChunks - inBody);
    if (process.env.QUALITY_DEBUG && inChunks > inBody) console.error('furniture in chunks:', shape, inChunks, inBody);
  }
  const artifacts = (text.match(/[\u00AD\uFFFD\uFB00-\uFB06]|\(cid:/g) ?? []).length;
  const pct = (n: number, d: number) => (d === 0 ? 100 : Math.round((n / d) * 1000) / 10);
  return {
    file: basename(file),
    pages: pageCount,
    dropped,
    chunks: chunks.length,
    inRange: pct(inRangeN, chunks.length),
    sentenceEnds: pct(sentenceN, body.length),
    cleanStarts: pct(cleanN, chunks.length),
    midWord,
    unknownPer1000: Math.round((unknown / Math.max(1, chunkTokens.length)) * 10000) / 10,
    coverage: pct(covered, refTotal),
    duplicated: pct(dup, shTotal),
    tocLeak,
    furnitureLeak,
    artifacts,
    sectionsNonEmpty: pct(chunks.filter((c) => c.section !== '').length, chunks.length),
    sectionsOk: pct(chunks.filter((c) => [...c.section].length <= 90).length, chunks.length),
  };
}

function ranges(ns: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < ns.length; i++) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j]! + 1) j++;
    out.push(i === j ? `${ns[i]}` : `${ns[i]}-${ns[j]}`);
    i = j;
  }
  return out.join(',') || '-';
}

export function table(reports: Report[]): string {
  const head = [
    'file',
    'pages',
    'dropped (listing pages)',
    'chunks',
    'in 800-1200 %',
    'sentence ends %',
    'clean starts %',
    'mid-word cuts',
    'unknown/glued per 1000',
    'coverage %',
    'duplicated %',
    'TOC leak',
    'header/footer leak',
    'artifacts',
    'sections non-empty %',
    'sections <= 90 %',
  ];
  const rows = reports.map((r) =>
    [
      r.file,
      r.pages,
      ranges(r.dropped),
      r.chunks,
      r.inRange,
      r.sentenceEnds,
      r.cleanStarts,
      r.midWord,
      r.unknownPer1000,
      r.coverage,
      r.duplicated,
      r.tocLeak,
      r.furnitureLeak,
      r.artifacts,
      r.sectionsNonEmpty,
      r.sectionsOk,
    ].map(String),
  );
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

async function main(): Promise<void> {
  if (process.argv.includes('--corpus')) {
    // The development corpus (npm run corpus) with the order and structure measures.
    const { runCorpus } = await import('./quality/corpus.ts');
    await runCorpus(process.argv.slice(2));
    return;
  }
  const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (process.argv.includes('--generated')) {
    // The hard shapes of test/documents/helpers/hard-shapes.ts, written to a temp dir.
    const { HARD_SHAPES } = await import('../test/documents/helpers/hard-shapes.ts');
    const { groffManualPdf } = await import('../test/documents/helpers/groff-manual.ts');
    const dir = mkdtempSync(join(tmpdir(), 'pdf-quality-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    for (const [name, make] of Object.entries({ ...HARD_SHAPES, 'gen-groff-toc-at-end.pdf': groffManualPdf })) {
      const f = join(dir, name);
      writeFileSync(f, make());
      files.push(f);
    }
  }
  if (files.length === 0) {
    console.error('usage: npm run quality -- [--generated] file.pdf ...');
    process.exit(2);
  }
  const reports: Report[] = [];
  const others: FormatReport[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(file));
    const format = detectFormat(bytes);
    if (format === null) throw new Error(`${file}: not in any accepted format`);
    if (format !== 'pdf') {
      // Word, HTML, Markdown: against pandoc -t plain (scripts/quality-formats.ts); plain text
      // against itself (scripts/quality/text-reference.ts), which pandoc would read as Markdown.
      const blocks = await documentBlocks(format, bytes);
      const plain = format === 'text' ? textReference(new TextDecoder().decode(bytes)).text : undefined;
      others.push(measureFormat(file, format, splitIntoChunks(blocks), blocks, plain));
      continue;
    }
    const cleaned = await extractPdf(new Uint8Array(readFileSync(file)));
    const chunks = splitIntoChunks(toChunkBlocks(cleaned.blocks));
    reports.push(measure(file, chunks, cleaned.tocPages, cleaned.pageCount));
  }
  if (reports.length > 0) console.log(table(reports));
  if (others.length > 0) console.table(others.map((r) => ({ ...r, file: basename(r.file) })));
}

if (import.meta.main) await main();
