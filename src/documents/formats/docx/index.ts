// Word (.docx): the zip is read within bounds (zip.ts), its WordprocessingML parts with a SAX
// parser (extract.ts); both load on first use, in the worker thread.
import type { ExtractContext, Extracted } from '../format.ts';

export { looksLikeDocx as sniff } from './sniff.ts';

export const name = 'docx';
export const label = 'Word (.docx)';

export async function extract(bytes: Uint8Array, ctx: ExtractContext): Promise<Extracted> {
  const { extractDocx } = await import('./extract.ts');
  return { blocks: await extractDocx(bytes, ctx) };
}
