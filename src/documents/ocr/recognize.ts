// One page image -> its text lines in PDF units: read by the engine (automatic layout), cleaned
// first when the scan is speckled, read again where ink was left unread.

import type { Rendered } from './render.ts';
import { engineFor, closeOcr, ocrStats, type Engine } from './engine.ts';
import { crop, gauss3, inkRegions, isNoisy, median3, thinPrint, type Box } from './filters.ts';
import { type PlacedLine, joinPieces, noiseLine, toTextLines } from './text-lines.ts';
import { CELL_AT_150, MAX_REGIONS, inkVouched, readDropped, readRests, rereadDoubtful } from './reread.ts';
import { shift } from './geometry.ts';
import { LIGHT_INK, glyphAt, glyphsWithin, inkColumnRuns, inkShape, reboxedOnInk } from './glyph-ink.ts';
import { withoutFalseSpaces } from './false-spaces.ts';
import { withNarrowZeros } from './narrow-zeros.ts';
import { lowestInkRow, withPoundF, withTexLogos } from './logos.ts';
import { linePitches } from './typewriter.ts';
import {
  atShape,
  braceShape,
  bracketShape,
  caretShape,
  crossShape,
  cupShape,
  dashGlyph,
  percentShape,
  raisedGlyph,
  withAtSigns,
  withBrackets,
  withCarets,
  withDashes,
  withDots,
  withPlusSigns,
  withSign,
} from './signs.ts';
import {
  accentShape,
  oneShape,
  openShape,
  ownGlyphs,
  twinReadings,
  withAccents,
  withBullet,
  withLowZeros,
  withOnes,
  withOpenC,
  withTwinReadings,
} from './letters.ts';

/**
 * Reads one rendered page with automatic page segmentation (PSM 3). A speckled page (`isNoisy`)
 * is read after a 3x3 median, or after a 3x3 Gaussian blur when its print is thin (`thinPrint`):
 * the median would erase one-pixel strokes (Computer Modern at 150 dpi lost 2-3 % of its words to
 * it). Then it is read once more where the median image still has ink but that reading returned
 * no line (`inkRegions`): Tesseract's layout can take a block of text for a picture even after the
 * median (a page's figure then fell to 58-88 %), and each such region is read as one block of
 * text (PSM 6), which has no picture detection. The second pass reads only those regions, so it
 * costs little; a clean page is read once, as before.
 */
export async function recognize(
  image: Rendered,
  languages: string[],
  origin: readonly [number, number] = [0, 0],
  dataDir?: string,
): Promise<PlacedLine[]> {
  const engine = await engineFor(languages, dataDir);
  try {
    return readImage(engine, image, origin);
  } catch (err) {
    // A failure inside the engine (an image it could not take, a WebAssembly trap) may leave it
    // unusable: it is stopped, and the next page starts a new one.
    await closeOcr();
    throw err;
  }
}

