// OpenDocument text (.odt, and its templates): read by the OpenDocument reader (odf.ts, shared with .odp), which
// loads on first use, in the worker thread.
import type { ExtractContext, Extracted } from '../format.ts';
import { looksLikeOdf } from './sniff.ts';

export const name = 'odt';
export const label = 'OpenDocument text (.odt)';

export function sniff(bytes: Uint8Array): boolean {
  return looksLikeOdf(bytes, 'text');
}

export async function extract(bytes: Uint8Array, ctx: ExtractContext): Promise<Extracted> {
  const { extractOdf } = await import('./odf.ts');
  return { blocks: await extractOdf(bytes, 'text', ctx) };
}
