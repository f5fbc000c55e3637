// The OCR engine: Tesseract 5 and Leptonica compiled to WebAssembly (tesseract.js-core), driven in
// the calling thread, the document worker that rendered the page. tesseract.js would run the same
// engine in a thread of its own, pass every image and result between threads, and dump each page
// as JSON down to every symbol; here a grey page goes in (as a PGM file) and only its text lines
// come out.
// This way holds far less memory for the same lines read (docs/benchmarks.md, OCR, "Memory").
// Below the engine, its lifecycle: one per document worker thread, started on first use, stopped
// after a while without pages.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relaxedSimd, simd } from 'wasm-feature-detect';
import { languageDataFile, unpackLanguageData } from './options.ts';

/** One text line as Tesseract's result iterator gives it: pixel boxes, y down. */
export interface OcrLine {
  text: string;
  /** 0..100 */
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
  baseline?: { x0: number; y0: number; x1: number; y1: number };
  /** In pixels; descenders negative (below the baseline). */
  rowAttributes?: { ascenders: number; descenders: number; rowHeight: number };
  /** The line's words with their boxes, left to right (where a line's spaces fall, typewriter.ts). */
  words?: OcrWord[];
}

/** One word of a line: its text and pixel box, y down, and its characters with theirs. */
export interface OcrWord {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
  symbols: OcrSymbol[];
}

/** One character of a word and its pixel box (the recogniser's estimate), y down. */
export interface OcrSymbol {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The parts of tesseract.js-core's Emscripten module (WebIDL bindings of Tesseract's C++ API) used here. */
interface CoreModule {
  FS: { writeFile(path: string, data: Uint8Array | string): void; unlink(path: string): void };
  TessBaseAPI: new () => BaseApi;
  destroy(object: object): void;
  getPointer(object: object): number;
  _emscripten_enum_PageIteratorLevel_RIL_TEXTLINE(): number;
  _emscripten_enum_PageIteratorLevel_RIL_WORD(): number;
  _emscripten_enum_PageIteratorLevel_RIL_SYMBOL(): number;
}

interface BaseApi {
  Init(datapath: string | null, language: string, oem: number, config: string): number;
  SetVariable(name: string, value: string): boolean;
  SetImageFile(exifOrientation: number, angle: number): number;
  Recognize(monitor: null): number;
  GetIterator(): ResultIterator;
  Clear(): void;
  End(): void;
}

interface ResultIterator {
  Begin(): void;
  Next(level: number): boolean;
  Empty(level: number): boolean;
  IsAtBeginningOf(level: number): boolean;
  GetUTF8Text(level: number): string;
  Confidence(level: number): number;
  getBoundingBox(level: number): Rect;
  getBaseline(level: number): Rect & { has_baseline: boolean };
  getRowAttributes(): { row_height: number; descenders: number; ascenders: number };
}

type CoreFactory = (options: { print(line: string): void; printErr(line: string): void }) => Promise<CoreModule>;

const require = createRequire(import.meta.url);

/** The fastest build this runtime runs (Node 24: relaxed SIMD), LSTM engine only, as tesseract.js picks it. */
async function loadCore(): Promise<CoreFactory> {
  const build = (await relaxedSimd()) ? 'relaxedsimd-lstm' : (await simd()) ? 'simd-lstm' : 'lstm';
  return require(`tesseract.js-core/tesseract-core-${build}`) as CoreFactory;
}

/** Tesseract's engine modes: 1 is the LSTM recogniser alone (the npm and Debian data both have it). */
const OEM_LSTM_ONLY = 1;

/**
 * Settings read at start. No word lists (system and frequent-word dawgs): faster recognition, the
 * same words read (docs/benchmarks.md, OCR, "Settings"). Tesseract's own messages ("Estimating
 * resolution", "Detected 121 diacritics") go nowhere rather than among the service's JSON log lines.
 */
const INIT_CONFIG = 'load_system_dawg 0\nload_freq_dawg 0\ndebug_file /dev/null\n';

/** A grey image: one byte per pixel, rows top to bottom. */
export interface GreyImage {
  grey: Uint8Array;
  width: number;
  height: number;
}

/** The image as a binary PGM (P5) file: Tesseract's reader takes it without decoding work. */
function toPgm({ grey, width, height }: GreyImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), grey]);
}

export interface Engine {
  /**
   * The text lines of one grey image, in Tesseract's reading order, read with page segmentation
   * mode `psm` (3: automatic layout, as Tesseract's command; 6: one block of text; 7: one line) at `dpi` (the
   * image carries no resolution). Lines with no text (rules, pictures) are left out.
   */
  read(image: GreyImage, psm: 3 | 6 | 7, dpi: number): OcrLine[];
  /** Frees the engine; its WebAssembly memory goes with its last reference. */
  end(): void;
}

/** Why an engine call failed, with the lines Tesseract wrote about it. */
function failure(what: string, messages: string[]): Error {
  return new Error(`${what}${messages.length > 0 ? `: ${messages.slice(-4).join(' | ')}` : ''}`);
}

/**
 * Starts an engine for `languages` ([code, file of `<code>.traineddata`, plain or gzipped]),
 * recognising them together (Tesseract's `eng+deu`). Fails, rather than hangs, on data Tesseract
 * cannot load.
 */
