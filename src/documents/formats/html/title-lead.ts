// A page title's lead-in: the line or two an API page's header sets over its title, read after
// the title so that the title labels them. Pure.

/** Most blocks a title's lead-in holds ("Package x.y" and an annotation over a Javadoc title). */
const LEAD_BLOCKS = 2;

/** Longest lead-in line, in code units: a package or module name, an annotation, a kind. */
const LEAD_CHARS = 80;

/** The shape of a block this rule looks at. */
export interface LeadBlock {
  kind: string;
  text: string;
  level?: number;
}

/**
 * How many blocks read before a page's first heading, when it is a title (`<h1>`, or `<h2>` as
 * Javadoc before JDK 16 set its titles: `<h2 class="title">Class Element</h2>`), are the
 * title's lead-in: the blocks before it are one or two short lines (at most LEAD_CHARS, no
 * sentence end) that a generator sets over the title in its header, Javadoc's `div.sub-title`
 * "Package org.example.util" over "Class Range<T>" and a package's annotation "@NonnullByDefault"
 * over "Package org.example.parser"; or a heading of a lower rank naming the page's kind, gi-docgen's
 * `<header><h3>Class</h3><h1>Json.Parser</h1></header>` ("Method", "Struct", "Function": it would
 * label the page's first section; the caller reads it as a line of the title's). Read before the title they make a first chunk without a
 * label, the page's whole text when the page is short; read after it they are the title's
 * first lines. 0 where anything else comes before the title: a sentence, a list, a heading, three
 * lines or more (a page's own text, kept where it stands).
 */
export function titleLeadIn(before: readonly LeadBlock[], level: number): number {
  if (level < 1 || level > 2 || before.length === 0 || before.length > LEAD_BLOCKS) return 0;
  for (const b of before) {
    const t = b.text.trim();
    const kicker = b.kind === 'heading' && (b.level ?? 0) > level;
    if ((b.kind !== 'paragraph' && !kicker) || t.length === 0 || t.length > LEAD_CHARS || /[.!?;:]$/.test(t)) return 0;
  }
  return before.length;
}
