// PowerPoint (.pptx): the zip is read within bounds (../docx/zip.ts), its slides and notes with a
// SAX parser (extract.ts); both load on first use, in the worker thread.
import type { ExtractContext, Extracted } from '../format.ts';

export { looksLikePptx as sniff } from './sniff.ts';

export const name = 'pptx';
export const label = 'PowerPoint (.pptx)';

export async function extract(bytes: Uint8Array, ctx: ExtractContext): Promise<Extracted> {
  const { extractPptx } = await import('./extract.ts');
  return { blocks: await extractPptx(bytes, ctx) };
}
