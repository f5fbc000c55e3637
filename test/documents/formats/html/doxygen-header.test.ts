import { test } from 'node:test';
import assert from 'node:assert/strict';
import { doxygenHeaderPart, type DoxygenHeaderPart } from '../../../../src/documents/formats/html/doxygen-header.ts';

test('doxygenHeaderPart: the parts of Doxygen’s page header, by their nesting', async (t) => {
  const cases: [string, string, string[], DoxygenHeaderPart | undefined, DoxygenHeaderPart | undefined][] = [
    ['the header', 'div', ['header'], undefined, 'header'],
    ['its title box', 'div', ['headertitle'], 'header', 'headertitle'],
    ['the links bar over a class page', 'div', ['summary'], 'header', 'summary'],
    ['the title', 'div', ['title'], 'headertitle', 'title'],
    ['the groups inside the title', 'div', ['ingroups'], 'title', 'ingroups'],
    ['a title outside a header title box', 'div', ['title'], undefined, undefined],
    ['a summary outside the header (a site’s own)', 'div', ['summary'], undefined, undefined],
    ['a summary under the title box, not the header', 'div', ['summary'], 'headertitle', undefined],
    ['a heading element with the class', 'h1', ['title'], 'headertitle', undefined],
    ['another box in the header', 'div', ['contents'], 'header', undefined],
  ];
  for (const [name, el, classes, parent, want] of cases)
    await t.test(name, () => assert.equal(doxygenHeaderPart(el, classes, parent), want));
});
