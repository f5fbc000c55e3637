// Text extraction with pdf.js: our own page loop, each page released as soon as its text is read
// (page-text.ts); a large document may be read by several threads at once (ranges.ts).
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.d.ts';
import type { ExtractedDoc, PageText } from './types.ts';
import { openPdf, openedPdf, readPage, type TaggedState } from './page-text.ts';
import { MIN_SPLIT_PAGES, readPagesWithHelpers, shareBytes, type SplitOffer } from './ranges.ts';

interface OutlineNode {
  title: string;
  items?: OutlineNode[];
}

/**
 * Reads every page's text. `afterText`, when given, runs on the open document once all text is
 * read (OCR of pages without a text layer); images are then decoded when a page is rendered.
 * `onPage`, when given, is told after each page how many are read of how many (a job's progress).
 * `split`, when given, offers idle pool threads to read page ranges of a large document.
 */
export async function extractPages(
  data: Uint8Array,
  afterText?: (doc: PDFDocumentProxy, pages: PageText[]) => Promise<void>,
  onPage?: (read: number, total: number) => void,
  split?: SplitOffer,
): Promise<ExtractedDoc> {
  // Helpers need the bytes, which pdf.js detaches: a shared copy first (about a millisecond per MiB).
  const shared = split && split.helpers > 0 ? shareBytes(data) : undefined;
  const task = openPdf(data, afterText !== undefined);
  try {
    const doc = await openedPdf(task);
    let pages: PageText[] = [];
    if (split && shared && doc.numPages >= (split.minPages ?? MIN_SPLIT_PAGES)) {
      pages = await readPagesWithHelpers(doc, shared, split, onPage);
    } else {
      const state: TaggedState = {};
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await readPage(doc, n, state);
        if (!page) continue;
        pages.push(page);
        onPage?.(n, doc.numPages);
      }
    }
    if (afterText) await afterText(doc, pages);
    const outline: string[] = [];
    try {
      const nodes = (await doc.getOutline()) as OutlineNode[] | null;
      const stack = nodes ? [...nodes].reverse() : [];
      while (stack.length > 0 && outline.length < 10000) {
        const node = stack.pop()!;
        if (typeof node.title === 'string') outline.push(node.title);
        if (node.items) for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]!);
      }
    } catch {
      // An unreadable outline only costs heading hints.
    }
    let typesetter = '';
    try {
      const info = (await doc.getMetadata()).info as { Creator?: unknown; Producer?: unknown } | undefined;
      typesetter = [info?.Creator, info?.Producer].filter((v) => typeof v === 'string').join(' ');
    } catch {
      // An unreadable information dictionary only costs the typesetter's hint (code.ts wrapsVerbatim).
    }
    return { pages, outline, typesetter };
  } finally {
    await task.destroy();
  }
}
