// Usage (from a worktree): CORPUS_DIR=/work/corpus-NAME node codemiss.ts ID [N]: the code blocks of a corpus PDF (pdf-code.ts) not kept in its saved chunks, N examples with the chunk around them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pdfCodeBlocks, xmlFragments } from './scripts/quality/pdf-code.ts';
import { dedent, normalizeText } from './scripts/quality/measures.ts';
const id = process.argv[2];
const dir = process.env.CORPUS_DIR ?? '/work/main/.corpus';
const m = JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8'));
const doc = (m.documents ?? m).find((d: any) => d.id === id);
const file = `${dir}/${doc.file}`;
const xml = execFileSync('pdftohtml', ['-xml', '-i', '-stdout', '-q', file], { maxBuffer: 1 << 30 }).toString();
const blocks = pdfCodeBlocks(xmlFragments(xml));
const chunks = JSON.parse(readFileSync(`${dir}/chunks/${id}.json`, 'utf8'));
const cs = (chunks.chunks ?? chunks).map((c: any) => c.content as string);
const lines = (s: string) => normalizeText(s).split('\n').map((l) => l.trimEnd()).filter((l) => l.length > 0);
const H = cs.map(lines);
function has(h: string[], n0: string[]) { const n = dedent(n0); outer: for (let i = 0; i + n.length <= h.length; i++) { const w = dedent(h.slice(i, i + n.length)); for (let j = 0; j < n.length; j++) if (w[j] !== n[j]) continue outer; return true; } return false; }
let miss = 0, n = 0;
for (const b of blocks) {
  const L = lines(b);
  if (L.length < 2 || [...b.trim()].length > 1200) continue;
  n++;
  if (H.some((h: string[]) => has(h, L))) continue;
  miss++;
  if (miss > Number(process.argv[3] ?? 6)) continue;
  // find chunk with first line
  const first = L[0].trim();
  const ci = cs.findIndex((c: string) => normalizeText(c).includes(first));
  console.log('---- MISS block:\n' + L.join('\n'));
  if (ci >= 0) { const c = normalizeText(cs[ci]); const p = c.indexOf(first); console.log('.... in chunk', ci, ':\n' + c.slice(Math.max(0, p - 200), p + L.join('\n').length + 200)); }
  else console.log('.... first line not found in any chunk');
}
console.log(`${miss}/${n} missed`);
