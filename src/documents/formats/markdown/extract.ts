// Markdown (CommonMark + GFM tables) through marked's lexer: its block tokens map one to one onto
// neutral blocks; inline marks are dropped, link and image texts kept. A list whose items are all
// links to the document's own headings (#anchors) is a table of contents and is left out, and so
// is a paragraph of links alone (a README's row of badges, a "Docs | API | Blog" bar).
import { Lexer, type Token, type Tokens } from 'marked';
import type { DocumentBlock } from '../../blocks.ts';
import { dropListings, isNavigationLine, type LinkedBlock } from '../../listing.ts';

/**
 * The document without its front matter: a YAML (`---` ... `---` or `...`) or TOML (`+++` ...
 * `+++`) block opening the file is metadata for a site generator, not text of the document.
 */
export function stripFrontMatter(src: string): string {
  const m = /^\uFEFF?(---|\+\+\+)[ \t]*\r?\n([\s\S]*?)\r?\n(---|\.\.\.|\+\+\+)[ \t]*(?:\r?\n|$)/.exec(src);
  if (!m) return src;
  const [, open, body = '', close] = m;
  const toml = open === '+++';
  if (toml !== (close === '+++')) return src;
  // Metadata, not a thematic break around text: the first line says `key: value` (`key = value`
  // or `[table]` in TOML).
  const first = body.split(/\r?\n/).find((l) => l.trim() !== '' && !l.trim().startsWith('#')) ?? '';
  const meta = toml ? /^\s*(?:[\w"'.-]+\s*=|\[)/.test(first) : /^\s*[\w"'.-][^:]*:(?:\s|$)/.test(first);
  return meta ? src.slice(m[0].length) : src;
}

export function extractMarkdown(bytes: Uint8Array): DocumentBlock[] {
  const src = stripFrontMatter(new TextDecoder('utf-8').decode(bytes));
  const tokens = new Lexer({ gfm: true }).lex(src);
  const out: LinkedBlock[] = [];
  const ctx = { group: 0 };
  walk(tokens, out, ctx);
  return dropListings(out, { siteMenus: true });
}

interface Inline {
  text: string;
  /** the text outside links (the navigation-bar test) */
  outside: string;
  inPageLinkChars: number;
  linkChars: number;
  links: number;
}

function inline(tokens: Token[] | undefined, fallback: string): Inline {
  const acc: Inline = { text: '', outside: '', inPageLinkChars: 0, linkChars: 0, links: 0 };
  if (!tokens) {
    acc.text = fallback;
    acc.outside = fallback;
    return acc;
  }
  addInline(tokens, acc);
  return acc;
}

/** Text read inline: into the block's text and, outside links, into its outside text. */
function put(acc: Inline, s: string): void {
  acc.text += s;
  acc.outside += s;
}

function addInline(tokens: Token[], acc: Inline): void {
  for (const t of tokens) {
    switch (t.type) {
      case 'link': {
        const before = acc.text.length;
        const outside = acc.outside;
        const l = t as Tokens.Link;
        addInline(l.tokens, acc);
        acc.outside = outside;
        const n = acc.text.length - before;
        acc.links++;
        acc.linkChars += n;
        if (l.href.startsWith('#')) acc.inPageLinkChars += n;
        break;
      }
      case 'image':
        put(acc, (t as Tokens.Image).text);
        break;
      case 'br':
        put(acc, ' ');
        break;
      case 'html':
        put(acc, stripTags(t.raw));
        break;
      case 'codespan':
        put(acc, decodeEntities((t as Tokens.Codespan).text));
        break;
      default:
        if ('tokens' in t && Array.isArray(t.tokens)) addInline(t.tokens, acc);
        else put(acc, decodeEntities('text' in t && typeof t.text === 'string' ? t.text : t.raw));
    }
  }
}

/** Raw HTML in Markdown: comments and tags go, the text between tags stays. */
function stripTags(html: string): string {
  return html.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ').replace(/<[^>]*>/g, ' ');
}

/** marked escapes &, <, >, " and ' in its text tokens; the chunks hold the characters. */
function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(?:amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);
}
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function push(
  out: LinkedBlock[],
  kind: DocumentBlock['kind'],
  inl: Inline,
  extra: Pick<DocumentBlock, 'level' | 'cells' | 'lines' | 'depth'> & { group?: number; dataCells?: number } = {},
): void {
  if (inl.text.trim().length === 0) return;
  out.push({
    kind,
    text: inl.text,
    ...extra,
    inPageLinkChars: inl.inPageLinkChars,
    linkChars: inl.linkChars,
    links: inl.links,
  });
}

/**
 * The depth of the items of a list read inside a list item of depth `outer` (undefined: the
 * list is no item's, depth 0): one level in, as the chunk shows it (../../list-depth.ts).
 */
export function nestedDepth(outer: number | undefined): number {
  return outer === undefined ? 0 : outer + 1;
}

/**
 * The blocks of `tokens`: `group` is the list or table they belong to, `depth` the nesting of the
 * list item they are read in (0 for an item of a top-level list; undefined outside lists).
 */
function walk(tokens: Token[], out: LinkedBlock[], ctx: { group: number }, group?: number, depth?: number): void {
  for (const t of tokens) {
    switch (t.type) {
      case 'heading': {
        const h = t as Tokens.Heading;
        push(out, 'heading', inline(h.tokens, h.text), { level: h.depth });
        break;
      }
      case 'paragraph':
      case 'text': {
        const p = t as Tokens.Paragraph | Tokens.Text;
        const inl = inline(p.tokens, p.text);
        // A paragraph of links alone (badges, a bar of links): navigation, not text. An item's
        // links are judged with its list (dropListings).
        if (group === undefined && isNavigationLine(inl.outside, inl.links, inl.text)) break;
        push(
          out,
          group === undefined ? 'paragraph' : 'item',
          inl,
          group === undefined ? {} : { group, ...(depth ? { depth } : {}) },
        );
        break;
      }
      case 'code':
        push(out, 'code', inline(undefined, (t as Tokens.Code).text), {
          lines: (t as Tokens.Code).text.split('\n'),
          ...(group === undefined ? {} : { group }),
        });
        break;
      case 'list': {
        const l = t as Tokens.List;
        // A list inside a list belongs to the outer one's group: a contents list is judged whole.
        const g = group ?? ++ctx.group;
        let n = typeof l.start === 'number' ? l.start : 1;
        for (const item of l.items) {
          const first = out.length;
          // A list inside an item stands one level in (nestedDepth).
          walk(item.tokens, out, ctx, g, nestedDepth(depth));
          // The item's first block carries its number; nested lists keep their own.
          const b = out[first];
          if (l.ordered && b && b.group === g) {
            const marker = `${n}. `;
            b.text = marker + b.text;
          }
          n++;
        }
        break;
      }
      case 'table': {
        const tb = t as Tokens.Table;
        const g = ++ctx.group;
        const row = (cells: Tokens.TableCell[], header: boolean) => {
          const parts = cells.map((c) => inline(c.tokens, c.text));
          if (!parts.some((p) => p.text.trim().length > 0)) return;
          const inl: Inline = {
            // Empty cells stay in place, so that every value stays under its header.
            text: parts.map((p) => p.text.replace(/\s+/g, ' ').trim()).join(' | '),
            outside: parts.map((p) => p.outside).join(' | '),
            inPageLinkChars: parts.reduce((a, p) => a + p.inPageLinkChars, 0),
            linkChars: parts.reduce((a, p) => a + p.linkChars, 0),
            links: parts.reduce((a, p) => a + p.links, 0),
          };
          const kept = parts.map((p) => ({ text: p.text.trim(), ...(header ? { header } : {}) }));
          const dataCells = parts.filter((p) => p.inPageLinkChars === 0 && /[\p{L}\p{N}]/u.test(p.text)).length;
          push(out, 'row', inl, { group: g, cells: kept, dataCells });
        };
        row(tb.header, true);
        for (const r of tb.rows) row(r, false);
        break;
      }
      case 'blockquote':
        walk((t as Tokens.Blockquote).tokens, out, ctx, group, depth);
        break;
      case 'html': {
        const text = stripTags(t.raw);
        push(
          out,
          group === undefined ? 'paragraph' : 'item',
          inline(undefined, text),
          group === undefined ? {} : { group },
        );
        break;
      }
      default:
        // space, hr, def (link reference definitions): nothing to read.
        break;
    }
  }
}
