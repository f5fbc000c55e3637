/**
 * A PDF without an outline has no reference headings for its chunks' labels. Its fonts still show
 * them: the lines set wholly in the face and size of its section headings (a man page's `.SH`
 * titles, set by groff in bold a point over the text, every one a line of its own) are headings.
 * The label measure counts a label that is one of them as right, whatever its words read like
 * ("SEE ALSO", "EXAMPLES", "NOTES" are a man page's sections, not admonitions).
 */
import { monospacedFamily, type XmlFragment } from './pdf-code.ts';

interface StyleUse {
  /** Characters set in the style. */
  chars: number;
  /** Characters of lines set wholly in the style. */
  whole: number;
  /** Lines set wholly in the style. */
  lines: number;
  size: number;
  mono: boolean;
}

// A face: family (subset prefix aside), size, bold or not (gropdf names one family for both).
const styleOf = (f: XmlFragment) =>
  `${(f.family ?? '').replace(/^[A-Z]{6}\+/, '')}|${f.size ?? f.height}|${f.bold === true ? 'b' : ''}`;

/**
 * The texts of the lines set wholly in a heading face: a face (family and size) other than the
 * body's (the one most characters are set in), not typewriter, at least the body's size, whose
 * characters stand at least 80 % in lines of their own (a face used inline, a bold word in a
 * sentence or a list's term before its text, is no heading face), at least 2 such lines and at
 * most a fifth of the document's characters; at the body's size, only lines off the body's text left.
 * Lines are the fragments of one page at one top.
 */
export function faceHeadings(fragments: readonly XmlFragment[]): string[] {
  const lines = new Map<string, XmlFragment[]>();
  // Each page's first and last line (a running head and foot) count for no face's left.
  const edges = new Map<number, [number, number]>();
  for (const f of fragments) {
    const e = edges.get(f.page);
    if (!e) edges.set(f.page, [f.top, f.top]);
    else {
      if (f.top < e[0]) e[0] = f.top;
      if (f.top > e[1]) e[1] = f.top;
    }
    const key = `${f.page}|${f.top}`;
    const l = lines.get(key);
    if (l) l.push(f);
    else lines.set(key, [f]);
  }
  const uses = new Map<string, StyleUse>();
  let total = 0;
  const wholeLines: [string, string, number][] = [];
  // The lefts lines start at, by face.
  const lefts = new Map<string, Map<number, number>>();
  for (const parts of lines.values()) {
    parts.sort((a, b) => a.left - b.left);
    const first = styleOf(parts[0]!);
    const edge = edges.get(parts[0]!.page)!;
    if (parts[0]!.top !== edge[0] && parts[0]!.top !== edge[1]) {
      let byLeft = lefts.get(first);
      if (!byLeft) lefts.set(first, (byLeft = new Map<number, number>()));
      byLeft.set(parts[0]!.left, (byLeft.get(parts[0]!.left) ?? 0) + 1);
    }
    let one = true;
    for (const f of parts) {
      const s = styleOf(f);
      if (s !== first) one = false;
      let u = uses.get(s);
      if (!u) uses.set(s, (u = { chars: 0, whole: 0, lines: 0, size: f.size ?? f.height, mono: f.mono }));
      u.chars += f.text.length;
      total += f.text.length;
    }
    if (!one) continue;
    const text = parts
      .map((f) => f.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const u = uses.get(first)!;
    u.whole += text.length;
    u.lines++;
    wholeLines.push([first, text, parts[0]!.left]);
  }
  let body: StyleUse | undefined;
  let bodyStyle = '';
  for (const [s, u] of uses)
    if (!body || u.chars > body.chars) {
      body = u;
      bodyStyle = s;
    }
  if (!body) return [];
  // The body's left: the least left where at least 5 % of its lines start (a man page's paragraphs
  // at its indent, its option descriptions further in; running heads and feet aside).
  const bodyLefts = lefts.get(bodyStyle) ?? new Map<number, number>();
  let bodyLines = 0;
  for (const n of bodyLefts.values()) bodyLines += n;
  let bodyLeft = Infinity;
  for (const [left, n] of bodyLefts) if (n >= bodyLines * 0.05 && left < bodyLeft) bodyLeft = left;
  const bodySize = body.size;
  const faces = new Set<string>();
  for (const [s, u] of uses)
    if (
      u !== body &&
      !u.mono &&
      !monospacedFamily(s.slice(0, s.indexOf('|'))) &&
      u.size >= body.size &&
      u.lines >= 2 &&
      u.whole >= u.chars * 0.8 &&
      u.chars <= total * 0.2
    )
      faces.add(s);
  // A face at the body's size heads only off the body's text left (a man page's .SH and .SS
  // titles left of it, a printed web page's <h5> indented); at the text's left it is a list's
  // term (a man page's .TP tag set wholly in bold over its indented description).
  return wholeLines
    .filter(
      ([s, t, left]) =>
        faces.has(s) &&
        (uses.get(s)!.size > bodySize || Math.abs(left - bodyLeft) > 2) &&
        t.length <= 120 &&
        /\p{L}{2}/u.test(t),
    )
    .map(([, t]) => t);
}
