// A groff -ms manual in the shape groff's own manuals take, generated with groff (Debian's
// `groff` package, for gropdf): numbered chapters and sections, page numbers in the running
// header, a per-chapter contents list without dot leaders, an index in two columns whose second
// column ends where an appendix begins on the same page, and the table of contents printed at
// the END (`.TC`) over several pages, titled on the first only. No PDF outline.
import { spawnSync } from 'node:child_process';
import { prose } from './hard-shapes.ts';

export const CHAPTERS = [
  'Introduction',
  'Eligibility and Enrollment',
  'Medical Coverage',
  'Claims and Appeals',
  'Pharmacy Benefits',
  'Hospital Services',
  'Provider Network',
  'Accounts and Premiums',
];
const SECTIONS = [
  'Scope',
  'Definitions',
  'Responsibilities',
  'Procedures',
  'Deadlines',
  'Exceptions',
  'Records',
  'Reviews',
  'Reports',
  'Contacts',
  'Forms',
  'Audits',
];
export const INDEX_TERMS = [
  'account',
  'annual',
  'appeal',
  'benefit',
  'claim',
  'coverage',
  'deductible',
  'department',
  'emergency',
  'enrollment',
  'form',
  'hospital',
  'network',
  'office',
  'pharmacy',
  'policy',
  'premium',
  'prescription',
  'provider',
  'record',
  'report',
  'requirement',
  'review',
  'schedule',
  'service',
  'treatment',
  'value',
  'vector',
];
/** groff's leader character (Ctrl-A): dots up to the next tab stop. */
const LEADER = '\x01';

/** The -ms source. */
export function groffManualSource(): string {
  const l: string[] = [
    '.TL',
    'Contoso Operations Manual',
    '.AU',
    'Records Office',
    '.AB',
    prose(3, 99).join(' '),
    '.AE',
  ];
  let seed = 1;
  CHAPTERS.forEach((c, ci) => {
    l.push('.NH 1', c, '.XS', `\\*[SN] ${c}`, '.XE');
    if (ci === 2) {
      // A mini contents list of the chapter: titles, then page numbers at a tab stop, no leaders.
      l.push('.LP', 'This chapter covers:', '.nf', '.ta 4i');
      SECTIONS.slice(0, 8).forEach((s, si) =>
        l.push(`${ci + 1}.${si + 1} ${s} of ${c.toLowerCase()}\t${8 + Math.floor(si / 2)}`),
      );
      l.push('.fi');
    }
    l.push('.PP', prose(5, seed++).join(' '));
    for (const s of SECTIONS) {
      const title = `${s} of ${c.toLowerCase()}`;
      l.push(
        '.NH 2',
        title,
        '.XS',
        `\\*[SN] ${title}`,
        '.XE',
        '.PP',
        prose(6, seed++).join(' '),
        '.PP',
        prose(5, seed++).join(' '),
      );
    }
  });
  l.push('.bp', '.2C', '.SH', 'Index', '.LP', '.nf', '.ta \\n(.luR');
  INDEX_TERMS.forEach((t, i) =>
    l.push(`${t}${LEADER}${3 + i}`, `${t} limits${LEADER}${5 + i}, ${8 + i}, ${12 + i}`, `${t} rules${LEADER}${7 + i}`),
  );
  l.push(
    '.fi',
    '.NH 1',
    'Appendix: Forms',
    '.XS',
    'Appendix: Forms',
    '.XE',
    '.PP',
    prose(14, 777).join(' '),
    '.PP',
    prose(14, 778).join(' '),
  );
  l.push('.1C', '.TC');
  return l.join('\n') + '\n';
}

/** The manual as PDF, by `groff -ms -Tpdf`; throws one line naming groff when it is missing. */
export function groffManualPdf(): Uint8Array {
  const r = spawnSync('groff', ['-ms', '-Tpdf'], { input: groffManualSource(), maxBuffer: 1 << 26 });
  if (r.error || r.status !== 0 || !r.stdout.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw new Error(
      `groff -ms -Tpdf failed: missing tool groff with gropdf (apt-get install groff)${r.stderr?.length ? `: ${r.stderr.toString().trim().split('\n')[0]}` : ''}`,
    );
  }
  return new Uint8Array(r.stdout);
}
