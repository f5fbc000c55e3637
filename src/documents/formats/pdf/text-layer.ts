// Text extraction with pdf.js: our own page loop, each page released as soon as its text is read.
import { getDocument, VerbosityLevel } from './pdfjs.ts';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api.d.ts';
import type { ExtractedDoc, PageText } from './types.ts';
import { buildLines } from './layout.ts';
import { hasTaggedContent, readTaggedPage, type StructNode, type TaggedItem } from './struct.ts';
import { DocumentError, documentError, safeReason } from '../../document-error.ts';

interface OutlineNode {
  title: string;
  items?: OutlineNode[];
}

/** Largest image (pixels) decoded for OCR; text extraction alone decodes none. */
const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Reads every page's text. `afterText`, when given, runs on the open document once all text is
 * read (OCR of pages without a text layer); images are then decoded when a page is rendered.
 * `onPage`, when given, is told after each page how many are read of how many (a job's progress).
 */
export async function extractPages(
  data: Uint8Array,
  afterText?: (doc: PDFDocumentProxy, pages: PageText[]) => Promise<void>,
  onPage?: (read: number, total: number) => void,
): Promise<ExtractedDoc> {
  const task = getDocument({
    data,
    verbosity: VerbosityLevel.ERRORS,
    disableFontFace: true,
    useSystemFonts: false,
    // pdf.js 6 has no eval code path any more (isEvalSupported is gone).
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    useWasm: false,
    useWorkerFetch: false,
    enableXfa: false,
    stopAtErrors: false,
    disableAutoFetch: true,
    disableStream: true,
    maxImageSize: afterText ? MAX_IMAGE_PIXELS : 0,
  });
  try {
    let doc;
    try {
      doc = await task.promise;
    } catch (err) {
      throw classifyOpenError(err);
    }
    const pages: PageText[] = [];
    // undefined until page 1 says: pdf.js answers null at once when the catalog has no
    // StructTreeRoot, and then no page is asked again (an untagged file pays one round trip).
    let tagged: boolean | undefined;
    for (let n = 1; n <= doc.numPages; n++) {
      let page;
      try {
        page = await doc.getPage(n);
      } catch (err) {
        // One unreadable page does not sink the document; a document with none readable does.
        if (n === 1 && doc.numPages === 1) throw damaged(err);
        continue;
      }
      try {
        let tree: StructNode | null = null;
        if (tagged !== false) {
          tree = await readStructTree(page);
          tagged ??= tree !== null;
        }
        const tc = await page.getTextContent({ disableNormalization: true, includeMarkedContent: tree !== null });
        const items: TaggedItem[] = [];
        // Marked content open around the current item: its id (a tagged element's) or "artifact".
        const marks: (string | undefined)[] = [];
        for (const it of tc.items) {
          if (!('str' in it)) {
            if (it.type === 'beginMarkedContent' || it.type === 'beginMarkedContentProps')
              marks.push((it as { tag?: string }).tag === 'Artifact' ? ARTIFACT : (it.id ?? undefined));
            else if (it.type === 'endMarkedContent') marks.pop();
            continue;
          }
          if (it.str.length === 0) continue;
          const t = it.transform as number[];
          const size = Math.hypot(t[2] ?? 0, t[3] ?? 0) || Math.hypot(t[0] ?? 0, t[1] ?? 0);
          const item: TaggedItem = {
            str: it.str,
            x: t[4] ?? 0,
            y: t[5] ?? 0,
            width: it.width,
            size,
            font: it.fontName,
            mono: tc.styles[it.fontName]?.fontFamily === 'monospace',
          };
          if (marks.includes(ARTIFACT)) item.artifact = true;
          const id = marks.findLast((m) => m !== undefined && m !== ARTIFACT);
          if (id !== undefined) item.mcid = id;
          items.push(item);
        }
        const view = page.view;
        pages.push({
          number: n,
          width: (view[2] ?? 0) - (view[0] ?? 0),
          height: (view[3] ?? 0) - (view[1] ?? 0),
          lines: hasTaggedContent(tree) ? readTaggedPage(tree, items) : buildLines(items),
        });
      } catch (err) {
        if (doc.numPages === 1) throw damaged(err);
      } finally {
        page.cleanup();
      }
      onPage?.(n, doc.numPages);
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
    return { pages, outline };
  } finally {
    await task.destroy();
  }
}

const ARTIFACT = '\u0000artifact';

/** The page's structure tree, or null when the document has none (or it cannot be read). */
async function readStructTree(page: PDFPageProxy): Promise<StructNode | null> {
  try {
    return (await page.getStructTree()) ?? null;
  } catch {
    // A broken tree only costs the structure: the page is read by layout.
    return null;
  }
}

function damaged(err: unknown): DocumentError {
  if (err instanceof DocumentError) return err;
  return documentError('document_damaged', safeReason(err));
}

function classifyOpenError(err: unknown): DocumentError {
  const name = err instanceof Error ? err.name : '';
  if (name === 'PasswordException') return documentError('document_encrypted');
  if (name === 'InvalidPDFException') return documentError('document_damaged', 'invalid PDF structure');
  return damaged(err);
}
