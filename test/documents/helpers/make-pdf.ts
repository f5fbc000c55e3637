// A small PDF writer for tests and the quality report: text pages in the standard 14 fonts,
// optional outline, compression, encryption dictionary, image-only page, raw objects.
import { deflateSync, deflateRawSync, constants } from 'node:zlib';

export interface TextRun {
  text: string;
  x: number;
  y: number;
  size?: number;
  /** F1 Helvetica, F2 Helvetica-Bold, F3 Courier, F4 Times-Roman; F5 the Type 3 font (PdfSpec.type3). */
  font?: 'F1' | 'F2' | 'F3' | 'F4' | 'F5';
}

export interface PageSpec {
  runs?: TextRun[];
  /** Raw content stream (overrides runs). */
  content?: string;
  /** Draw a 1x1 image instead of text. */
  image?: boolean;
  /** A scanned page: this RGB JPEG drawn over the whole page, no text (test/documents/helpers/scan.ts). */
  scan?: { jpeg: Uint8Array; width: number; height: number };
  /** A fax scan: this CCITT Group 4 (K -1) one-bit image drawn over the whole page, no text. */
  fax?: { data: Uint8Array; width: number; height: number };
}

export interface PdfSpec {
  pages: PageSpec[];
  /** The document information's Creator ("groff version 1.22.4"): the typesetter some rules go by. */
  creator?: string;
  outline?: string[];
  compress?: boolean;
  /** Adds a Standard security handler with an unknown user password. */
  encrypt?: boolean;
  /** Replace the page tree with one whose kids point back at itself. */
  loopPageTree?: boolean;
  /** Extra entries for the page dictionary (raw PDF syntax). */
  pageExtra?: string;
  /**
   * Adds F5, a Type 3 font without ToUnicode whose glyphs draw Courier's ASCII 32-126: 'unicode'
   * at their ASCII codes, named uniXXXX (text a reader can map); 'numbered' at codes 0-94 named
   * a0-a94, as Ghostscript numbers and names the bitmap fonts of dvips output (codes and names
   * that say nothing of the characters). Runs in F5 are written in those codes. 'ascii' names
   * them a0-a94 at their ASCII codes (names that say nothing, codes that do). 'ghostscript' is
   * 'unicode' in Ghostscript's frame for dvips bitmap fonts: FontMatrix [1 0 0 1], FontBBox
   * [0 0 1000 1000], glyphs 50 units wide, for runs set at a size of 1 or less (0.12 gives 6 pt
   * advances, 10 pt glyphs).
   */
  type3?: 'unicode' | 'numbered' | 'ascii' | 'ghostscript';
  /**
   * F3 as Ghostscript writes a typewriter face it re-encodes: not the standard Courier but a font
   * of another name with its /Widths (600 each) and a descriptor whose MissingWidth (1131) is not
   * the glyphs' width, and no FixedPitch flag.
   */
  ghostscriptTypewriter?: boolean;
  /**
   * F3 as pdfTeX writes a typewriter face in the T1 (Cork) encoding (newtx's t1xtt, Sphinx's LaTeX
   * default): /Widths over codes 32-233, 600 each but 1200 for the two-column `SS` at 0xDF, no
   * FixedPitch flag, no MissingWidth.
   */
  t1Typewriter?: boolean;
  /** F4 as a font of this BaseFont (not embedded: pdf.js draws it with a standard face), e.g. xy-pic's XYDASH10. */
  f4BaseFont?: string;
  /** Form XObjects every page can paint by name (`/Name Do`): their content, and their /Matrix if any. */
  forms?: { name: string; content: string; matrix?: string }[];
}

/** How far down the 'numbered' Type 3 font (PdfSpec.type3) moves the codes of ASCII. */
const TYPE3_SHIFT = 32;

/** WinAnsi's codes for characters outside Latin-1 that the fixtures use: the bullet. */
const WIN_ANSI: Record<string, number> = { '\u2022': 0x95 };

/** PDF string literal in WinAnsi (Latin-1 range and WIN_ANSI), with (, ) and \ escaped. */
export function pdfString(s: string): string {
  let out = '(';
  for (const ch of s) {
    const c = WIN_ANSI[ch] ?? ch.codePointAt(0)!;
    if (ch === '(' || ch === ')' || ch === '\\') out += '\\' + ch;
    else if (c >= 32 && c < 127) out += ch;
    else if (c < 256) out += '\\' + c.toString(8).padStart(3, '0');
    else out += '?';
  }
  return out + ')';
}

