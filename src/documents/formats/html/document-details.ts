// The details line under an AsciiDoc document's title: asciidoc-py and Asciidoctor write the
// document header's author, e-mail address and revision (number, date, remark) as spans of their
// own ids in the `#header` box, a line apart each ("Sébastien Helleu" / "flashcode@flashtux.org" /
// "version 3.8"; a man page's "Revision 1.4 / 2023-01-17"). Metadata of the file, the page's
// byline: read as text they open the first chunk with a name, an address and a version number
// that no sentence holds. Pure.

/** The ids AsciiDoc's converters give the header's details (a second author: `author2`, `email2`). */
const DETAIL_ID = /^(?:author|email|authorinitials)\d*$|^(?:revnumber|revdate|revremark)$/;

/**
 * Is the element one of the document header's details (DETAIL_ID on a `span`, as both converters
 * write them)? A span of another id, or a block of one of these ids (a page's own "author"
 * section), stays.
 */
export function isDocumentDetail(name: string, attrs: Record<string, string>): boolean {
  return name === 'span' && attrs.id !== undefined && DETAIL_ID.test(attrs.id.trim());
}
