// pandoc as the quality report's reference reader, with one retry: pandoc's Markdown takes any
// `---` line after a blank line as the start of a YAML metadata block, so a document that uses
// `---` as a rule between sections (podman's troubleshooting guide: "---" then "### 1) Variety of
// issues ...") fails as "YAML parse exception" where CommonMark and GitHub see rules. Then the
// file is read again without pandoc's YAML extension: its rules are rules, and front matter at
// its top (if any) is read as text (what the measures then count against the chunks, which
// have none: a document that fails so is said to be in the report's stderr line).
import { execFileSync } from 'node:child_process';
import { extname } from 'node:path';

/** The input format to read a file as again after pandoc failed with `stderr`, or none. */
export function yamlRetryFormat(file: string, stderr: string): string | undefined {
  if (!/^\.(?:md|markdown|mdown|mkd)$/i.test(extname(file))) return undefined;
  return /YAML parse exception/i.test(stderr) ? 'markdown-yaml_metadata_block' : undefined;
}

/** `pandoc ARGS FILE`'s output, read again as yamlRetryFormat says when pandoc's YAML fails. */
export function runPandoc(args: readonly string[], file: string): string {
  try {
    return execFileSync('pandoc', [...args, file], { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] }).toString(
      'utf8',
    );
  } catch (err) {
    const e = err as { code?: string; stderr?: Buffer };
    if (e.code === 'ENOENT')
      throw new Error('pandoc is missing: apt-get install pandoc (the reference for DOCX/HTML/Markdown quality)');
    const format = yamlRetryFormat(file, e.stderr?.toString('utf8') ?? '');
    if (!format) throw err;
    process.stderr.write(`${file}: pandoc's YAML metadata failed on a "---" line; read as ${format}\n`);
    return execFileSync('pandoc', ['-f', format, ...args, file], { maxBuffer: 1 << 30 }).toString('utf8');
  }
}
