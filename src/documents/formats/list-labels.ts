// List numbers as office suites print them: the label of the n-th item of a numbered list in a
// numbering style (arabic, letters, roman numerals), with its prefix and suffix. Pure; used by the
// OpenDocument and PowerPoint readers, whose files store the style and not the label.

import { formatListNumber, type ListNumberFormat } from './list-number.ts';

export type NumberStyle = 'arabic' | 'alpha-lower' | 'alpha-upper' | 'roman-lower' | 'roman-upper' | 'none';

const FORMATS: Record<Exclude<NumberStyle, 'none'>, ListNumberFormat> = {
  arabic: 'decimal',
  'alpha-lower': 'lowerLetter',
  'alpha-upper': 'upperLetter',
  'roman-lower': 'lowerRoman',
  'roman-upper': 'upperRoman',
};

/** The n-th number (1-based) written in a style (list-number.ts spells it); '' for 'none'. */
export function formatNumber(n: number, style: NumberStyle): string {
  return style === 'none' ? '' : formatListNumber(n, FORMATS[style]);
}

/** ODF's style:num-format ("1", "a", "A", "i", "I", "" for none); undefined when it is no number. */
export function odfNumberStyle(format: string | undefined): NumberStyle | undefined {
  switch (format) {
    case '1':
      return 'arabic';
    case 'a':
      return 'alpha-lower';
    case 'A':
      return 'alpha-upper';
    case 'i':
      return 'roman-lower';
    case 'I':
      return 'roman-upper';
    case '':
      return 'none';
    default:
      return format === undefined ? undefined : 'arabic';
  }
}

/**
 * DrawingML's a:buAutoNum type ("arabicPeriod", "alphaLcParenR", "romanUcPeriod", ...) as a style
 * with its prefix and suffix; undefined for a scheme this does not know (read as arabic + ".").
 */
export function drawingNumberScheme(type: string | undefined): { style: NumberStyle; prefix: string; suffix: string } {
  const m = /^(arabic|alphaLc|alphaUc|romanLc|romanUc)(Period|ParenR|ParenBoth|Plain|Minus)?/.exec(type ?? '');
  const style: NumberStyle = m
    ? ({
        arabic: 'arabic',
        alphaLc: 'alpha-lower',
        alphaUc: 'alpha-upper',
        romanLc: 'roman-lower',
        romanUc: 'roman-upper',
      }[m[1]!] as NumberStyle)
    : 'arabic';
  switch (m?.[2]) {
    case 'ParenR':
      return { style, prefix: '', suffix: ')' };
    case 'ParenBoth':
      return { style, prefix: '(', suffix: ')' };
    case 'Plain':
      return { style, prefix: '', suffix: '' };
    case 'Minus':
      return { style, prefix: '- ', suffix: ' -' };
    default:
      return { style, prefix: '', suffix: '.' };
  }
}

/** Font names that set code: monospaced families (or a pitch the file declares fixed). */
export function isMonospaceFont(name: string | undefined): boolean {
  if (name === undefined) return false;
  return /mono|courier|consolas|menlo|monaco|typewriter|fixed|\bcode\b|inconsolata|lucida console|andale/i.test(name);
}
