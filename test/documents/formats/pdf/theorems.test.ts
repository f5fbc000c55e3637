import assert from 'node:assert/strict';
import test from 'node:test';
import { notHeadingKind } from '../../../../src/documents/formats/pdf/headings.ts';
import { isTheoremHead } from '../../../../src/documents/formats/pdf/theorems.ts';

test('isTheoremHead: theorem-like heads and proofs, not section titles', async (t) => {
  const cases: [string, boolean][] = [
    ['Theorem 2.1', true],
    ['Lemma 3', true],
    ['Corollary 1.3', true],
    ['Lemma 3 (Zorn).', true],
    ['Definition 4 (Order). A relation is an order if', true],
    ['Theorem 1.1. Every bounded sequence has a convergent subsequence.', true],
    ['Proposition A.2', true],
    ['Proof.', true],
    ['Remark.', false],
    ['Definition (Order).', true],
    ['Théorème 3', true],
    ['Satz 2.4 (Bolzano–Weierstraß)', true],
    ['Teorema 1.', true],
    ['Demostración.', true],
    // Section titles.
    ['Definition', false],
    ['Proof', false],
    ['Definitions', false],
    ['Proofs and theorems', false],
    ['Theorem proving in Why3', false],
    ['Proof of the main theorem', false],
    ['3.1 Theorems and proofs', false],
  ];
  for (const [text, want] of cases) await t.test(text, () => assert.equal(isTheoremHead(text), want));
});

test('notHeadingKind: a theorem head is no heading', () => {
  assert.equal(notHeadingKind('Theorem 2.1'), 'caption');
  assert.equal(notHeadingKind('Proof.'), 'caption');
  assert.equal(notHeadingKind('Theorem proving'), null);
});
