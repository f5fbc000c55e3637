// A minimal zip writer for tests: Word documents of a few paragraphs, spreadsheets, and zip bombs
// (an entry whose headers declare a size other than what it inflates to).
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
  /** The uncompressed size written in the headers (default: the true one). */
  declaredSize?: number;
  /** Stored without compression (an OpenDocument file's first entry, `mimetype`). */
  stored?: boolean;
}

export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : Buffer.from(e.data);
    const packed = e.stored ? raw : deflateRawSync(raw, { level: 9 });
    const name = Buffer.from(e.name, 'utf8');
    const size = e.declaredSize ?? raw.length;
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.stored ? 0 : 8, 8); // stored or deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.stored ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

const STYLES =
  '<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Kopf"><w:name w:val="Kopf"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/><w:pPr><w:numPr><w:numId w:val="3"/></w:numPr></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="SourceCode"><w:name w:val="Source Code"/></w:style>' +
  '</w:styles>';

export const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A paragraph in WordprocessingML: `style` is a style id, `text` goes in one run. */
export function wp(text: string, style?: string, extra = ''): string {
  const ppr = style || extra ? `<w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ''}${extra}</w:pPr>` : '';
  return `<w:p>${ppr}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

/** A DOCX whose body is `body` (WordprocessingML), with the styles above and optional footnotes. */
export function makeDocx(
  body: string,
  opts: { footnotes?: string; documentXml?: string | Uint8Array; extra?: ZipEntry[] } = {},
): Buffer {
  const doc =
    opts.documentXml ?? `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}</w:body></w:document>`;
  const entries: ZipEntry[] = [
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: 'word/document.xml', data: doc },
    { name: 'word/styles.xml', data: STYLES },
  ];
  if (opts.footnotes)
    entries.push({
      name: 'word/footnotes.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><w:footnotes ${W}>${opts.footnotes}</w:footnotes>`,
    });
  entries.push(...(opts.extra ?? []));
  return makeZip(entries);
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" ' +
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"';

/**
 * An OpenDocument file: the stored `mimetype` first, then content.xml holding `body` inside
 * office:text (or office:presentation) after `automatic` styles; `contentXml` replaces the whole part.
 */
export function makeOdf(
  kind: 'text' | 'presentation' | 'spreadsheet',
  body: string,
  opts: { automatic?: string; contentXml?: string; styles?: string; mimetype?: string } = {},
): Buffer {
  const content =
    opts.contentXml ??
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS}>` +
      `<office:automatic-styles>${opts.automatic ?? ''}</office:automatic-styles>` +
      `<office:body><office:${kind}>${body}</office:${kind}></office:body></office:document-content>`;
  const entries: ZipEntry[] = [
    { name: 'mimetype', data: opts.mimetype ?? `application/vnd.oasis.opendocument.${kind}`, stored: true },
    { name: 'content.xml', data: content },
  ];
  if (opts.styles)
    entries.push({
      name: 'styles.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ${ODF_NS}><office:styles>${opts.styles}</office:styles></office:document-styles>`,
    });
  return makeZip(entries);
}

const PML =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A shape of a slide: a placeholder of `ph` type ('' for a body placeholder without a type) or a text box, with paragraphs. */
export function psp(paragraphs: string[], ph?: string): string {
  const nv = ph === undefined ? '<p:nvPr/>' : `<p:nvPr><p:ph${ph ? ` type="${ph}"` : ''}/></p:nvPr>`;
  return `<p:sp><p:nvSpPr><p:cNvPr id="2" name=""/><p:cNvSpPr/>${nv}</p:nvSpPr><p:txBody>${paragraphs.join('')}</p:txBody></p:sp>`;
}

/** A DrawingML paragraph: one run of `text`, with optional paragraph properties (`<a:pPr>` content and attributes). */
export function ap(text: string, ppr = '', font?: string): string {
  const rpr = font ? `<a:rPr><a:latin typeface="${font}"/></a:rPr>` : '';
  return `<a:p>${ppr ? `<a:pPr ${ppr}` : ''}<a:r>${rpr}<a:t>${text}</a:t></a:r></a:p>`;
}

/** A slide part holding `shapes` (p:sp, p:graphicFrame, ...) in its shape tree. */
export function pslide(shapes: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><p:sld ${PML}><p:cSld><p:spTree>${shapes}</p:spTree></p:cSld></p:sld>`;
}

/**
 * A PPTX of `slides` (slide parts, see pslide), listed in presentation.xml in the order given by
 * `order` (indices into slides; default as given); `notes[i]` is slide i's notes text.
 */
export function makePptx(slides: string[], opts: { order?: number[]; notes?: (string | undefined)[] } = {}): Buffer {
  const order = opts.order ?? slides.map((_, i) => i);
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${slides
    .map((_, i) => rel(`rId${i + 10}`, 'slide', `slides/slide${i + 1}.xml`))
    .join('')}</Relationships>`;
  const pres = `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${PML}><p:sldIdLst>${order
    .map((i, k) => `<p:sldId id="${256 + k}" r:id="rId${i + 10}"/>`)
    .join('')}</p:sldIdLst></p:presentation>`;
  const entries: ZipEntry[] = [
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types/>' },
    { name: 'ppt/presentation.xml', data: pres },
    { name: 'ppt/_rels/presentation.xml.rels', data: rels },
  ];
  slides.forEach((s, i) => {
    entries.push({ name: `ppt/slides/slide${i + 1}.xml`, data: s });
    const note = opts.notes?.[i];
    if (note !== undefined) {
      entries.push({
        name: `ppt/slides/_rels/slide${i + 1}.xml.rels`,
        data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'notesSlide', `../notesSlides/notesSlide${i + 1}.xml`)}</Relationships>`,
      });
      entries.push({
        name: `ppt/notesSlides/notesSlide${i + 1}.xml`,
        data: `<?xml version="1.0" encoding="UTF-8"?><p:notes ${PML}><p:cSld><p:spTree>${psp([ap('1')], 'sldImg')}${psp([ap(note)], 'body')}${psp([ap(String(i + 1))], 'sldNum')}</p:spTree></p:cSld></p:notes>`,
      });
    }
  });
  return makeZip(entries);
}
