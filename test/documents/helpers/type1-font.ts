// A one-page PDF whose text is set in an embedded Type 1 font program written here: a built-in
// encoding (the font program's own /Encoding, as Computer Modern's OT1 puts the fi and fl
// ligatures on codes 12 and 13), optionally a ToUnicode map of a few codes and an /Encoding in
// the font dictionary. What dvipdfmx writes for TeX's fonts, in a few hundred bytes: the glyphs
// draw nothing (an advance each), which is all a text reader needs.
import { assemble } from './make-pdf.ts';

export interface Type1Spec {
  /** The font program's built-in encoding: code -> glyph name. */
  builtIn: Record<number, string>;
  /** The font dictionary's ToUnicode map: code -> text. None when absent. */
  toUnicode?: Record<number, string>;
  /** The font dictionary's own /Encoding, as Differences over no base encoding. None when absent. */
  differences?: Record<number, string>;
  /** The text, one line each, as character codes of the font. */
  lines: number[][];
}

const bytes = (s: string) => Buffer.from(s, 'latin1');

/** Adobe's eexec encryption (Type 1 spec, 7.1), with four leading plaintext bytes of zero. */
function eexec(plain: Buffer): Buffer {
  let r = 55665;
  const data = Buffer.concat([Buffer.alloc(4), plain]);
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++) {
    const c = data[i]! ^ (r >> 8);
    out[i] = c;
    r = ((c + r) * 52845 + 22719) & 0xffff;
  }
  return out;
}

/** "0 600 hsbw endchar": a glyph 600 units wide that draws nothing (charstrings left unencrypted: lenIV -1). */
const GLYPH = Buffer.from([139, 248, 236, 13, 14]);

function fontProgram(builtIn: Record<number, string>): { data: Buffer; length1: number; length2: number } {
  const names = [...new Set(Object.values(builtIn))];
  const clear = bytes(
    [
      '%!FontType1-1.0: CoverTest 001.000',
      '12 dict begin',
      '/FontName /CoverTest def',
      '/FontType 1 def',
      '/PaintType 0 def',
      '/FontMatrix [0.001 0 0 0.001 0 0] readonly def',
      '/FontBBox {0 0 600 700} readonly def',
      '/Encoding 256 array',
      '0 1 255 {1 index exch /.notdef put} for',
      ...Object.entries(builtIn).map(([code, name]) => `dup ${code} /${name} put`),
      'readonly def',
      'currentdict end',
      'currentfile eexec',
      '',
    ].join('\n'),
  );
  const glyphs = ['.notdef', ...names].map((n) =>
    Buffer.concat([bytes(`/${n} ${GLYPH.length} RD `), GLYPH, bytes(' ND\n')]),
  );
  const priv = Buffer.concat([
    bytes(
      [
        'dup /Private 8 dict dup begin',
        '/RD {string currentfile exch readstring pop} executeonly def',
        '/ND {noaccess def} executeonly def',
        '/NP {noaccess put} executeonly def',
        '/lenIV -1 def',
        '/BlueValues [] ND',
        '/MinFeature {16 16} ND',
        '/password 5839 def',
        '/Subrs 0 array ND',
        `2 index /CharStrings ${glyphs.length} dict dup begin`,
        '',
      ].join('\n'),
    ),
    ...glyphs,
    bytes('end\nend\nreadonly put\nnoaccess put\ndup /FontName get exch definefont pop\nmark currentfile closefile\n'),
  ]);
  const encrypted = eexec(priv);
  const trailer = bytes(`${'0'.repeat(64)}\n`.repeat(8) + 'cleartomark\n');
  return { data: Buffer.concat([clear, encrypted, trailer]), length1: clear.length, length2: encrypted.length };
}

const hex = (n: number, digits: number) => n.toString(16).toUpperCase().padStart(digits, '0');

function toUnicodeCMap(map: Record<number, string>): Buffer {
  const entries = Object.entries(map).map(
    ([code, text]) => `<${hex(Number(code), 2)}> <${[...text].map((ch) => hex(ch.codePointAt(0)!, 4)).join('')}>`,
  );
  return bytes(
    [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<00> <FF>',
      'endcodespacerange',
      `${entries.length} beginbfchar`,
      ...entries,
      'endbfchar',
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n'),
  );
}

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([bytes(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, bytes('\nendstream')]);

/** A PDF string of raw codes: every byte escaped in octal, whatever it is. */
const codes = (cs: number[]) => `(${cs.map((c) => '\\' + c.toString(8).padStart(3, '0')).join('')})`;

export function makeType1Pdf(spec: Type1Spec): Uint8Array {
  const objs: Buffer[] = [];
  const add = (b: Buffer | string) => objs.push(typeof b === 'string' ? bytes(b) : b);
  const program = fontProgram(spec.builtIn);
  add('<< /Type /Catalog /Pages 2 0 R >>'); // 1
  add('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'); // 2
  add('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /T 5 0 R >> >> >>'); // 3
  const content = spec.lines.map((l, i) => `BT /T 10 Tf 72 ${700 - i * 14} Td ${codes(l)} Tj ET`).join('\n');
  add(stream('', bytes(content))); // 4
  const extra = [
    spec.toUnicode ? ' /ToUnicode 8 0 R' : '',
    spec.differences
      ? ` /Encoding << /Type /Encoding /Differences [${Object.entries(spec.differences)
          .map(([c, n]) => `${c} /${n}`)
          .join(' ')}] >>`
      : '',
  ].join('');
  add(
    `<< /Type /Font /Subtype /Type1 /BaseFont /CoverTest /FirstChar 0 /LastChar 255 /Widths [${Array(256).fill(600).join(' ')}] /FontDescriptor 6 0 R${extra} >>`,
  ); // 5
  add(
    '<< /Type /FontDescriptor /FontName /CoverTest /Flags 4 /FontBBox [0 0 600 700] /ItalicAngle 0 /Ascent 700 /Descent 0 /CapHeight 700 /StemV 80 /FontFile 7 0 R >>',
  ); // 6
  add(stream(`/Length1 ${program.length1} /Length2 ${program.length2} /Length3 532`, program.data)); // 7
  add(spec.toUnicode ? stream('', toUnicodeCMap(spec.toUnicode)) : '<< >>'); // 8
  return assemble(objs, '/Root 1 0 R');
}

/** Codes of ASCII text, with `{fi}`, `{fl}`, `{ff}` standing for codes 12, 13 and 11 (OT1's ligatures). */
export function ot1(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(/(\{f[fil]\})/)) {
    if (part === '{fi}') out.push(12);
    else if (part === '{fl}') out.push(13);
    else if (part === '{ff}') out.push(11);
    else for (const ch of part) out.push(ch.charCodeAt(0));
  }
  return out;
}

/** OT1's built-in encoding as Computer Modern's fonts write it, for letters, space-less: a-z, A-Z, '.', ff, fi, fl. */
export const OT1_LETTERS: Record<number, string> = {
  11: 'ff',
  12: 'fi',
  13: 'fl',
  46: 'period',
  ...Object.fromEntries(
    [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((ch) => [ch.charCodeAt(0), ch]),
  ),
};