export async function startEngine(languages: ReadonlyArray<readonly [code: string, file: string]>): Promise<Engine> {
  const factory = await loadCore();
  let messages: string[] = [];
  const keep = (line: string) => {
    messages.push(line);
    if (messages.length > 20) messages = messages.slice(-10);
  };
  const core = await factory({ print: keep, printErr: keep });
  for (const [code, file] of languages) {
    core.FS.writeFile(`/${code}.traineddata`, unpackLanguageData(readFileSync(file)));
  }
  core.FS.writeFile('/config', INIT_CONFIG);
  const api = new core.TessBaseAPI();
  const status = api.Init(null, languages.map(([code]) => code).join('+'), OEM_LSTM_ONLY, '/config');
  // Tesseract holds the model in its own memory now: the files' copies can go.
  for (const [code] of languages) core.FS.unlink(`/${code}.traineddata`);
  if (status !== 0) {
    core.destroy(api);
    throw failure('the OCR engine could not load its language data', messages);
  }
  const TEXTLINE = core._emscripten_enum_PageIteratorLevel_RIL_TEXTLINE();
  const WORD = core._emscripten_enum_PageIteratorLevel_RIL_WORD();
  const SYMBOL = core._emscripten_enum_PageIteratorLevel_RIL_SYMBOL();
  let ended = false;
  return {
    read(image, psm, dpi) {
      if (ended) throw new Error('the OCR engine was stopped');
      messages = [];
      api.SetVariable('tessedit_pageseg_mode', String(psm));
      api.SetVariable('user_defined_dpi', String(dpi));
      // SetImageFile reads the file /input (tesseract.js-core's binding).
      core.FS.writeFile('/input', toPgm(image));
      try {
        if (api.SetImageFile(1, 0) !== 0) throw failure('the OCR engine could not read the page image', messages);
      } finally {
        core.FS.unlink('/input');
      }
      try {
        if (api.Recognize(null) !== 0) throw failure('the OCR engine failed on the page', messages);
        const it = api.GetIterator();
        if (core.getPointer(it) === 0) return [];
        const lines: OcrLine[] = [];
        try {
          // Character by character: a line is read at its first character, a word at its first,
          // and each keeps its parts.
          it.Begin();
          let line: OcrLine | undefined;
          let word: OcrWord | undefined;
          do {
            if (it.IsAtBeginningOf(TEXTLINE)) {
              line = undefined;
              const text = it.Empty(TEXTLINE) ? '' : it.GetUTF8Text(TEXTLINE);
              if (text.trim() !== '') {
                const { has_baseline: hasBaseline, x0, y0, x1, y1 } = it.getBaseline(TEXTLINE);
                const row = it.getRowAttributes();
                line = {
                  text,
                  confidence: it.Confidence(TEXTLINE),
                  bbox: it.getBoundingBox(TEXTLINE),
                  ...(hasBaseline ? { baseline: { x0, y0, x1, y1 } } : {}),
                  rowAttributes: { ascenders: row.ascenders, descenders: row.descenders, rowHeight: row.row_height },
                  words: [],
                };
                lines.push(line);
              }
            }
            if (!line) continue;
            if (it.IsAtBeginningOf(WORD)) {
              word = undefined;
              const text = it.Empty(WORD) ? '' : it.GetUTF8Text(WORD).trim();
              if (text !== '') {
                word = { text, bbox: it.getBoundingBox(WORD), symbols: [] };
                line.words!.push(word);
              }
            }
            if (!word || it.Empty(SYMBOL)) continue;
            const symbol = it.GetUTF8Text(SYMBOL);
            if (symbol.trim() !== '') word.symbols.push({ text: symbol, bbox: it.getBoundingBox(SYMBOL) });
          } while (it.Next(SYMBOL));
        } finally {
          core.destroy(it);
        }
        return lines;
      } finally {
        api.Clear();
      }
    },
    end() {
      if (ended) return;
      ended = true;
      api.End();
      core.destroy(api);
    },
  };
}

// ---- the engine's lifecycle: one per document worker thread, started on first use ----

let engine: { key: string; started: Promise<Engine> } | undefined;

/** This thread's engine for `languages` (read from `dataDir` when given), started when it has none for them. */
export function engineFor(languages: string[], dataDir?: string): Promise<Engine> {
  const key = `${languages.join('+')} ${dataDir ?? ''}`;
  if (engine?.key === key) return engine.started;
  void closeOcr();
  const started = startEngine(
    languages.map((code) => {
      const file = languageDataFile(code, dataDir);
      if (file === undefined) throw new Error(`no OCR data for ${code}`);
      return [code, file] as const;
    }),
  );
  ocrStats.enginesStarted++;
  engine = { key, started };
  started.catch(() => {
    if (engine?.started === started) engine = undefined;
  });
  return started;
}

/** Stops the engine of this thread (tests, benchmarks); the next OCR starts a new one. */
export async function closeOcr(): Promise<void> {
  clearTimeout(idleTimer);
  const e = engine;
  engine = undefined;
  (await e?.started.catch(() => undefined))?.end();
}

/**
 * How long the engine may sit without a page to read before it is stopped. Its WASM memory only
 * grows and a pool thread lives as long as the app, so an app that read one scan would otherwise
 * hold it for good. Stopped, the engine's memory goes with the thread's next garbage collection,
 * which an idle thread does not run: its next document frees it (docs/benchmarks.md,
 * OCR, "Memory"). The next scan starts a new engine, quickly beside the reading of a page.
 */
export const ENGINE_IDLE_MS = 60_000;

let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** A document's OCR begins: the engine is not stopped while it reads. */
export function holdEngine(): void {
  clearTimeout(idleTimer);
}

/** A document's OCR ended: the engine is stopped after `idleMs` without another. */
export function releaseEngine(idleMs: number = ENGINE_IDLE_MS): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void closeOcr(), idleMs);
  idleTimer.unref();
}

/** Pages read and engines started by this thread (tests: "no OCR work was done", "a new engine"). */
export const ocrStats = { pagesRead: 0, enginesStarted: 0 };
