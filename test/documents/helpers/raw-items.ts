// A pdf.js text item as the layout reads it, for the tables of tests of pdf/layout.ts and
// pdf/stream.ts: 5 units a character, size 10, one font, not monospace, unless told otherwise.
import type { RawItem } from '../../../src/documents/formats/pdf/types.ts';

export const item = (str: string, x: number, y: number, o: Partial<RawItem> = {}): RawItem => ({
  str,
  x,
  y,
  width: str.length * 5,
  size: 10,
  font: 'f',
  mono: false,
  ...o,
});
