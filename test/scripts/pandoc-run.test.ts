import { test } from 'node:test';
import assert from 'node:assert/strict';
import { yamlRetryFormat } from '../../scripts/quality/pandoc-run.ts';

test('yamlRetryFormat: a Markdown file whose "---" rule pandoc read as YAML is read again without that extension', async (t) => {
  const yaml = 'YAML parse exception at line 9, column 0,\nwhile scanning for the next token:';
  const cases: [string, string, string | undefined][] = [
    ['troubleshooting.md', yaml, 'markdown-yaml_metadata_block'],
    ['guide.markdown', yaml, 'markdown-yaml_metadata_block'],
    ['README.MD', yaml, 'markdown-yaml_metadata_block'],
    ['page.html', yaml, undefined], // not Markdown: no such extension to drop
    ['report.docx', 'Could not unzip', undefined],
    ['notes.md', 'pandoc: notes.md: withBinaryFile: does not exist', undefined], // another failure stays one
    ['notes.md', '', undefined],
  ];
  for (const [file, stderr, want] of cases)
    await t.test(`${file}: ${stderr.slice(0, 24) || '(no message)'}`, () =>
      assert.equal(yamlRetryFormat(file, stderr), want),
    );
});
