// escapeHtml: text into the pages the service writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml } from '../../src/http/html.ts';

test('escapeHtml escapes the five characters', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});
