// What the PDF extractor works on: lines of text with their position and font, page by page.

/** A pdf.js text item as the layout reads it: its string, position, width, size and font. */
export interface RawItem {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  font: string;
  mono: boolean;
}

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
  /** The line's first or last item is (true) or is not (false) monospace, where that differs from `mono`. */
  monoStart?: boolean;
  monoEnd?: boolean;
  /**
   * A line with gaps wider than a word space: its pieces, each with its text and extent (a
   * table's cells, tables.ts; a list item's label and text: where a wrapped line hangs, clean.ts).
   */
  pieces?: LinePiece[];
  /** A monospace line (`mono`) as its font sets it, spaces and all (code.ts: monoSetting). */
  set?: MonoSetting;
  /** Tagged PDFs: what the structure tree says the line is (see struct.ts); absent elsewhere. */
  tag?: LineTag;
  /**
   * The line ends its paragraph whatever its shape: a change history's entry, its dot leader and
   * page taken off (toc.ts historyLine), which no sentence end closes.
   */
  ends?: true;
}

/** A piece of a line between gaps wider than a word space: its text, left and right edges. */
export interface LinePiece {
  text: string;
  x: number;
  xEnd: number;
}

/**
 * A line of a monospaced font as set: its text from its first glyph with the spaces the glyph
 * positions show, the x of that glyph and the advance of one character.
 */
export interface MonoSetting {
  text: string;
  x: number;
  advance: number;
  /** The type size of its text: its largest monospaced item holding a letter (none: unknown). */
  size?: number;
}

/** A tagged line's structure element: the lines of one element share its block number. */
export interface LineTag {
  block: number;
  kind: 'heading' | 'paragraph' | 'item' | 'row';
  /** Heading level (H1 = 1), when the tag has one. */
  level?: number;
  /** A table row's cells, empty ones kept in place. */
  cells?: string[];
  /** A row of header cells (TH) only. */
  header?: boolean;
  /** A ruled row whose cells are listings (tables.ts listingRow): their lines, read as one code block. */
  code?: string[];
  /** With `code`: the table's header row, which the code block's chunk repeats. */
  tableHeader?: string;
  /** A row's cells that are a link saying only where it goes ("Prev", "Next": listing.ts isNavigationCell). */
  navCells?: number;
  /** The page's first element, begun on an earlier page (its text runs on from there). */
  continued?: boolean;
}

export interface PageText {
  /** 1-based page number. */
  number: number;
  /** Page size in PDF units (width is absent on pages built by hand in tests). */
  width?: number;
  height: number;
  lines: TextLine[];
  /**
   * Characters (spaces aside) of the page's text drawn in fonts whose codes have no Unicode
   * (pdfjs.ts, `unmapped`): left out of `lines`; the page is read with OCR when they are most of
   * its text (ocr/triage.ts, unreadableText).
   */
  unmapped?: number;
  /** Untagged pages whose text hints at a table: the ruled tables their drawn rules make (rules.ts). */
  grids?: RuledGrid[];
  /**
   * The same pages' horizontal rules that no grid holds (rules.ts openRules): where a table read
   * from its gutters has them, they say which of its rows is the header (tables.ts ruledHeader).
   */
  openRules?: Rule[];
  /**
   * Set where the page is read once its lines are normalised (page-ready.ts): its text as
   * overlaySteps compares it, in lower case; dropped once the steps are judged. Absent on a page
   * extractPdf readies itself (one OCR may read).
   */
  stepKey?: string;
  /**
   * The texts of the page's items set a quarter turned in a side margin (margin-turned.ts): a side
   * head where they repeat from page to page (furniture.ts); dropped once judged.
   */
  turnedMargin?: string[];
}

export interface ExtractedDoc {
  pages: PageText[];
  /** Titles of the PDF outline (bookmarks), depth first; empty when the PDF has none. */
  outline: string[];
  /** The document information's Creator and Producer, joined by a blank ('' when it has neither). */
  typesetter?: string;
}

/** An axis-aligned rule a page draws (rules.ts): horizontal (y fixed, x0 < x1) or vertical (x fixed, y0 < y1). */
export interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A ruled table: its column edges left to right, row edges top to bottom, and its cells in grid units. */
export interface RuledGrid {
  xs: number[];
  ys: number[];
  /** Each cell: its first and last row, first and last column (inclusive, grid units). */
  cells: { r0: number; r1: number; c0: number; c1: number }[];
}
