// Optional content hidden by default: a ConTeXt "stepper" deck draws each slide's items in optional
// content groups that its default configuration turns off (its JavaScript shows them one by one;
// printing shows them all), so pdftotext, which honours the default view, reads such a slide as
// empty and the order and coverage measures judged every chunk of it against nothing (order 3.9 %
// on bachotex-2013-sense). The service reads all of a page's text, as a print does; the reference
// is read from a copy whose default configuration hides nothing: the groups' OFF list renamed (an
// unknown key, ignored) and an OFF base state turned ON, in qpdf's QDF form, where both are plain
// text and each replacement keeps its length (the cross-reference offsets stand).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A QDF file's text with every optional content configuration's OFF list and OFF base state made void, lengths kept. Pure. */
export function showAllOptionalContent(qdf: string): string {
  return qdf.replace(/\/BaseState(\s*)\/OFF/g, '/BaseState$1/ON ').replace(/\/OFF(\s*\[)/g, '/XFF$1');
}

/**
 * The path of a copy of the PDF `file` whose optional content all shows by default (qpdf --qdf,
 * showAllOptionalContent), for the reference tools; `file` itself when qpdf cannot rewrite it.
 */
export function allContentShown(file: string): string {
  const out = join(mkdtempSync(join(tmpdir(), 'quality-oc-')), 'shown.pdf');
  const r = spawnSync('qpdf', ['--qdf', '--object-streams=disable', file, out], { stdio: 'ignore' });
  // qpdf exits 3 when it wrote the file with warnings.
  if (r.error || (r.status !== 0 && r.status !== 3)) return file;
  writeFileSync(out, Buffer.from(showAllOptionalContent(readFileSync(out).toString('latin1')), 'latin1'));
  return out;
}
