// A web page saved as an office document (LibreOffice's or Word's "open the HTML, save as .docx /
// .odt", pandoc's HTML -> .pptx) keeps the permalink anchors its generator set after each heading
// and definition: Sphinx's, MkDocs' and Texinfo's "¶" (the HTML reader drops them by their
// class, which the office file no longer has). Every heading then reads "6.1.1. Helper scripts¶",
// and so does every section label of the chunks. The mark glued to a paragraph's end is no text:
// it goes. Only the marks no sentence ends with ("¶", "🔗", "⚓"; not "#" of "C#", nor "§"), and
// only at the end: "see ¶ 3 of the contract" keeps its sign. Pure.

const MARK = /\s*(?:¶|\u{1F517}|\u2693)\uFE0F?$/u;

/** A paragraph's text without the permalink mark at its end ("Helper scripts¶" -> "Helper scripts"). */
export function withoutPermalinkMark(text: string): string {
  const last = text.charCodeAt(text.length - 1);
  // ¶ U+00B6, ⚓ U+2693, a variation selector U+FE0F, 🔗's low surrogate U+DD17.
  if (last !== 0xb6 && last !== 0x2693 && last !== 0xfe0f && last !== 0xdd17) return text;
  return text.replace(MARK, '');
}
