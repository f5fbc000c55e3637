// Texinfo's node menu in makeinfo's HTML: before 6.8 (and texi2html) a `table.menu` of one row an
// entry, "• Node | description", and rows of menu comments (`th > pre.menu-comment`: "The
// Detailed Node Listing", the groups' titles). The rows whose description is longer than the
// node's name were no link entries (isLinkEntry) and stayed as text, with every comment: a
// manual's Top node read its whole detailed menu into the first chunks. Pure.

/** The elements generators write a Texinfo node's menu as. */
const MENU_TABLE_CLASS = /^(?:menu)$/;

/**
 * Is the element a Texinfo node menu: a `table` of class `menu` (makeinfo 4 to 6.7, texi2html).
 * 6.8 and 7 write `ul.mini-toc`/`ul.section-toc`, whose entries are all link (isContentsContainer);
 * a `ul.menu` or `div.menu` is a site's menu, judged as links elsewhere.
 */
export function isNodeMenu(name: string, attrs: Record<string, string>): boolean {
  if (name !== 'table') return false;
  return (attrs.class ?? '')
    .toLowerCase()
    .split(/\s+/)
    .some((c) => MENU_TABLE_CLASS.test(c));
}
