/**
 * Index definition validation (azure-contracts.md section 3), for PUT/POST /indexes and
 * `Emulator.createIndex`.
 */
import type { IndexDefinition, IndexField } from '../types.ts';
import { SearchError, invalidRequest, shown, unknownProperty } from './errors.ts';
import { indexNameProblem } from '../../../src/core/index-name.ts';

const INDEX_TYPE = 'Microsoft.Azure.Search.V2024_07_01.Index';
const FIELD_TYPE = 'Microsoft.Azure.Search.V2024_07_01.Field';

const INDEX_PROPERTIES = new Set([
  'name',
  'description',
  'fields',
  'vectorSearch',
  'scoringProfiles',
  'defaultScoringProfile',
  'corsOptions',
  'suggesters',
  'analyzers',
  'tokenizers',
  'tokenFilters',
  'charFilters',
  'normalizers',
  'encryptionKey',
  'similarity',
  'semantic',
  '@odata.etag',
  '@odata.context',
]);
const FIELD_PROPERTIES = new Set([
  'name',
  'type',
  'key',
  'searchable',
  'filterable',
  'sortable',
  'facetable',
  'retrievable',
  'stored',
  'analyzer',
  'searchAnalyzer',
  'indexAnalyzer',
  'normalizer',
  'dimensions',
  'vectorSearchProfile',
  'vectorEncoding',
  'synonymMaps',
  'fields',
]);
const BOOLEAN_ATTRIBUTES = [
  'key',
  'searchable',
  'filterable',
  'sortable',
  'facetable',
  'retrievable',
  'stored',
] as const;

export const SCALAR_TYPES = new Set([
  'Edm.String',
  'Edm.Int32',
  'Edm.Int64',
  'Edm.Double',
  'Edm.Boolean',
  'Edm.DateTimeOffset',
  'Edm.GeographyPoint',
]);
export const VECTOR_TYPES = new Set([
  'Collection(Edm.Single)',
  'Collection(Edm.Half)',
  'Collection(Edm.Int16)',
  'Collection(Edm.SByte)',
  'Collection(Edm.Byte)',
]);
const COLLECTION_TYPES = new Set([
  'Collection(Edm.String)',
  'Collection(Edm.Int32)',
  'Collection(Edm.Int64)',
  'Collection(Edm.Double)',
  'Collection(Edm.Boolean)',
  'Collection(Edm.DateTimeOffset)',
  'Collection(Edm.GeographyPoint)',
]);

const HNSW_RANGES = { m: [4, 10], efConstruction: [100, 1000], efSearch: [100, 1000] } as const;
const METRICS = new Set(['cosine', 'euclidean', 'dotProduct', 'hamming']);
export const MIN_DIMENSIONS = 2;
export const MAX_DIMENSIONS = 3072;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function bad(details: string): SearchError {
  return invalidRequest(`definition : ${details}`, 'InvalidRequestParameter');
}

export function isVectorType(type: string): boolean {
  return VECTOR_TYPES.has(type);
}

export function isStringType(type: string): boolean {
  return type === 'Edm.String' || type === 'Collection(Edm.String)';
}

export function isCollectionType(type: string): boolean {
  return type.startsWith('Collection(');
}

/**
 * Validate a definition and return it with every attribute filled in. `nameFromUrl`: the name in
 * `PUT /indexes/{name}` (the body's name, if any, must match it).
 */
export function validateIndexDefinition(raw: unknown, nameFromUrl?: string): IndexDefinition {
  if (!isObject(raw)) throw invalidRequest('The index definition must be a JSON object.');
  for (const prop of Object.keys(raw)) {
    if (!INDEX_PROPERTIES.has(prop)) throw invalidRequest(unknownProperty(prop, INDEX_TYPE));
  }
  let name = raw['name'];
  if (name === undefined && nameFromUrl !== undefined) name = nameFromUrl;
  if (typeof name !== 'string' || name.length === 0) throw bad('The index name is required.');
  if (nameFromUrl !== undefined && name !== nameFromUrl) {
    throw invalidRequest(
      `The index name '${nameFromUrl}' in the request URI does not match the index name '${name}' in the request body.`,
    );
  }
  const problem = indexNameProblem(name);
  if (problem !== undefined) {
    throw bad(
      `Invalid index name '${name}': it ${problem}. Index names hold 2 to 128 lowercase letters, digits, dashes or underscores, start with a letter or digit, and have no two dashes or underscores in a row.`,
    );
  }

  const vectorSearch = validateVectorSearch(raw['vectorSearch']);
  const profileNames = new Set((vectorSearch?.profiles ?? []).map((p) => p.name));

  const rawFields = raw['fields'];
  if (!Array.isArray(rawFields) || rawFields.length === 0) throw bad('The index must have at least one field.');
  const seen = new Set<string>();
  const fields: IndexField[] = [];
  for (const f of rawFields) fields.push(validateField(f, seen, profileNames));
  const keys = fields.filter((f) => f.key);
  if (keys.length !== 1)
    throw bad(
      keys.length === 0
        ? 'The index must have a key field.'
        : `The index has ${keys.length} key fields; exactly one is allowed.`,
    );

  const out: IndexDefinition = { ...raw, name, fields };
  delete out['@odata.context'];
  delete out['@odata.etag'];
  if (vectorSearch !== undefined) out.vectorSearch = vectorSearch;
  return out;
}

