/**
 * Index documents (`POST /indexes/{i}/docs/index`): whole-batch validation (400), then one result
 * per action in request order; 200 when all succeed, 207 when any item has `status: false`.
 */
import type { IndexField, PartialFault, StoredDocument } from '../types.ts';
import { invalidRequest, unknownProperty } from './errors.ts';
import { isVectorType } from './definition.ts';
import type { IndexStore } from './store.ts';

export const MAX_ACTIONS = 1000;
const ACTIONS = new Set(['upload', 'merge', 'mergeOrUpload', 'delete']);
const KEY = /^[A-Za-z0-9=\-][A-Za-z0-9_=\-]*$/;
const MAX_KEY_LENGTH = 1024;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export interface ItemResult {
  key: string;
  status: boolean;
  errorMessage: string | null;
  statusCode: number;
}

export interface BatchResult {
  status: 200 | 207;
  value: ItemResult[];
}

const PARTIAL_MESSAGES: Record<number, string> = {
  400: 'The document is invalid.',
  404: 'Document not found.',
  409: 'The document was modified concurrently (version conflict). Please retry the action.',
  422: "The index is temporarily unavailable because it was updated with the 'allowIndexDowntime' flag set to 'true'. Please try again later.",
  503: 'Service is too busy to process the request. Please retry the action later.',
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function show(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'bigint') return v.toString();
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** Convert one JSON value to the stored form of `type`; throws a message on a type error. */
function convertValue(value: unknown, type: string, fieldName: string): unknown {
  if (value === null) return null;
  const fail = (): never => {
    throw new Error(
      `Cannot convert the literal '${show(value)}' to the expected type '${type}' (field '${fieldName}').`,
    );
  };
  switch (type) {
    case 'Edm.String':
      return typeof value === 'string' ? value : fail();
    case 'Edm.Int32':
      return typeof value === 'number' && Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1
        ? value
        : fail();
    case 'Edm.Int64': {
      let v: bigint;
      if (typeof value === 'bigint') v = value;
      else if (typeof value === 'number' && Number.isInteger(value)) v = BigInt(value);
      else return fail();
      return v >= INT64_MIN && v <= INT64_MAX ? v : fail();
    }
    case 'Edm.Double':
      if (typeof value === 'number') return value;
      if (typeof value === 'bigint') return Number(value);
      if (value === 'NaN' || value === 'INF' || value === '-INF') return value;
      return fail();
    case 'Edm.Boolean':
      return typeof value === 'boolean' ? value : fail();
    case 'Edm.DateTimeOffset':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : fail();
    case 'Edm.GeographyPoint':
      return isObject(value) && value['type'] === 'Point' && Array.isArray(value['coordinates']) ? value : fail();
    default: {
      const inner = /^Collection\((.+)\)$/.exec(type)?.[1];
      if (inner === undefined || !Array.isArray(value)) return fail();
      if (isVectorType(type)) {
        if (!value.every((x) => typeof x === 'number' && Number.isFinite(x))) return fail();
        // Azure keeps a Collection(Edm.Single) as 32-bit floats: what a search returns of it
        // (select of a retrievable vector field) is the float32 value, not the number sent.
        return type === 'Collection(Edm.Single)' ? (value as number[]).map(Math.fround) : value;
      }
      return value.map((x) => (x === null ? fail() : convertValue(x, inner, fieldName)));
    }
  }
}

interface ParsedAction {
  action: string;
  key: string;
  doc: StoredDocument;
}

/** Validate the whole batch; any problem rejects it whole with a 400 `SearchError`. */
function validateBatch(body: unknown, fields: readonly IndexField[]): ParsedAction[] {
  if (!isObject(body) || !Array.isArray(body['value'])) {
    throw invalidRequest("The request body must be a JSON object with a 'value' array of index actions.");
  }
  for (const prop of Object.keys(body)) {
    if (prop !== 'value') throw invalidRequest(unknownProperty(prop, 'search.indexBatch'));
  }
  const actions = body['value'] as unknown[];
  if (actions.length > MAX_ACTIONS) {
    throw invalidRequest(
      `actions : The batch contains ${actions.length} actions; at most ${MAX_ACTIONS} actions are allowed in one request.`,
    );
  }
  const byName = new Map(fields.map((f) => [f.name, f]));
  const keyField = fields.find((f) => f.key) as IndexField;
  const parsed: ParsedAction[] = [];
  actions.forEach((raw, i) => {
    if (!isObject(raw)) throw invalidRequest(`actions : ${i}: Every index action must be a JSON object.`);
    const action = raw['@search.action'] ?? 'upload';
    if (typeof action !== 'string' || !ACTIONS.has(action)) {
      throw invalidRequest(
        `actions : ${i}: Invalid value '${show(action)}' for '@search.action'. Valid values are 'upload', 'merge', 'mergeOrUpload' and 'delete'.`,
      );
    }
    const key = raw[keyField.name];
    if (key === undefined || key === null || key === '')
      throw invalidRequest(`actions : ${i}: Document key cannot be missing or empty.`);
    if (typeof key !== 'string') {
      throw invalidRequest(
        `actions : ${i}: Cannot convert the literal '${show(key)}' to the expected type 'Edm.String' (key field '${keyField.name}').`,
      );
    }
    if (!KEY.test(key) || key.length > MAX_KEY_LENGTH) {
      throw invalidRequest(
        `actions : ${i}: Invalid document key: '${key}'. Keys can only contain letters, digits, underscore (_), dash (-), or equal sign (=). Keys cannot start with an underscore and are at most ${MAX_KEY_LENGTH} characters.`,
      );
    }
    const doc: StoredDocument = {};
    if (action !== 'delete') {
      for (const [name, value] of Object.entries(raw)) {
        if (name === '@search.action') continue;
        const field = byName.get(name);
        if (field === undefined) throw invalidRequest(unknownProperty(name, 'search.documentFields'));
        let converted: unknown;
        try {
          converted = convertValue(value, field.type, name);
        } catch (err) {
          throw invalidRequest(`actions : ${i}: ${(err as Error).message}`);
        }
        if (
          isVectorType(field.type) &&
          Array.isArray(converted) &&
          converted.length !== 0 &&
          converted.length !== field.dimensions
        ) {
          throw invalidRequest(
            `actions : ${i}: There's a mismatch in vector dimensions. The vector field '${name}', with dimension of '${field.dimensions}', expects a length of '${field.dimensions}'. However, the provided vector has a length of '${converted.length}'. Please ensure that the vector length matches the dimension of the field.`,
          );
        }
        doc[name] = converted;
      }
    }
    doc[keyField.name] = key;
    parsed.push({ action, key, doc });
  });
  return parsed;
}

/** Validate and apply a batch. `partial`: a scripted 207 (chosen items fail and are not applied). */
export function indexDocuments(
  store: IndexStore,
  body: unknown,
  visibilityDelayMs: number,
  partial?: PartialFault['partial'],
): BatchResult {
  const actions = validateBatch(body, store.definition.fields);
  const failKeys = partial?.failKeys === undefined ? undefined : new Set(partial.failKeys);
  const failCount =
    partial === undefined
      ? 0
      : failKeys === undefined
        ? (partial.failCount ?? actions.length)
        : (partial.failCount ?? 0);
  const value: ItemResult[] = actions.map(({ action, key, doc }, i) => {
    if (partial !== undefined && (failKeys?.has(key) === true || i < failCount)) {
      return {
        key,
        status: false,
        errorMessage: partial.errorMessage ?? PARTIAL_MESSAGES[partial.statusCode] ?? `HTTP ${partial.statusCode}`,
        statusCode: partial.statusCode,
      };
    }
    const existing = store.documents.get(key);
    switch (action) {
      case 'delete':
        if (existing !== undefined) store.write(key, undefined, visibilityDelayMs);
        return { key, status: true, errorMessage: null, statusCode: 200 };
      case 'merge':
        if (existing === undefined) return { key, status: false, errorMessage: 'Document not found.', statusCode: 404 };
        store.write(key, { ...existing, ...doc }, visibilityDelayMs);
        return { key, status: true, errorMessage: null, statusCode: 200 };
      case 'mergeOrUpload':
        store.write(key, existing === undefined ? doc : { ...existing, ...doc }, visibilityDelayMs);
        return { key, status: true, errorMessage: null, statusCode: existing === undefined ? 201 : 200 };
      default:
        store.write(key, doc, visibilityDelayMs);
        return { key, status: true, errorMessage: null, statusCode: existing === undefined ? 201 : 200 };
    }
  });
  return { status: value.every((r) => r.status) ? 200 : 207, value };
}
