// OpenDocument presentations (.odp, and their templates): read by the OpenDocument reader
// (../odt/odf.ts) slide by slide, which loads on first use, in the worker thread.
import type { ExtractContext, Extracted } from '../format.ts';
import { looksLikeOdf } from '../odt/sniff.ts';

export const name = 'odp';
export const label = 'OpenDocument presentation (.odp)';

export function sniff(bytes: Uint8Array): boolean {
  return looksLikeOdf(bytes, 'presentation');
}

export async function extract(bytes: Uint8Array, ctx: ExtractContext): Promise<Extracted> {
  const { extractOdf } = await import('../odt/odf.ts');
  return { blocks: await extractOdf(bytes, 'presentation', ctx) };
}