function bytes(s: string): Buffer {
  return Buffer.from(s, 'latin1');
}

export function makePdf(spec: PdfSpec): Uint8Array {
  const objs: Buffer[] = [];
  const add = (body: Buffer | string): number => {
    objs.push(typeof body === 'string' ? bytes(body) : body);
    return objs.length;
  };
  const stream = (dict: string, data: Buffer): Buffer => {
    let d = data;
    let filter = '';
    if (spec.compress) {
      d = deflateSync(data);
      filter = ' /Filter /FlateDecode';
    }
    return Buffer.concat([bytes(`<< ${dict} /Length ${d.length}${filter} >>\nstream\n`), d, bytes('\nendstream')]);
  };
  const catalog = add(''); // 1, filled later
  const pagesId = add(''); // 2
  const fonts = [
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>'),
    add(`<< /Type /Font /Subtype /Type1 /BaseFont /${spec.f4BaseFont ?? 'Times-Roman'} /Encoding /WinAnsiEncoding >>`),
  ];
  if (spec.ghostscriptTypewriter) {
    const descriptor = add(
      '<< /Type /FontDescriptor /FontName /BWFXGR+PLTypewriter10-Regular /Flags 4 /FontBBox [-4 -229 537 694] /ItalicAngle 0 /Ascent 694 /Descent -229 /CapHeight 694 /StemV 80 /MissingWidth 1131 >>',
    );
    objs[fonts[2]! - 1] = bytes(
      `<< /Type /Font /Subtype /Type1 /BaseFont /BWFXGR+PLTypewriter10-Regular /FirstChar 32 /LastChar 126 /Widths [${Array(95).fill(600).join(' ')}] /Encoding /WinAnsiEncoding /FontDescriptor ${descriptor} 0 R >>`,
    );
  }
  if (spec.t1Typewriter) {
    const descriptor = add(
      '<< /Type /FontDescriptor /FontName /NEFFVU+t1xtt /Flags 4 /FontBBox [-5 -183 1501 822] /ItalicAngle 0 /Ascent 676 /Descent -167 /CapHeight 618 /StemV 84 >>',
    );
    const widths = Array.from({ length: 233 - 32 + 1 }, (_, i) => (i + 32 === 0xdf ? 1200 : 600));
    objs[fonts[2]! - 1] = bytes(
      `<< /Type /Font /Subtype /Type1 /BaseFont /NEFFVU+t1xtt /FirstChar 32 /LastChar 233 /Widths [${widths.join(' ')}] /Encoding /WinAnsiEncoding /FontDescriptor ${descriptor} 0 R >>`,
    );
  }
  const image = add(
    stream(
      '/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8',
      Buffer.from([128]),
    ),
  );
  let type3 = '';
  if (spec.type3) {
    const names: string[] = [];
    const procs: string[] = [];
    const first = spec.type3 === 'numbered' ? 0 : 32;
    for (let c = 32; c <= 126; c++) {
      const name =
        spec.type3 === 'unicode' || spec.type3 === 'ghostscript'
          ? `uni${c.toString(16).toUpperCase().padStart(4, '0')}`
          : `a${c - TYPE3_SHIFT}`;
      names.push(`/${name}`);
      const advance = spec.type3 === 'ghostscript' ? 50 : 600;
      const glyph = add(
        stream('', bytes(`${advance} 0 d0 BT /C 1000 Tf 0 0 Td ${pdfString(String.fromCharCode(c))} Tj ET`)),
      );
      procs.push(`/${name} ${glyph} 0 R`);
    }
    const frame =
      spec.type3 === 'ghostscript'
        ? '/FontBBox [0 0 1000 1000] /FontMatrix [1 0 0 1 0 0]'
        : '/FontBBox [0 -250 600 800] /FontMatrix [0.001 0 0 0.001 0 0]';
    const width = spec.type3 === 'ghostscript' ? 50 : 600;
    const font = add(
      `<< /Type /Font /Subtype /Type3 ${frame} /FirstChar ${first} /LastChar ${first + 94} /Widths [${Array(95).fill(width).join(' ')}] /Encoding << /Type /Encoding /Differences [${first} ${names.join(' ')}] >> /CharProcs << ${procs.join(' ')} >> /Resources << /Font << /C ${fonts[2]} 0 R >> >> >>`,
    );
    type3 = ` /F5 ${font} 0 R`;
  }
  const formRes = (spec.forms ?? [])
    .map((f) => {
      const matrix = f.matrix ? ` /Matrix [${f.matrix}]` : '';
      const form = add(
        stream(`/Type /XObject /Subtype /Form /BBox [0 0 612 792]${matrix} /Resources << >>`, bytes(f.content)),
      );
      return ` /${f.name} ${form} 0 R`;
    })
    .join('');
  const fontRes = `/Font << /F1 ${fonts[0]} 0 R /F2 ${fonts[1]} 0 R /F3 ${fonts[2]} 0 R /F4 ${fonts[3]} 0 R${type3} >>`;
  const kids: number[] = [];
  for (const p of spec.pages) {
    let content = p.content;
    if (content === undefined && p.image) content = 'q 500 0 0 700 50 50 cm /Im1 Do Q';
    let scanRes = '';
    if (p.scan) {
      const { jpeg, width, height } = p.scan;
      const dict = `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`;
      const scan = add(Buffer.concat([bytes(dict), Buffer.from(jpeg), bytes('\nendstream')]));
      scanRes = ` /Scan ${scan} 0 R`;
      content ??= 'q 612 0 0 792 0 0 cm /Scan Do Q';
    }
    if (p.fax) {
      const { data, width, height } = p.fax;
      const dict = `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns ${width} /Rows ${height} /BlackIs1 false >> /Length ${data.length} >>\nstream\n`;
      const fax = add(Buffer.concat([bytes(dict), Buffer.from(data), bytes('\nendstream')]));
      scanRes += ` /Fax ${fax} 0 R`;
      content ??= 'q 612 0 0 792 0 0 cm /Fax Do Q';
    }
    if (content === undefined) {
      content = (p.runs ?? [])
        .map((r) => {
          const text =
            r.font === 'F5' && spec.type3 === 'numbered'
              ? String.fromCharCode(...[...r.text].map((ch) => ch.charCodeAt(0) - TYPE3_SHIFT))
              : r.text;
          return `BT /${r.font ?? 'F1'} ${r.size ?? 11} Tf ${r.x} ${r.y} Td ${pdfString(text)} Tj ET`;
        })
        .join('\n');
    }
    const c = add(stream('', bytes(content)));
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Contents ${c} 0 R /Resources << ${fontRes} /XObject << /Im1 ${image} 0 R${scanRes}${formRes} >> >>${spec.pageExtra ?? ''} >>`,
      ),
    );
  }
  if (spec.loopPageTree) {
    const inner = add(
      `<< /Type /Pages /Parent ${pagesId} 0 R /Kids [${pagesId} 0 R ${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`,
    );
    objs[pagesId - 1] = bytes(`<< /Type /Pages /Kids [${inner} 0 R] /Count ${kids.length + 1} >>`);
  } else {
    objs[pagesId - 1] = bytes(
      `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`,
    );
  }
  let outlineRef = '';
  if (spec.outline && spec.outline.length > 0) {
    const first = objs.length + 2;
    const root = add(''); // placeholder
    const ids: number[] = [];
    spec.outline.forEach((title, i) => {
      const id = first + i;
      ids.push(id);
      const prev = i > 0 ? ` /Prev ${id - 1} 0 R` : '';
      const next = i + 1 < spec.outline!.length ? ` /Next ${id + 1} 0 R` : '';
      add(`<< /Title ${pdfString(title)} /Parent ${root} 0 R /Dest [${kids[0]} 0 R /Fit]${prev}${next} >>`);
    });
    objs[root - 1] = bytes(
      `<< /Type /Outlines /First ${ids[0]} 0 R /Last ${ids[ids.length - 1]} 0 R /Count ${ids.length} >>`,
    );
    outlineRef = ` /Outlines ${root} 0 R`;
  }
  objs[catalog - 1] = bytes(`<< /Type /Catalog /Pages ${pagesId} 0 R${outlineRef} >>`);
  let encrypt = '';
  if (spec.encrypt) {
    const o = '<' + 'A1'.repeat(32) + '>';
    const u = '<' + 'B2'.repeat(32) + '>';
    const e = add(`<< /Filter /Standard /V 1 /R 2 /O ${o} /U ${u} /P -4 >>`);
    encrypt = ` /Encrypt ${e} 0 R /ID [<0123456789ABCDEF0123456789ABCDEF> <0123456789ABCDEF0123456789ABCDEF>]`;
  }
  const info = spec.creator ? ` /Info ${add(`<< /Creator ${pdfString(spec.creator)} >>`)} 0 R` : '';
  return assemble(objs, `/Root ${catalog} 0 R${encrypt}${info}`);
}

export function assemble(objs: Buffer[], trailerExtra: string): Uint8Array {
  const parts: Buffer[] = [bytes('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objs.forEach((body, i) => {
    offsets.push(offset);
    const b = Buffer.concat([bytes(`${i + 1} 0 obj\n`), body, bytes('\nendobj\n')]);
    parts.push(b);
    offset += b.length;
  });
  let xref = `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(o).padStart(10, '0')} 00000 n \n`;
  parts.push(bytes(`${xref}trailer\n<< /Size ${objs.length + 1} ${trailerExtra} >>\nstartxref\n${offset}\n%%EOF\n`));
  const out = Buffer.concat(parts);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength).slice();
}

/** Lays paragraphs out as left-aligned lines of at most `width` characters, pages of `perPage` lines. */
export function textPages(
  paragraphs: string[],
  opts: { width?: number; perPage?: number; size?: number; x?: number } = {},
): PageSpec[] {
  const width = opts.width ?? 85;
  const perPage = opts.perPage ?? 48;
  const size = opts.size ?? 11;
  const lines: { text: string; gapBefore: boolean; font?: TextRun['font']; size?: number }[] = [];
  for (const p of paragraphs) {
    const heading = p.startsWith('# ');
    const words = (heading ? p.slice(2) : p).split(' ');
    let cur = '';
    let first = true;
    for (const w of words) {
      if (cur.length > 0 && cur.length + 1 + w.length > width) {
        lines.push({ text: cur, gapBefore: first, ...(heading ? { font: 'F2' as const, size: size + 4 } : {}) });
        first = false;
        cur = w;
      } else cur = cur.length > 0 ? cur + ' ' + w : w;
    }
    if (cur.length > 0)
      lines.push({ text: cur, gapBefore: first, ...(heading ? { font: 'F2' as const, size: size + 4 } : {}) });
  }
  const pages: PageSpec[] = [];
  let runs: TextRun[] = [];
  let y = 740;
  for (const l of lines) {
    if (runs.length >= perPage || y < 72) {
      pages.push({ runs });
      runs = [];
      y = 740;
    }
    if (l.gapBefore && runs.length > 0) y -= size * 0.8;
    runs.push({ text: l.text, x: opts.x ?? 72, y, size: l.size ?? size, font: l.font ?? 'F1' });
    y -= (l.size ?? size) * 1.3;
  }
  if (runs.length > 0) pages.push({ runs });
  return pages;
}

/** A zlib stream that inflates to `total` bytes of spaces, built without holding them: one
 * sync-flushed deflate block of 1 MiB of spaces repeated (its back-references only ever reach
 * spaces), then a final empty block and the Adler-32 of the whole. */
export function spacesBomb(total: number): Buffer {
  const blockSize = 1 << 20;
  const n = Math.ceil(total / blockSize);
  const block = deflateRawSync(Buffer.alloc(blockSize, 0x20), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const len = BigInt(n) * BigInt(blockSize);
  const M = 65521n;
  const a = (1n + len * 32n) % M;
  const b = (len + 32n * ((len * (len + 1n)) / 2n)) % M;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  for (let i = 0; i < n; i++) parts.push(block);
  parts.push(Buffer.from([0x03, 0x00]), adler);
  return Buffer.concat(parts);
}

/** A one-page PDF whose content stream inflates to `total` bytes. */
export function bombPdf(total: number): Uint8Array {
  const z = spacesBomb(total);
  const objs = [
    bytes('<< /Type /Catalog /Pages 2 0 R >>'),
    bytes('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    bytes('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>'),
    Buffer.concat([bytes(`<< /Length ${z.length} /Filter /FlateDecode >>\nstream\n`), z, bytes('\nendstream')]),
  ];
  return assemble(objs, '/Root 1 0 R');
}
