// PDF: pdf.js reads the text layer page by page, OCR (src/documents/ocr/) reads the pages without
// one, and the layout, furniture, contents and heading rules turn the lines into neutral blocks.
// Only the sniff loads with this module: the main thread detects formats and must not load
// pdf.js (whose Node build also loads @napi-rs/canvas).
import type { ExtractContext, Extracted } from '../format.ts';
import type { RangeTask } from '../../page-ranges.ts';

export { looksLikePdf as sniff } from './sniff.ts';

export const name = 'pdf';
export const label = 'PDF';

export async function readRange(task: RangeTask): Promise<void> {
  const { readRange: read } = await import('./ranges.ts');
  await read(task);
}

export async function extract(bytes: Uint8Array, ctx: ExtractContext): Promise<Extracted> {
  const { extractPdf } = await import('./extract.ts');
  const { blocks, ocr } = await extractPdf(bytes, ctx);
  return { blocks, ocr };
}