function validateField(raw: unknown, seen: Set<string>, profileNames: Set<string>): IndexField {
  if (!isObject(raw)) throw bad('Every field must be a JSON object.');
  for (const prop of Object.keys(raw)) {
    if (!FIELD_PROPERTIES.has(prop)) throw invalidRequest(unknownProperty(prop, FIELD_TYPE));
  }
  const name = raw['name'];
  if (typeof name !== 'string' || name.length === 0) throw bad('Every field must have a name.');
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || name.length > 128 || name.startsWith('azureSearch')) {
    throw bad(
      `Invalid field name '${name}'. Field names must start with a letter, contain only letters, digits or underscores, and be at most 128 characters.`,
    );
  }
  if (seen.has(name)) throw bad(`The field '${name}' is defined more than once.`);
  seen.add(name);
  const type = raw['type'];
  if (typeof type !== 'string') throw bad(`The field '${name}' must have a type.`);
  if (type === 'Edm.ComplexType' || type === 'Collection(Edm.ComplexType)') {
    throw bad(`Field '${name}': complex fields are not supported by the local emulator.`);
  }
  if (!SCALAR_TYPES.has(type) && !VECTOR_TYPES.has(type) && !COLLECTION_TYPES.has(type)) {
    throw bad(`Field '${name}' has an invalid data type '${type}'.`);
  }
  for (const attr of BOOLEAN_ATTRIBUTES) {
    if (raw[attr] !== undefined && typeof raw[attr] !== 'boolean')
      throw bad(`Field '${name}': '${attr}' must be true or false.`);
  }
  const given = (attr: (typeof BOOLEAN_ATTRIBUTES)[number]): boolean | undefined => raw[attr] as boolean | undefined;
  const vector = isVectorType(type);
  const collection = isCollectionType(type);
  const key = given('key') ?? false;

  if (key && type !== 'Edm.String') throw bad(`The key field '${name}' must be of type Edm.String (found '${type}').`);
  if (key && given('retrievable') === false) throw bad(`The key field '${name}' must be retrievable.`);

  let field: IndexField;
  if (vector) {
    if (given('searchable') === false) throw bad(`Vector field '${name}' must be searchable.`);
    for (const attr of ['filterable', 'sortable', 'facetable', 'key'] as const) {
      if (given(attr) === true) throw bad(`Vector field '${name}' cannot be ${attr === 'key' ? 'the key' : attr}.`);
    }
    const dims = raw['dimensions'];
    if (typeof dims !== 'number' || !Number.isInteger(dims) || dims < MIN_DIMENSIONS || dims > MAX_DIMENSIONS) {
      throw bad(
        `Vector field '${name}' must have 'dimensions' between ${MIN_DIMENSIONS} and ${MAX_DIMENSIONS} (found '${String(dims)}').`,
      );
    }
    const profile = raw['vectorSearchProfile'];
    if (typeof profile !== 'string' || profile.length === 0)
      throw bad(`Vector field '${name}' must have a 'vectorSearchProfile'.`);
    if (!profileNames.has(profile))
      throw bad(
        `Vector field '${name}' refers to the vector search profile '${profile}', which does not exist in 'vectorSearch.profiles'.`,
      );
    if (raw['analyzer'] !== undefined && raw['analyzer'] !== null)
      throw bad(`Vector field '${name}' cannot have an analyzer.`);
    field = {
      ...raw,
      name,
      type,
      key: false,
      searchable: true,
      filterable: false,
      sortable: false,
      facetable: false,
      retrievable: given('retrievable') ?? true,
      stored: given('stored') ?? true,
      analyzer: null,
      dimensions: dims,
      vectorSearchProfile: profile,
    };
  } else {
    if (raw['dimensions'] !== undefined && raw['dimensions'] !== null)
      throw bad(`Field '${name}' of type '${type}' cannot have 'dimensions'; only vector fields can.`);
    if (raw['vectorSearchProfile'] !== undefined && raw['vectorSearchProfile'] !== null)
      throw bad(`Field '${name}' of type '${type}' cannot have a 'vectorSearchProfile'; only vector fields can.`);
    const stringy = isStringType(type);
    if (!stringy && given('searchable') === true) {
      throw bad(
        `Field '${name}' of type '${type}' cannot be searchable. Only fields of type Edm.String or Collection(Edm.String) can be searchable.`,
      );
    }
    if (collection && given('sortable') === true) throw bad(`Field '${name}' is a collection and cannot be sortable.`);
    if (type === 'Edm.GeographyPoint' && given('facetable') === true)
      throw bad(`Field '${name}' of type '${type}' cannot be facetable.`);
    const searchable = given('searchable') ?? stringy;
    const analyzer = raw['analyzer'];
    if (analyzer !== undefined && analyzer !== null) {
      if (typeof analyzer !== 'string' || analyzer.length === 0)
        throw bad(`Field '${name}': 'analyzer' must be a string.`);
      if (!searchable)
        throw bad(
          `Field '${name}' has an analyzer but is not searchable. Only searchable fields can have an analyzer.`,
        );
    }
    field = {
      ...raw,
      name,
      type,
      key,
      searchable,
      filterable: given('filterable') ?? true,
      sortable: given('sortable') ?? !collection,
      facetable: given('facetable') ?? type !== 'Edm.GeographyPoint',
      retrievable: given('retrievable') ?? true,
      stored: given('stored') ?? true,
      analyzer: typeof analyzer === 'string' ? analyzer : null,
      dimensions: null,
      vectorSearchProfile: null,
    };
  }
  if (field.stored === false && field.retrievable)
    throw bad(`Field '${name}' is not stored, so it cannot be retrievable.`);
  return field;
}

