// Optional content hidden by default, shown for the reference (scripts/quality/optional-content.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { showAllOptionalContent } from '../../scripts/quality/optional-content.ts';

test('showAllOptionalContent: the default configuration hides nothing, every length kept', async (t) => {
  const cases: [name: string, qdf: string, want: string][] = [
    [
      // A ConTeXt stepper deck: every step's group listed OFF in the default configuration.
      'an OFF list',
      '/D <<\n  /BaseState /ON\n  /OFF [\n    7 0 R\n    12 0 R\n  ]\n  /ON [\n  ]\n>>',
      '/D <<\n  /BaseState /ON\n  /XFF [\n    7 0 R\n    12 0 R\n  ]\n  /ON [\n  ]\n>>',
    ],
    ['an OFF base state', '/D << /BaseState /OFF /ON [ 7 0 R ] >>', '/D << /BaseState /ON  /ON [ 7 0 R ] >>'],
    // A usage dictionary's states are no configuration's.
    ['a usage state stays', '/Usage << /View << /ViewState /OFF >> >>', '/Usage << /View << /ViewState /OFF >> >>'],
    [
      'no optional content: as it was',
      '1 0 obj\n<< /Type /Catalog >>\nendobj',
      '1 0 obj\n<< /Type /Catalog >>\nendobj',
    ],
  ];
  for (const [name, qdf, want] of cases)
    await t.test(name, () => {
      const out = showAllOptionalContent(qdf);
      assert.equal(out, want);
      assert.equal(out.length, qdf.length);
    });
});
