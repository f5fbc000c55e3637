// Plain UTF-8 text: paragraphs are separated by blank lines; lines inside one are joined. Its
// layout gives what structure it has (./structure.ts): headings standing out of the body, list
// items with their wrapped lines, and a manual page's header and footer lines left out.
import type { DocumentBlock } from '../../blocks.ts';
import { joinLines, resolveHyphens } from '../pdf/clean.ts';
import {
  bodyIndent,
  codeLines,
  contentsRun,
  declaresOutline,
  indentOf,
  isTextHeading,
  ITEM,
  itemRuns,
  manPageFurniture,
  MAX_HEADING,
  outlineHeading,
  titleLines,
  underlineOf,
} from './structure.ts';
import { withoutContentsLists } from '../../contents-lists.ts';
import { divisionNumbered } from '../pdf/headings.ts';
import { lineKind } from '../pdf/toc.ts';

export function extractText(bytes: Uint8Array): DocumentBlock[] {
  const text = new TextDecoder('utf-8').decode(bytes);
  return textBlocks(text);
}

const isBlank = (l: string) => /^[ \t\f\v\u00a0]*$/.test(l);

/**
 * The blocks of a text: headings (isTextHeading, after a blank line or another heading), and
 * paragraphs of the runs of non-blank lines between them; a run of list lines gives one item per
 * line, its wrapped lines joined to it (itemRuns).
 */
export function textBlocks(text: string): DocumentBlock[] {
  const all = text.replace(/\r\n?/g, '\n').split('\n');
  const furniture = manPageFurniture(all);
  // A contents list worded unlike its headings goes here; one that repeats them, below (withoutContentsLists).
  for (const i of contentsRun(all)) furniture.add(i);
  const lines = furniture.size === 0 ? all : all.filter((_, i) => !furniture.has(i));
  const body = bodyIndent(lines);
  const out: DocumentBlock[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length === 0) return;
    const code = codeLines(para, body);
    if (code) {
      out.push({ kind: 'code', text: code.join('\n'), lines: code });
      para = [];
      return;
    }
    const items = itemRuns(para);
    const titles = items ? null : titleLines(para);
    if (items) for (const t of items) out.push({ kind: 'item', text: t });
    else if (titles) for (const t of titles) out.push({ kind: 'paragraph', text: t });
    else out.push({ kind: 'paragraph', text: para.map((l) => l.trim()).reduce(joinLines) });
    para = [];
  };
  let afterBreak = true; // a blank line, a heading or the start came before this line
  const underlines: string[] = []; // the underline characters in the order the text first uses them: their ranks
  // A GNU NEWS file in Emacs's outline mode: its starred lines are its headings, not items.
  const outline = declaresOutline(lines);
  for (const [i, l] of lines.entries()) {
    if (isBlank(l)) {
      flush();
      afterBreak = true;
      continue;
    }
    const starred = outline ? outlineHeading(l) : null;
    if (starred) {
      flush();
      out.push({ kind: 'heading', text: starred.text, level: starred.level });
      afterBreak = true;
      continue;
    }
    const under = underlineOf(l);
    if (under !== null) {
      // A title over its underline (setext, reStructuredText, AsciiDoc's two-line titles); a rule
      // line alone (a title's overline, a separator) is no text.
      const title = para.length === 1 ? para[0]!.trim() : '';
      if (
        title.length > 0 &&
        title.length <= MAX_HEADING &&
        !ITEM.test(title) &&
        l.trim().length >= Math.min(3, title.length)
      ) {
        if (!underlines.includes(under)) underlines.push(under);
        out.push({ kind: 'heading', text: title, level: underlines.indexOf(under) + 1 });
        para = [];
        afterBreak = true;
        continue;
      }
      if (para.length === 0 && l.trim().length >= 3) continue;
    }
    const nextLine = i + 1 < lines.length && !isBlank(lines[i + 1]!) ? lines[i + 1]! : undefined;
    const next = nextLine === undefined ? undefined : indentOf(nextLine);
    const indent = indentOf(l);
    if (afterBreak && para.length === 0 && isTextHeading(l, indent, next, body, nextLine?.trim())) {
      out.push({ kind: 'heading', text: l.trim(), level: headingLevel(l.trim(), indent, body) });
      continue;
    }
    afterBreak = false;
    para.push(l);
  }
  flush();
  // A word hyphenated at a line end is joined where the text writes it whole elsewhere (as a
  // PDF's paragraphs are: clean.ts joinLines, resolveHyphens).
  const texts = resolveHyphens(out.map((b) => b.text));
  const blocks = out.map((b, k) => (texts[k] === b.text ? b : { ...b, text: texts[k]! }));
  // Its contents list: the titles of its headings one after the other, numbered as a contents
  // list numbers them ("1. Getting started" for "Chapter 1. Getting started").
  const headings = blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
  const kept = withoutContentsLists(blocks, [...headings, ...headings.map(divisionNumbered)]);
  // A listing's title ("Table of Contents") over nothing once its list is gone goes with it.
  return kept.filter(
    (b, k) => !(b.kind === 'heading' && kept[k + 1]?.kind === 'heading' && lineKind(b.text).kind === 'title'),
  );
}

/** A text heading's rank: by its indentation left of the body (the margin 1, deeper 2), else by its number's depth. */
function headingLevel(t: string, indent: number, body: number): number {
  if (indent < body) return indent === 0 ? 1 : 2;
  const n = /^(\d+(?:\.\d+)*)\.?\s/.exec(t);
  return n ? n[1]!.split('.').length : 1;
}