function validateVectorSearch(raw: unknown): IndexDefinition['vectorSearch'] {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) throw bad("'vectorSearch' must be a JSON object.");
  const algorithms = raw['algorithms'] ?? [];
  const profiles = raw['profiles'] ?? [];
  if (!Array.isArray(algorithms) || !Array.isArray(profiles))
    throw bad("'vectorSearch.algorithms' and 'vectorSearch.profiles' must be arrays.");
  const algorithmNames = new Set<string>();
  for (const a of algorithms) {
    if (!isObject(a) || typeof a['name'] !== 'string' || a['name'].length === 0)
      throw bad('Every vector search algorithm must have a name.');
    const name = a['name'];
    if (algorithmNames.has(name)) throw bad(`The vector search algorithm '${name}' is defined more than once.`);
    algorithmNames.add(name);
    const kind = a['kind'];
    if (kind === 'hnsw') {
      const p = a['hnswParameters'] ?? {};
      if (!isObject(p)) throw bad(`Algorithm '${name}': 'hnswParameters' must be a JSON object.`);
      for (const [param, [min, max]] of Object.entries(HNSW_RANGES)) {
        const v = p[param];
        if (v === undefined || v === null) continue;
        if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
          throw bad(
            `Algorithm '${name}': '${param}' must be an integer between ${min} and ${max} (found '${shown(v)}').`,
          );
        }
      }
      if (p['metric'] !== undefined && p['metric'] !== null && !METRICS.has(p['metric'] as string)) {
        throw bad(
          `Algorithm '${name}': unknown metric '${shown(p['metric'])}' (use cosine, euclidean, dotProduct or hamming).`,
        );
      }
    } else if (kind === 'exhaustiveKnn') {
      const p = a['exhaustiveKnnParameters'] ?? {};
      if (!isObject(p)) throw bad(`Algorithm '${name}': 'exhaustiveKnnParameters' must be a JSON object.`);
      if (p['metric'] !== undefined && p['metric'] !== null && !METRICS.has(p['metric'] as string)) {
        throw bad(
          `Algorithm '${name}': unknown metric '${shown(p['metric'])}' (use cosine, euclidean, dotProduct or hamming).`,
        );
      }
    } else {
      throw bad(`Algorithm '${name}' has an unknown kind '${String(kind)}' (use hnsw or exhaustiveKnn).`);
    }
  }
  const profileNames = new Set<string>();
  for (const p of profiles) {
    if (!isObject(p) || typeof p['name'] !== 'string' || p['name'].length === 0)
      throw bad('Every vector search profile must have a name.');
    if (profileNames.has(p['name'])) throw bad(`The vector search profile '${p['name']}' is defined more than once.`);
    profileNames.add(p['name']);
    if (typeof p['algorithm'] !== 'string' || !algorithmNames.has(p['algorithm'])) {
      throw bad(
        `Vector search profile '${p['name']}' refers to the algorithm '${String(p['algorithm'])}', which does not exist in 'vectorSearch.algorithms'.`,
      );
    }
  }
  return {
    ...raw,
    algorithms: algorithms as Array<{ name: string; kind: string }>,
    profiles: profiles as Array<{ name: string; algorithm: string }>,
  };
}

/** An update (PUT on an existing index) may add fields but not remove or retype existing ones. */
export function checkCompatibleUpdate(previous: IndexDefinition, next: IndexDefinition): void {
  for (const old of previous.fields) {
    const now = next.fields.find((f) => f.name === old.name);
    if (now === undefined) {
      throw new SearchError(
        400,
        `The request is invalid. Details: definition : Existing field '${old.name}' cannot be removed. Delete and recreate the index instead.`,
        'OperationNotAllowed',
      );
    }
    if (now.type !== old.type || now.key !== old.key || now.dimensions !== old.dimensions) {
      throw new SearchError(
        400,
        `The request is invalid. Details: definition : Existing field '${old.name}' cannot be changed. Delete and recreate the index instead.`,
        'OperationNotAllowed',
      );
    }
  }
}
