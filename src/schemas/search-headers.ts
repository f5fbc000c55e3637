// The search service's headers (cloudAISearchEndpoint, cloudAISearchKey, indexName), shared by the
// deletion endpoint and the chunking endpoint's indexing by the service.
import { fail } from '../errors.ts';
import { header, parsePrintableAscii } from '../http/header-table.ts';
import { indexNameProblem } from '../core/index-name.ts';

const indexName = (value: string, wire: string): string => {
  const problem = indexNameProblem(parsePrintableAscii(value, wire));
  if (problem) throw fail('invalid_index_name_header', wire, problem);
  return value;
};

/**
 * The search service's headers, as the deletion endpoint requires them; the chunking endpoint
 * takes the same rules, optional, for indexing by the service.
 */
export const SEARCH_HEADERS = {
  endpoint: header({
    wire: 'cloudAISearchEndpoint',
    required: true,
    maxLength: 2048,
    parse: parsePrintableAscii,
    description:
      'Base URL of the search service; https, a host allowed by OUTBOUND_ALLOWED_HOSTS, public addresses only',
    example: 'https://svc.search.windows.net',
  }),
  key: header({
    wire: 'cloudAISearchKey',
    required: true,
    maxLength: 512,
    parse: parsePrintableAscii,
    description:
      'Admin key of the search service, passed through and never logged (a query key gets 403 from the service, hence 502)',
  }),
  indexName: header({
    wire: 'indexName',
    required: true,
    maxLength: 128,
    parse: indexName,
    description:
      'Index name, as Azure AI Search names them: 2 to 128 lowercase letters, digits, dashes or underscores, the first a letter or digit, no two dashes or underscores in a row',
    example: 'pdf-chunks',
  }),
};
