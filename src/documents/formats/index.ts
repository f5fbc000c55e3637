// The formats the service reads, in the order detection asks them (the first whose sniff says yes
// wins: PDF, Word, OpenDocument and PowerPoint by their signatures, then HTML, which may declare another charset, before
// the UTF-8 text formats, plain text last). The format type, detection, the accepted-formats
// sentence of the API and its 415 message all come from this list: a new format is a folder
// beside these and one line here. Light: each entry loads its parser only when it extracts.
import type { Format } from './format.ts';
import * as pdf from './pdf/index.ts';
import * as docx from './docx/index.ts';
import * as odt from './odt/index.ts';
import * as pptx from './pptx/index.ts';
import * as odp from './odp/index.ts';
import * as html from './html/index.ts';
import * as markdown from './markdown/index.ts';
import * as text from './text/index.ts';

export { DEFAULT_MAX_DECODED_BYTES, type ExtractContext, type Extracted, type Format } from './format.ts';

export const FORMATS = [pdf, docx, odt, pptx, odp, html, markdown, text] as const satisfies readonly Format[];

/** The name of a format the pipeline reads: 'pdf' | 'docx' | 'odt' | 'pptx' | 'odp' | 'html' | 'markdown' | 'text'. */
export type DocumentFormat = (typeof FORMATS)[number]['name'];

const BY_NAME = new Map<string, Format>(FORMATS.map((f) => [f.name, f]));

/** The format of a name; throws on a name not in the list (a caller's bug, never input). */
export function formatNamed(name: DocumentFormat): Format {
  const f = BY_NAME.get(name);
  if (!f) throw new Error(`unknown document format ${String(name)}`);
  return f;
}

/** The formats the chunking endpoint accepts, as the API documents and error messages name them. */
export const ACCEPTED_FORMATS = `${FORMATS.slice(0, -1)
  .map((f) => f.label)
  .join(', ')} and ${FORMATS.at(-1)!.label}`;

/**
 * How the error catalogue names a document of this format: PDF messages say "the PDF" (and carry
 * pdf.js's wording), every other format's say "the document".
 */
export function catalogueNoun(format: DocumentFormat): 'pdf' | 'document' {
  return format === pdf.name ? 'pdf' : 'document';
}
