// Azure AI Search index names (https://learn.microsoft.com/rest/api/searchservice/naming-rules):
// 2 to 128 characters, lower-case letters, digits, dashes and underscores, the first a letter
// or a digit, no two dashes or underscores in a row. One rule for the deletion endpoint, the
// index-definition helper and the local emulator.

export const INDEX_NAME_MIN = 2;
export const INDEX_NAME_MAX = 128;

/** Why `name` is not a valid index name (a phrase to follow "Index name"), or undefined when it is. */
export function indexNameProblem(name: string): string | undefined {
  if (name.length < INDEX_NAME_MIN || name.length > INDEX_NAME_MAX)
    return `must be ${INDEX_NAME_MIN} to ${INDEX_NAME_MAX} characters`;
  if (!/^[a-z0-9_-]+$/.test(name)) return 'may hold only lowercase letters, digits, dashes and underscores';
  if (!/^[a-z0-9]/.test(name)) return 'must start with a letter or digit';
  if (/[-_]{2}/.test(name)) return 'must not hold two dashes or underscores in a row';
  return undefined;
}