function readImage(engine: Engine, image: Rendered, origin: readonly [number, number]): PlacedLine[] {
  const { width, height } = image;
  const noisy = isNoisy(image.grey, width, height);
  const clean = noisy ? median3(image.grey, width, height) : image.grey;
  let read = clean;
  if (noisy) {
    const blurred = gauss3(image.grey, width, height);
    if (thinPrint(blurred, width, height)) read = blurred;
  }
  const dpi = Math.round(image.scale * 72);
  const lines = engine.read({ grey: read, width, height }, 3, dpi);
  ocrStats.pagesRead++;
  if (noisy) {
    const kept = lines.filter((l) => !noiseLine(l.text, false, l.confidence));
    const cell = Math.max(4, Math.round((CELL_AT_150 * image.scale * 72) / 150));
    const regions = inkRegions(
      clean,
      width,
      height,
      kept.map((l) => l.bbox),
      cell,
    ).slice(0, MAX_REGIONS);
    for (const b of regions) {
      const found = engine
        .read({ grey: crop(read, width, b), width: b.x1 - b.x0, height: b.y1 - b.y0 }, 6, dpi)
        .map((l) => shift(l, b.x0, b.y0));
      // In reading order: before the first line of the first pass that starts below the region.
      const at = lines.findIndex((l) => l.bbox.y0 >= b.y0 + (b.y1 - b.y0) / 2);
      lines.splice(at < 0 ? lines.length : at, 0, ...found);
    }
  }
  const whole = readRests(
    engine,
    { grey: read, width, height },
    readDropped(engine, { grey: read, width, height }, lines, dpi),
    dpi,
  );
  const doubtless = rereadDoubtful(engine, { grey: read, width, height }, whole, dpi);
  // Each line's runs of inked columns, found once: for its re-boxing and its false spaces.
  const runs = doubtless.map((l) => inkColumnRuns(read, width, l.bbox));
  const reboxedLines = doubtless.map((l, index) => reboxedOnInk(l, read, width, runs[index]));
  // Braces are told on typewriter lines only: a roman parenthesis at 200 dpi is a few pixels wide.
  const typewriter = linePitches(reboxedLines).map((p) => p !== undefined);
  // A typewriter word in a line of prose, cut at a narrow letter, is one word (a typewriter line's
  // cells set its spaces later).
  const boxed = reboxedLines.map((l, index) => (typewriter[index] ? l : withoutFalseSpaces(l, runs[index]!)));
  const sure = boxed.map((l, index) => {
    // The glyph under each character box found once, for the cross, caret and bracket tests.
    const found = new Map<string, ReturnType<typeof glyphAt>>();
    const glyph = (b: Box) => {
      const key = `${b.x0} ${b.y0} ${b.x1} ${b.y1}`;
      if (!found.has(key)) found.set(key, glyphAt(read, width, b, l.bbox));
      return found.get(key);
    };
    const carets = withCarets(
      withPlusSigns(
        withBullet(l, (b) => inkShape(read, width, b)),
        (b) => crossShape(glyph(b)?.ink),
      ),
      (b) => {
        const g = glyph(b);
        return g && raisedGlyph(g.bottom, l.bbox) && caretShape(g.ink) ? g.x0 : undefined;
      },
    );
    const brackets = withBrackets(carets, (b) => {
      const g = glyph(b);
      const bracket = bracketShape(g?.ink) ?? (typewriter[index] ? braceShape(g?.ink) : undefined);
      return g && { x0: g.x0, ...(bracket ? { bracket } : {}) };
    });
    const percents = withSign(brackets, '%', (b) => {
      const g = glyph(b);
      return g && { x0: g.x0, sign: percentShape(g.ink) };
    });
    const spaces = withSign(percents, '\u2423', (b) => {
      const g = glyph(b);
      return g && { x0: g.x0, sign: cupShape(g.ink) };
    });
    const ats = typewriter[index]
      ? withOnes(
          withLowZeros(
            withOpenC(
              withAtSigns(spaces, (b) => atShape(glyph(b)?.ink)),
              (b) => openShape(glyphAt(read, width, b, l.bbox, LIGHT_INK)?.ink),
            ),
            (b) => {
              const g = glyph(b);
              return g && g.bottom - g.top + 1;
            },
          ),
          (b) => oneShape(glyph(b)?.ink),
        )
      : spaces;
    const dashes = typewriter[index]
      ? withDots(
          withDashes(ats, (x0, x1) => {
            // At the light threshold: grey print (a listing's string literals) has its bars whole.
            const glyphs = glyphsWithin(read, width, l.bbox, x0, x1, LIGHT_INK);
            return glyphs.every((g) => dashGlyph(g, l.bbox)) ? glyphs : undefined;
          }),
          (x0, x1) => glyphsWithin(read, width, l.bbox, x0, x1, LIGHT_INK),
        )
      : ats;
    const accented = withPoundF(
      withTexLogos(
        withAccents(dashes, (b) => accentShape(glyph(b)?.ink)),
        (x0, x1) => lowestInkRow(read, width, l.bbox, x0, x1),
      ),
    );
    // A zero read `O` in proportional type (labels `c0 m0 y0 k0` read `yO kO`), told by its narrow ring.
    return typewriter[index] ? accented : withNarrowZeros(accented, (b) => glyph(b)?.ink);
  });
  // Each typewriter glyph read as its twins on the page are read (after the tests above).
  const boxKey = (b: Box) => `${b.x0} ${b.y0} ${b.x1} ${b.y1}`;
  const own = sure.map((l, index) => (typewriter[index] ? ownGlyphs(l, (b) => glyphAt(read, width, b, l.bbox)) : []));
  const readings = twinReadings(own.flat().map((o) => ({ text: o.text, ink: o.glyph.ink })));
  let at = 0;
  const twins = sure.map((l, index) => {
    const byBox = new Map<string, string>();
    // The characters the twins read (as read or otherwise): their ink has told them.
    const told = new Set<string>();
    for (const o of own[index]!) {
      const r = readings[at++];
      if (r === undefined) continue;
      told.add(boxKey(o.symbol));
      if (r !== o.text) byBox.set(boxKey(o.symbol), r);
      if (o.double) byBox.set(boxKey(o.double), '');
    }
    const line = byBox.size > 0 ? withTwinReadings(l, (b) => byBox.get(boxKey(b))) : l;
    if (!typewriter[index]) return line;
    // A doubtful line whose characters its ink tells, by a sign's shape or by its twins, is kept.
    return inkVouched(line, (text, b) => {
      if (told.has(boxKey(b))) return true;
      const ink = glyphAt(read, width, b, l.bbox)?.ink;
      if (text === '{' || text === '}') return braceShape(ink) === text;
      if (text === '[' || text === ']') return bracketShape(ink) === text;
      if (text === '%') return percentShape(ink);
      return false;
    });
  });
  return toTextLines(joinPieces(twins), image.scale, image.height, origin);
}
