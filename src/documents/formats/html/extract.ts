// HTML through htmlparser2's streaming tokenizer: headings h1-h6, paragraphs, list items, pre,
// table rows; script, style, nav, header, footer, aside, template, head and hidden elements are
// dropped; lists and tables of in-page links (contents, index, menus) and navigation bars
// ("Next: ... Up: ... [Contents][Index]") are left out (src/documents/listing.ts).
import { Parser } from 'htmlparser2';
import type { DocumentBlock } from '../../blocks.ts';
import { dropListings, isNavigationLine, type LinkedBlock } from '../../listing.ts';
import { decodeHtml } from './charset.ts';

const DROPPED = new Set([
  'script',
  'style',
  'nav',
  'header',
  'footer',
  'aside',
  'template',
  'head',
  'noscript',
  'svg',
  'math',
  'iframe',
  'object',
  'select',
  'button',
  'textarea',
  'dialog',
]);
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Elements that end the running block (their text starts a new one). */
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'blockquote',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'address',
  'center',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'pre',
  'table',
  'caption',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'hr',
  'br',
  'form',
  'fieldset',
  'legend',
  'details',
  'summary',
  'body',
  'html',
  'menu',
]);

function hidden(attrs: Record<string, string>): boolean {
  if ('hidden' in attrs) return true;
  if (attrs['aria-hidden'] === 'true') return true;
  const style = attrs.style;
  return style !== undefined && /(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}

interface Open {
  name: string;
  /** the element is dropped with everything inside it */
  dropped: boolean;
  /** list or table group number, for ul/ol/table */
  group?: number;
}

export function extractHtml(bytes: Uint8Array): DocumentBlock[] {
  return htmlBlocks(decodeHtml(bytes));
}

export function htmlBlocks(html: string): DocumentBlock[] {
  const out: LinkedBlock[] = [];
  const stack: Open[] = [];
  let dropDepth = 0;
  let groups = 0;
  // The running block.
  let text = '';
  let outside = ''; // text outside links, for the navigation-bar test
  let inPage = 0;
  let linkChars = 0;
  let links = 0;
  let pre = 0;
  let link: { inPage: boolean; from: number } | null = null;
  // Table rows collect cells.
  let cells: string[] | null = null;
  let rowLinks = { inPage: 0, chars: 0, n: 0 };

  const innermost = (names: Set<string>): Open | undefined => {
    for (let i = stack.length - 1; i >= 0; i--) if (names.has(stack[i]!.name)) return stack[i];
    return undefined;
  };
  const HEAD = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
  const LIST = new Set(['ul', 'ol', 'menu', 'dl']);
  const TABLE = new Set(['table']);

  const reset = () => {
    text = '';
    outside = '';
    inPage = 0;
    linkChars = 0;
    links = 0;
  };
  const flush = () => {
    if (cells) {
      // Inside a table row: the running text is (part of) a cell.
      const t = text.replace(/\s+/g, ' ').trim();
      if (t.length > 0) cells.push(t);
      rowLinks.inPage += inPage;
      rowLinks.chars += linkChars;
      rowLinks.n += links;
      reset();
      return;
    }
    const raw = text;
    const t = pre > 0 ? raw.replace(/^\n+|\s+$/g, '') : raw.replace(/\s+/g, ' ').trim();
    if (t.length === 0 || !/[\p{L}\p{N}\p{S}]/u.test(t)) {
      reset();
      return;
    }
    const h = innermost(HEAD);
    let kind: DocumentBlock['kind'] = 'paragraph';
    let level: number | undefined;
    let group: number | undefined;
    if (h) {
      kind = 'heading';
      level = Number(h.name[1]);
    } else if (pre > 0) kind = 'code';
    else {
      const list = innermost(LIST);
      if (list) {
        kind = 'item';
        group = list.group;
      }
    }
    if (kind !== 'heading' && kind !== 'code' && isNavigationLine(outside, links)) {
      reset();
      return;
    }
    const b: LinkedBlock = {
      kind,
      text: kind === 'heading' ? t.replace(/[¶]/g, '').trim() : t,
      inPageLinkChars: inPage,
      linkChars,
      links,
    };
    if (level !== undefined) b.level = level;
    if (group !== undefined) b.group = group;
    out.push(b);
    reset();
  };
  const flushRow = (group: number | undefined) => {
    if (!cells) return;
    flush();
    const row = cells;
    const rl = rowLinks;
    cells = null;
    rowLinks = { inPage: 0, chars: 0, n: 0 };
    const t = row.join(' | ');
    if (t.length === 0) return;
    // A row with no letters (a separator) still counts towards its table's listing test.
    const b: LinkedBlock = {
      kind: 'row',
      text: t,
      cells: row.map((text) => ({ text })),
      inPageLinkChars: rl.inPage,
      linkChars: rl.chars,
      links: rl.n,
    };
    if (group !== undefined) b.group = group;
    out.push(b);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (dropDepth > 0) {
          if (!VOID.has(name)) {
            stack.push({ name, dropped: true });
            dropDepth++;
          }
          return;
        }
        if (DROPPED.has(name) || hidden(attrs)) {
          if (!VOID.has(name)) {
            stack.push({ name, dropped: true });
            dropDepth++;
          }
          return;
        }
        if (name === 'br') {
          text += pre > 0 ? '\n' : ' ';
          if (!VOID.has(name)) stack.push({ name, dropped: false });
          return;
        }
        if (name === 'img') {
          const alt = attrs.alt?.trim();
          if (alt) text += ` ${alt} `;
          return;
        }
        if (BLOCK.has(name) && name !== 'td' && name !== 'th') flush();
        if (name === 'tr') {
          flushRow(innermost(TABLE)?.group);
          cells = [];
        }
        if ((name === 'td' || name === 'th') && cells) flush();
        const open: Open = { name, dropped: false };
        // A list inside a list belongs to the outer one's group: a contents list is judged whole.
        if (LIST.has(name)) open.group = innermost(LIST)?.group ?? ++groups;
        if (name === 'table') open.group = ++groups;
        if (name === 'pre') pre++;
        if (name === 'a' && attrs.href !== undefined) {
          link = { inPage: attrs.href.startsWith('#') && attrs.href.length > 1, from: text.length };
          links++;
        }
        if (!VOID.has(name)) stack.push(open);
      },
      ontext(data) {
        if (dropDepth > 0) return;
        text += data;
        if (!link) outside += data;
      },
      onclosetag(name) {
        // htmlparser2 closes implied and unclosed elements itself, innermost first. The element
        // stays on the stack while its text is flushed (a heading's level comes from it).
        if (VOID.has(name)) return; // never pushed (htmlparser2 reports their close too)
        const top = stack[stack.length - 1];
        if (!top) return;
        if (top.dropped) {
          stack.pop();
          dropDepth--;
          return;
        }
        closeElement(name, top);
        stack.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  function closeElement(name: string, top: Open): void {
    {
      {
        if (name === 'a' && link) {
          const n = text.length - link.from;
          linkChars += n;
          if (link.inPage) inPage += n;
          link = null;
        }
        if (name === 'pre') {
          flush();
          pre--;
        }
        if (name === 'td' || name === 'th') flush();
        else if (name === 'tr') flushRow(innermost(TABLE)?.group);
        else if (name === 'table') flushRow(top.group);
        else if (BLOCK.has(name)) flush();
      }
    }
  }
  parser.write(html);
  parser.end();
  flush();
  return dropListings(out);
}
