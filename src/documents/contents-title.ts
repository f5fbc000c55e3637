// The words of a table of contents' title, in the languages we read: one list for every format.
// A PDF's listing pages (pdf/toc.ts, which adds lists of figures and indexes to it) and the
// headings over a removed contents list in HTML and Markdown (listing.ts contentsTitlesOver) ask
// the same words. Pure.

/**
 * A contents title's words, as a regular expression source without anchors (case-insensitive,
 * Unicode): "Contents", "Table of Contents", "Short Contents", "Contents at a Glance", "Inhalt",
 * "Inhaltsverzeichnis", "Table des matières", "Sommaire", "Sommario", "Índice", "Sumário",
 * "Conteúdo", "Inhoud", "Innehåll", "Indholdsfortegnelse", "Obsah", "Spis treści".
 */
export const CONTENTS_WORDS = [
  '(?:(?:short|brief|summary|detailed|full)\\s+)?(?:table\\s+of\\s+)?contents(?:\\s+at\\s+a\\s+glance)?',
  'inhalt(?:sverzeichnis)?',
  'table\\s+des\\s+mati[eè]res|sommaire|sommario|[íi]ndice',
  'sum[aá]rio|conte[uú]do|spis\\s+tre[sś]ci|obsah|inhoud|innehåll|indholdsfortegnelse',
].join('|');

const CONTENTS_TITLE = new RegExp(`^(?:${CONTENTS_WORDS})$`, 'iu');

/** Whether a line's text, spaces folded, is a contents title and nothing more. */
export function isContentsTitle(text: string): boolean {
  return CONTENTS_TITLE.test(text.trim().replace(/\s+/g, ' '));
}
