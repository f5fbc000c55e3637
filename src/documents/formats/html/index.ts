// HTML: a document by its opening (any declared charset), or a UTF-8 fragment with more block
// tags than Markdown marks (../text-kind.ts); parsed on first use, in the worker thread.
import type { Extracted } from '../format.ts';
import { looksLikeHtml, textKind } from '../text-kind.ts';

export const name = 'html';
export const label = 'HTML';

export function sniff(bytes: Uint8Array): boolean {
  return looksLikeHtml(bytes) || textKind(bytes) === 'html';
}

export async function extract(bytes: Uint8Array): Promise<Extracted> {
  const { extractHtml } = await import('./extract.ts');
  return { blocks: extractHtml(bytes) };
}
