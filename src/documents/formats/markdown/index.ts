// Markdown: UTF-8 text with at least two of its marks (../text-kind.ts); lexed on first use, in
// the worker thread.
import type { Extracted } from '../format.ts';
import { textKind } from '../text-kind.ts';

export const name = 'markdown';
export const label = 'Markdown';

export function sniff(bytes: Uint8Array): boolean {
  return textKind(bytes) === 'markdown';
}

export async function extract(bytes: Uint8Array): Promise<Extracted> {
  const { extractMarkdown } = await import('./extract.ts');
  return { blocks: extractMarkdown(bytes) };
}
