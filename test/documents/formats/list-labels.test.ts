// List labels as office suites print them (src/documents/formats/list-labels.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  drawingNumberScheme,
  formatNumber,
  isMonospaceFont,
  odfNumberStyle,
} from '../../../src/documents/formats/list-labels.ts';

const numbers: [n: number, style: Parameters<typeof formatNumber>[1], want: string][] = [
  [3, 'arabic', '3'],
  [1, 'alpha-lower', 'a'],
  [26, 'alpha-lower', 'z'],
  [27, 'alpha-lower', 'aa'],
  [2, 'alpha-upper', 'B'],
  [4, 'roman-lower', 'iv'],
  [1994, 'roman-upper', 'MCMXCIV'],
  [5, 'none', ''],
];
for (const [n, style, want] of numbers)
  test(`formatNumber(${n}, ${style}) = '${want}'`, () => assert.equal(formatNumber(n, style), want));

const odf: [format: string | undefined, want: ReturnType<typeof odfNumberStyle>][] = [
  ['1', 'arabic'],
  ['a', 'alpha-lower'],
  ['A', 'alpha-upper'],
  ['i', 'roman-lower'],
  ['I', 'roman-upper'],
  ['', 'none'],
  ['١, ٢, ٣', 'arabic'],
  [undefined, undefined],
];
for (const [format, want] of odf)
  test(`odfNumberStyle(${JSON.stringify(format)}) = ${want}`, () => assert.equal(odfNumberStyle(format), want));

const schemes: [type: string | undefined, want: ReturnType<typeof drawingNumberScheme>][] = [
  ['arabicPeriod', { style: 'arabic', prefix: '', suffix: '.' }],
  ['alphaLcParenR', { style: 'alpha-lower', prefix: '', suffix: ')' }],
  ['romanUcPeriod', { style: 'roman-upper', prefix: '', suffix: '.' }],
  ['arabicParenBoth', { style: 'arabic', prefix: '(', suffix: ')' }],
  ['arabicPlain', { style: 'arabic', prefix: '', suffix: '' }],
  ['circleNumDbPlain', { style: 'arabic', prefix: '', suffix: '.' }],
  [undefined, { style: 'arabic', prefix: '', suffix: '.' }],
];
for (const [type, want] of schemes)
  test(`drawingNumberScheme(${type})`, () => assert.deepEqual(drawingNumberScheme(type), want));

const fonts: [name: string | undefined, want: boolean][] = [
  ['DejaVu Sans Mono', true],
  ['Courier New', true],
  ['Consolas', true],
  ['Liberation Mono', true],
  ['Source Code Pro', true],
  ['DejaVu Sans', false],
  ['Calibri', false],
  [undefined, false],
];
for (const [name, want] of fonts)
  test(`isMonospaceFont(${name}) = ${want}`, () => assert.equal(isMonospaceFont(name), want));
