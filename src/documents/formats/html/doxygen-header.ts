// Doxygen's page header: `div.header`, holding the page's title (`div.headertitle > div.title`),
// over a class or group page a bar of links to the page's member tables (`div.summary`:
// "Classes | Public Member Functions | List of all members"), and in the title the groups the
// page belongs to (`div.ingroups`). Doxygen sets the title in a div, not a heading, so the page's
// first chunks (a related page's whole text when it has no sections of its own) had no label.
// Pure.

/** A part of Doxygen's page header, and the container each is found in. */
export type DoxygenHeaderPart = 'header' | 'headertitle' | 'title' | 'summary' | 'ingroups';

/** What a part is read as: the title a heading of the page, the links bar and the groups navigation. */
export const HEADER_READING: Record<DoxygenHeaderPart, 'container' | 'heading' | 'chrome'> = {
  header: 'container',
  headertitle: 'container',
  title: 'heading',
  summary: 'chrome',
  ingroups: 'chrome',
};

/**
 * Which part of Doxygen's page header an element is, given the part its parent is (`parent`):
 * a `div.header` anywhere; inside it `div.headertitle` and `div.summary`; inside the header's
 * title box `div.title`; inside the title `div.ingroups`. Undefined for anything else: a `title`
 * or `summary` class outside that nesting is left as it is.
 */
export function doxygenHeaderPart(
  name: string,
  classes: readonly string[],
  parent: DoxygenHeaderPart | undefined,
): DoxygenHeaderPart | undefined {
  if (name !== 'div') return undefined;
  const has = (c: string) => classes.includes(c);
  if (parent === undefined) return has('header') ? 'header' : undefined;
  if (parent === 'header') return has('headertitle') ? 'headertitle' : has('summary') ? 'summary' : undefined;
  if (parent === 'headertitle') return has('title') ? 'title' : undefined;
  if (parent === 'title') return has('ingroups') ? 'ingroups' : undefined;
  return undefined;
}
