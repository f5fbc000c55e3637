// The structure of a document as pandoc reads it (`pandoc -t json`, API 1.22 of Debian's pandoc
// 2.17): its headings, code blocks and table rows, the reference of the section-label, code and
// table measures for HTML, Markdown and Word. Pure: takes the parsed JSON.

export interface Structure {
  headings: string[];
  code: string[];
  rows: string[][];
}

interface Node {
  t: string;
  c?: unknown;
}

const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && 't' in x;

/**
 * Plain text of inlines or blocks, as pandoc's plain writer would give it (on one line). With
 * `images` false, an image's alternative text is left out (a table cell's callout icon is no text
 * a PDF or Word reading can give back).
 */
export function plainText(x: unknown, images = true): string {
  if (Array.isArray(x)) return x.map((y) => plainText(y, images)).join('');
  if (!isNode(x)) return '';
  const c = x.c as unknown[];
  switch (x.t) {
    case 'Str':
      return x.c as string;
    case 'Space':
    case 'SoftBreak':
    case 'LineBreak':
      return ' ';
    case 'Code':
    case 'Math':
      return c[1] as string;
    case 'CodeBlock':
      return ` ${c[1] as string} `;
    case 'RawInline':
    case 'RawBlock':
    case 'Note':
      return '';
    case 'Quoted':
      return (c[0] as Node).t === 'SingleQuote' ? `‘${plainText(c[1], images)}’` : `“${plainText(c[1], images)}”`;
    case 'Image':
      return images ? plainText(c[1]) : '';
    case 'Link':
    case 'Span':
    case 'Div':
    case 'Cite':
      return plainText(c[1], images);
    case 'Plain':
    case 'Para':
      return ` ${plainText(x.c, images)} `;
    case 'Header':
      return ` ${plainText(c[2], images)} `;
    default:
      return plainText(x.c, images);
  }
}

const one = (s: string) => s.replace(/\s+/g, ' ').trim();

function rowsOf(table: unknown[]): string[][] {
  const [, , , head, bodies, foot] = table as [unknown, unknown, unknown, unknown[], unknown[][], unknown[]];
  const rows: unknown[] = [...(head[1] as unknown[])];
  for (const b of bodies) rows.push(...(b[2] as unknown[]), ...(b[3] as unknown[]));
  rows.push(...(foot[1] as unknown[]));
  return rows.map((r) => ((r as unknown[])[1] as unknown[][]).map((cell) => one(plainText(cell[4], false))));
}

/**
 * Headings, code blocks and table rows in document order. The rows of a table under a heading
 * ending in "Index" (Texinfo's index tables) are left out: the service drops indexes by design.
 */
export function pandocStructure(doc: { blocks: unknown[] }): Structure {
  const out: Structure = { headings: [], code: [], rows: [] };
  let inIndex = false;
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) {
      for (const y of x) visit(y);
      return;
    }
    if (!isNode(x)) return;
    const c = x.c as unknown[];
    if (x.t === 'Header') {
      const h = one(plainText(c[2]));
      out.headings.push(h);
      inIndex = /\bindex$/i.test(h);
    } else if (x.t === 'CodeBlock') out.code.push(c[1] as string);
    else if (x.t === 'Table' && !inIndex) out.rows.push(...rowsOf(c));
    visit(x.c);
  };
  visit(doc.blocks);
  return out;
}
