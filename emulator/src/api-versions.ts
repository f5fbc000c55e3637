/**
 * The `api-version` values each emulated service answers; any other is refused the way Azure
 * refuses it (search: 400, embeddings: 404 `Resource not found`).
 *
 * Search: the stable and preview data-plane versions listed at
 * https://learn.microsoft.com/rest/api/searchservice/search-service-api-versions, plus 2026-04-01,
 * the default of `@azure/search-documents` 13 (`defaultServiceVersion` in its serviceUtils.js).
 * Embeddings: the Azure OpenAI inference versions with a published specification
 * (azure-rest-api-specs, specification/cognitiveservices/data-plane/AzureOpenAI/inference).
 * The `openai` package has no default: its `AzureOpenAI` client sends whatever `apiVersion` says.
 *
 * The emulator answers every listed version with the same behaviour (that of 2024-07-01 for
 * search and 2024-02-01 for embeddings, plus the newer fields this emulator knows: index
 * `description`, embeddings `dimensions` and `encoding_format`).
 */

export const SEARCH_API_VERSIONS: ReadonlySet<string> = new Set([
  '2019-05-06',
  '2020-06-30',
  '2023-11-01',
  '2024-07-01',
  '2025-09-01',
  '2026-04-01',
  '2019-05-06-preview',
  '2020-06-30-preview',
  '2021-04-30-preview',
  '2023-07-01-preview',
  '2023-10-01-preview',
  '2024-03-01-preview',
  '2024-05-01-preview',
  '2024-09-01-preview',
  '2024-11-01-preview',
  '2025-03-01-preview',
  '2025-05-01-preview',
  '2025-08-01-preview',
  '2025-11-01-preview',
]);

export const EMBEDDINGS_API_VERSIONS: ReadonlySet<string> = new Set([
  '2022-12-01',
  '2023-05-15',
  '2024-02-01',
  '2024-06-01',
  '2024-10-21',
  '2023-03-15-preview',
  '2023-06-01-preview',
  '2023-07-01-preview',
  '2023-08-01-preview',
  '2023-09-01-preview',
  '2023-12-01-preview',
  '2024-02-15-preview',
  '2024-03-01-preview',
  '2024-04-01-preview',
  '2024-05-01-preview',
  '2024-07-01-preview',
  '2024-08-01-preview',
  '2024-09-01-preview',
  '2024-10-01-preview',
  '2024-12-01-preview',
  '2025-01-01-preview',
  '2025-02-01-preview',
  '2025-03-01-preview',
  '2025-04-01-preview',
]);

/** Whether `version` is one of `known` (the `-preview` suffix in any case, as Azure takes it). */
export function isKnownApiVersion(known: ReadonlySet<string>, version: string): boolean {
  return known.has(version.toLowerCase());
}
