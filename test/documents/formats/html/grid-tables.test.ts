import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  gridCell,
  gridColumns,
  isGridTable,
  startsGridRow,
} from '../../../../src/documents/formats/html/grid-tables.ts';
import { htmlBlocks } from '../../../../src/documents/formats/html/extract.ts';

test('isGridTable and gridColumns: Javadoc summary tables', async (t) => {
  const cases: [string, string, Record<string, string>, boolean, number | undefined][] = [
    ['three columns', 'div', { class: 'summary-table three-column-summary' }, true, 3],
    ['two columns', 'div', { class: 'summary-table two-column-summary' }, true, 2],
    ['no count named', 'div', { class: 'summary-table' }, true, undefined],
    ['a table element is a table already', 'table', { class: 'summary-table' }, false, undefined],
    ['another box', 'div', { class: 'summary' }, false, undefined],
  ];
  for (const [name, el, attrs, grid, cols] of cases)
    await t.test(name, () => {
      assert.equal(isGridTable(el, attrs), grid);
      assert.equal(gridColumns(attrs), cols);
    });
});

test('gridCell: header cells, cells, other boxes', async (t) => {
  const cases: [string, string, Record<string, string>, 'header' | 'cell' | undefined][] = [
    ['a header', 'div', { class: 'table-header col-first' }, 'header'],
    ['a first cell', 'div', { class: 'col-first even-row-color' }, 'cell'],
    ['a constructor name', 'div', { class: 'col-constructor-name odd-row-color' }, 'cell'],
    ['the last cell', 'div', { class: 'col-last even-row-color method-summary-table' }, 'cell'],
    ['a caption', 'div', { class: 'caption' }, undefined],
    ['a span', 'span', { class: 'col-first' }, undefined],
  ];
  for (const [name, el, attrs, want] of cases) await t.test(name, () => assert.equal(gridCell(el, attrs), want));
});

test('startsGridRow: rows by the column count, the header row by its end', async (t) => {
  const cases: [string, number | undefined, number, boolean, boolean][] = [
    ['the first cell', 3, 0, false, false],
    ['a row not full', 3, 2, false, false],
    ['a full row', 3, 3, false, true],
    ['count unknown: headers go on', undefined, 2, true, false],
    ['count unknown: the first data cell ends the header row', undefined, 3, false, true],
    ['nothing before', undefined, 0, false, false],
  ];
  for (const [name, cols, inRow, header, want] of cases)
    await t.test(name, () => assert.equal(startsGridRow(cols, inRow, header), want));
});

test("htmlBlocks: Javadoc's summary grid is read as rows under its header row", () => {
  const html =
    '<div class="summary-table three-column-summary">\n<div class="table-header col-first">Modifier and Type</div>\n' +
    '<div class="table-header col-second">Field</div>\n<div class="table-header col-last">Description</div>\n' +
    '<div class="col-first even-row-color"><code>static final char</code></div>\n' +
    '<div class="col-second even-row-color"><code><a href="#CR" class="member-name-link">CR</a></code></div>\n' +
    '<div class="col-last even-row-color">\n<div class="block">Carriage return.</div>\n</div>\n' +
    '<div class="col-first odd-row-color"><code>static final char</code></div>\n' +
    '<div class="col-second odd-row-color"><code><a href="#LF" class="member-name-link">LF</a></code></div>\n' +
    '<div class="col-last odd-row-color">\n<div class="block">Line feed.</div>\n</div>\n</div><p id="CR">After.</p><p id="LF">x</p>';
  assert.deepEqual(
    htmlBlocks(html).map((b) => `${b.kind}:${b.text}`),
    [
      'row:Modifier and Type | Field | Description',
      'row:static final char | CR | Carriage return.',
      'row:static final char | LF | Line feed.',
      'paragraph:After.',
      'paragraph:x',
    ],
  );
});
