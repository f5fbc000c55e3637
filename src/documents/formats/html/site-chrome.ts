// Site chrome of pages made by hand or by a project's own scripts, which name it by no generator's
// class: a menu under the id "toc", a "Last update: <date>" line, the site's name as a banner
// heading linking to the site's home page (a menu box in a layout table: isMenuTable, in
// ../../listing.ts); and the page tools of documentation generators (a book's menu bar, an API
// page's source links and tooltips: isToolClass). Pure.

/**
 * An id that names a contents list or a site's menu of pages: "toc", "TOC", "table-of-contents"
 * (FreeType's pages keep their site menu in `div#TOC`, the Lynx guide its contents in `ul#toc`;
 * pandoc's `nav#TOC` is a `nav` anyway). Its links count as in-page links, as a contents
 * container's do (isContentsContainer), so that the listing rules read it as a listing. A bare
 * "contents" is not one: a page body's id as often as a list's.
 */
export function isContentsId(id: string | undefined): boolean {
  return id !== undefined && /^(?:toc|table[-_]?of[-_]?contents)$/i.test(id.trim());
}

/** Longest date a page-date line gives after its label ("Mon Feb 13 18:54:19 BRST 2012"). */
const DATE_CHARS = 48;

const PAGE_DATE =
  /^(?:(?:this\s+)?(?:page|document|file|site)\s+(?:was\s+)?)?last\s+(?:updated?|modified|changed|revised|edited)(?:\s+(?:on|at))?\s*:?\s*(.*?)\.?$/i;

/**
 * A line that only dates the page: "Last update: 16-May-2021" (FreeType's footer), "Last
 * modified: Mon Feb 13 18:54:19 BRST 2012", "Last update : SWIG-4.1.0 (24 Oct 2022)", "This page
 * was last modified on 3 March 2020.": a label, then a date of at most DATE_CHARS characters
 * holding a digit and no sentence. Written by a site's template under every page, it is no text
 * of the page. A sentence that speaks of a change ("Last modified files are kept.") has no digit
 * or goes on past a date. A bare "Updated: 2022 September 19" is left: man2html writes the manual
 * page's own date so, under its section, and the page's reading keeps it.
 */
export function isPageDateLine(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  const m = PAGE_DATE.exec(t);
  if (!m) return false;
  const date = m[1]!;
  return date.length > 0 && date.length <= DATE_CHARS && /\d/.test(date) && !/[.!?;]\s/.test(date);
}

/**
 * A banner heading: the site's name over its pages, a heading whose whole text is one link to
 * a site's home page on the web (an absolute http(s) address whose path is empty, "/" or an
 * index page): Exim's `<h1 id="header"><a href="http://www.exim.org">Exim Internet Mailer</a></h1>`
 * over every chapter. It would label the page's first section with the site's name. Only before
 * the page's first heading (`seenHeading`); a title that links to a page of the site, or a
 * heading with words outside its link, stays.
 */
export function isBannerHeading(
  seenHeading: boolean,
  text: string,
  links: number,
  linkChars: number,
  href: string | undefined,
): boolean {
  if (seenHeading || links !== 1 || href === undefined) return false;
  if (text.replace(/\s+/g, '').length > linkChars) return false;
  return /^https?:\/\/[^/?#\s]+(?:\/(?:index\.[a-z]{3,5})?)?$/i.test(href.trim());
}

const TOOL_CLASS = /^(?:menu-?bar|out-of-band|rightside|hideme|notable-traits(?:-tooltip)?|(?:[a-z]+-)*tooltip-?text)$/;

/**
 * A class of a documentation generator's page tools, beside the text and not of it: the menu bar
 * over a book's pages (mdBook's `div.menu-bar`, holding the book's title as an `<h1>` that would
 * label every page's first section, and its sidebar, theme and search buttons), the out-of-band
 * line of an API page (rustdoc's `span.out-of-band` "1.26.0 · source · [−]" after the title,
 * `span.rightside` "1.57.0 · source" beside each member), a toggle's "Expand description" label
 * (`summary.hideme`), and the text of a tooltip shown on hover (rustdoc's `notable-traits`
 * "ⓘ Notable traits for ...", which would run into every member heading; any `*-tooltiptext`).
 * A bare `menu` (a Texinfo menu, a contents list) and `tooltip` (the word a tooltip hangs on) stay.
 */
export function isToolClass(cls: string): boolean {
  return TOOL_CLASS.test(cls);
}
