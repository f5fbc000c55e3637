// The neutral blocks: what every format extractor (src/documents/formats/<format>/) turns bytes
// into, and all the contents filter, the chunker and the payload ever see of a document. Types
// only, imported by the formats themselves, so it imports nothing of the pipeline.

/** What a block is; the chunker treats them alike but for headings, which open sections. */
export type BlockKind = 'heading' | 'paragraph' | 'item' | 'code' | 'row';

/**
 * Where a block runs on onto a later page: its text is on `page` from its letter or digit number
 * `after` + 1. Counted in letters and digits, which spacing and hyphen joins leave alone.
 */
export interface PageTurn {
  after: number;
  page: number;
}

/** One cell of a table row, as the document wrote it (before the row's text joins the cells). */
export interface TableCell {
  text: string;
  /** A header cell (`<th>`, a Word header row, a Markdown table's first row). */
  header?: boolean;
}

/** A piece of a document in reading order, as a format extractor returns it. */
export interface DocumentBlock {
  kind: BlockKind;
  /** The block's text as the chunker reads it (a row: its cells joined; code: its lines joined). */
  text: string;
  /** Heading level, 1 = top (headings only; absent when the format cannot tell). */
  level?: number;
  /**
   * A list item's nesting: 0 (or absent) for an item of a top-level list, 1 for an item of a list
   * inside an item, and so on (items only; formats that give it: Word, OpenDocument, PowerPoint).
   */
  depth?: number;
  /** 1-based physical page the block starts on, for formats with pages. */
  page?: number;
  /** Where the block turns onto later pages, for formats with pages (see PageTurn). */
  pageTurns?: readonly PageTurn[];
  /** A table row's cells, for formats that keep them (`text` stays what the chunker reads). */
  cells?: readonly TableCell[];
  /** A code block's lines as written, for formats that keep them (`text` stays what the chunker reads). */
  lines?: readonly string[];
  /**
   * The 1-based slide the block is on, in a slide deck (a presentation, or a PDF of slides): a
   * chunk does not run from one slide into the next where each can make chunks of its own.
   */
  slide?: number;
  /**
   * The label of a slide that has no title of its own, on each of its blocks (a slide deck): the
   * section of the deck it stands in (slides.ts untitledSlideLabels).
   */
  slideLabel?: string;
  /**
   * A block of a table row read as blocks (a cell holding code of several lines: Doxygen's quick
   * reference tables), in a table with a header row: that row's text. A chunk that starts at the
   * block repeats it, as it repeats it over the table's other rows.
   */
  tableHeader?: string;
}
