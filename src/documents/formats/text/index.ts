// Plain text: any valid UTF-8 without binary control bytes that no format before it in the list
// claimed (the last of the list).
import type { Extracted } from '../format.ts';
import { textKind } from '../text-kind.ts';

export const name = 'text';
export const label = 'plain UTF-8 text';

export function sniff(bytes: Uint8Array): boolean {
  return textKind(bytes) !== null;
}

export async function extract(bytes: Uint8Array): Promise<Extracted> {
  const { extractText } = await import('./extract.ts');
  return { blocks: extractText(bytes) };
}
