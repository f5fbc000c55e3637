// Generated PDFs in the hard shapes the chunker must handle, for the quality report and tests.
import { makePdf, textPages, type PageSpec, type TextRun } from './make-pdf.ts';

const VOCAB =
  'policy coverage claim network review annual benefit provider account schedule premium deductible hospital treatment emergency service office department requirement prescription'.split(
    ' ',
  );

/** Deterministic prose: `n` sentences of 8-16 words. */
export function prose(n: number, seed = 1): string[] {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = 8 + Math.floor(rnd() * 9);
    const ws = Array.from({ length: len }, () => VOCAB[Math.floor(rnd() * VOCAB.length)]!);
    const s = ws.join(' ');
    out.push(s[0]!.toUpperCase() + s.slice(1) + '.');
  }
  return out;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const w of text.split(' ')) {
    if (cur.length > 0 && cur.length + 1 + w.length > width) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? cur + ' ' + w : w;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** Two columns per page; page 1 on shared baselines, page 2 with the right column offset by 4 pt. */
export function twoColumns(): Uint8Array {
  const pages: PageSpec[] = [];
  for (let p = 0; p < 3; p++) {
    const title = ['Coverage in two columns', 'Claims on staggered baselines', 'Appeals and reviews'][p]!;
    const runs: TextRun[] = [{ text: `${p + 1} ${title}`, x: 72, y: 750, size: 15, font: 'F2' }];
    const left = wrap(prose(14, p * 2 + 1).join(' '), 42);
    const right = wrap(prose(14, p * 2 + 2).join(' '), 42);
    const offset = p === 1 ? 4 : 0;
    left.forEach((t, i) => runs.push({ text: t, x: 72, y: 720 - i * 13, size: 10 }));
    right.forEach((t, i) => runs.push({ text: t, x: 320, y: 720 - offset - i * 13, size: 10 }));
    pages.push({ runs });
  }
  return makePdf({ pages, compress: true });
}

/** A contents page without dot leaders (title, gap, page number), no outline. */
export function tocWithoutLeaders(): Uint8Array {
  const titles = [
    'Introduction',
    'Eligibility and enrollment',
    'Medical coverage',
    'Claims and appeals',
    'Glossary of terms',
    'Contact information',
  ];
  const toc: TextRun[] = [{ text: 'Contents', x: 72, y: 740, size: 18, font: 'F2' }];
  titles.forEach((t, i) => {
    toc.push({ text: `${i + 1} ${t}`, x: 72, y: 700 - i * 16, size: 11 });
    toc.push({ text: String(i + 2), x: 520, y: 700 - i * 16, size: 11 });
  });
  const paras: string[] = [];
  titles.forEach((t, i) => paras.push(`# ${i + 1} ${t}`, prose(12, i + 10).join(' '), prose(8, i + 20).join(' ')));
  return makePdf({ pages: [{ runs: toc }, ...textPages(paras)], compress: true });
}

/** Line-end hyphenation, no-break spaces, real compounds. (WinAnsi code 0xAD draws a visible
 * hyphen, so in-line soft hyphens need a ToUnicode map: chromium-handbook.pdf has those.) */
export function softHyphens(): Uint8Array {
  const runs: TextRun[] = [];
  const lines = [
    'The department reviews every prescription and every claim in the annual impleme-',
    'ntation plan. A well-',
    'known provider keeps the self-',
    'contained records for each office.\u00A0The docu-',
    'ment describes the require-',
    'ment for hospital treatment and emergency service in the net-',
    'work. Each premium and deductible is listed per account and per schedule.',
  ];
  lines.forEach((t, i) => runs.push({ text: t, x: 72, y: 740 - i * 14, size: 11 }));
  const more = textPages([
    prose(30, 5).join(' ') + ' The requirement and the document and the network and the implementation are described.',
  ]);
  return makePdf({ pages: [{ runs: [...runs, ...(more[0]!.runs ?? []).map((r) => ({ ...r, y: r.y - 120 }))] }] });
}

/** Under 800 characters: one short chunk. */
export function shortDoc(): Uint8Array {
  return makePdf({ pages: textPages(['# 1 Summary', prose(5, 3).join(' ')]) });
}

/** Running header and "Page N" footer on every page, headings in the body, no outline. */
export function headersFooters(): Uint8Array {
  const body = textPages(
    [
      '# CHAPTER 1 GENERAL RULES',
      prose(40, 7).join(' '),
      '# Section 2: Claims',
      prose(50, 8).join(' '),
      prose(40, 9).join(' '),
    ],
    { perPage: 40 },
  );
  const pages = body.map((p, i) => ({
    runs: [
      { text: 'Contoso Benefits Handbook', x: 72, y: 770, size: 9 },
      ...(p.runs ?? []),
      { text: `Page ${i + 1}`, x: 500, y: 30, size: 9 },
    ],
  }));
  return makePdf({ pages, compress: true });
}

export const HARD_SHAPES: Record<string, () => Uint8Array> = {
  'gen-two-columns.pdf': twoColumns,
  'gen-toc-without-leaders.pdf': tocWithoutLeaders,
  'gen-soft-hyphens.pdf': softHyphens,
  'gen-short.pdf': shortDoc,
  'gen-headers-footers.pdf': headersFooters,
  'gen-reference-card.pdf': referenceCard,
};

/** Reference-card headings: short, bold (Helvetica-Bold), the body size, no numbering. */
export const CARD_HEADINGS = [
  'Getting help',
  'Input and output',
  'Data creation',
  'Slicing and extracting',
  'Variable conversion',
  'Variable information',
  'Data selection',
  'Math',
  'Matrices',
  'Advanced data processing',
  'Strings',
  'Dates and times',
  'Plotting',
  'Low-level plotting',
  'Graphical parameters',
  'Lattice graphics',
  'Optimization and fitting',
  'Statistics',
  'Distributions',
  'Programming',
];

/**
 * A three-page reference card: two columns a page, each a run of short bold headings over a few
 * lines of body text in the same size, no numbering, no outline (the shape of R's refcard).
 */
export function referenceCard(): Uint8Array {
  const pages: PageSpec[] = [];
  let h = 0;
  for (let p = 0; p < 3; p++) {
    const runs: TextRun[] = [];
    if (p === 0) runs.push({ text: 'Contoso Reference Card', x: 40, y: 770, size: 14, font: 'F2' });
    for (const x of [40, 310]) {
      let y = p === 0 ? 740 : 770;
      while (y > 120 && h < CARD_HEADINGS.length * 3) {
        const title = CARD_HEADINGS[h % CARD_HEADINGS.length]! + (h >= CARD_HEADINGS.length ? ' (continued)' : '');
        runs.push({ text: title, x, y, size: 9, font: 'F2' });
        y -= 12;
        for (const line of wrap(prose(5, 300 + h).join(' '), 52)) {
          runs.push({ text: line, x, y, size: 9 });
          y -= 11;
        }
        y -= 6;
        h++;
      }
    }
    pages.push({ runs });
  }
  return makePdf({ pages, compress: true });
}
