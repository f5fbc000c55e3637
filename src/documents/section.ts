// The section label of a heading, the same for every format: what the payload's `section` holds.

/** The section label: single spaces, at most 90 code points, cut at a word boundary. */
export function sectionLabel(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const cps = Array.from(t);
  if (cps.length <= 90) return t;
  const cut = cps.slice(0, 90).join('');
  const sp = cut.lastIndexOf(' ');
  return (sp > 30 ? cut.slice(0, sp) : cut).replace(/[\s,;:.\-–—]+$/, '');
}
