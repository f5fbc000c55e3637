// What the PDF extractor works on: lines of text with their position and font, page by page.

/** A line of text on a page, in reading order, built from pdf.js text items. */
export interface TextLine {
  text: string;
  /** Left edge and right edge of the line, in PDF user space units. */
  x: number;
  xEnd: number;
  /** Baseline (PDF y grows upwards). */
  y: number;
  /** Dominant font size and font id of the line (by characters). */
  size: number;
  font: string;
  mono: boolean;
}

export interface PageText {
  /** 1-based page number. */
  number: number;
  height: number;
  lines: TextLine[];
}

export interface ExtractedDoc {
  pages: PageText[];
  /** Titles of the PDF outline (bookmarks), depth first; empty when the PDF has none. */
  outline: string[];
}
