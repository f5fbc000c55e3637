// GET /openapi.json and GET /swagger.json against the routes the app really
// registered: valid documents, every route in both path forms, every header and
// status, an example on every 200, unique operation ids, and the 2.0 rules.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { validate } from '@readme/openapi-parser';
import {
  buildAppWithRoutes,
  getJson,
  isObject,
  operationsOf,
  walk,
  type Json,
  type JsonObject,
  type RegisteredRoute,
} from './app.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** The interface's endpoints (spec: Endpoints); each is served with and without `.php`. */
const INTERFACE: [string, string][] = [
  ['get', '/apis/add-url'],
  ['post', '/apis/add-body'],
  ['get', '/apis/add-apikey'],
  ['get', '/apis/add-custom'],
  ['get', '/apis/add-basic'],
  ['post', '/apis/add-token'],
  ['get', '/apis/add-bearer'],
  ['get', '/apis/users'],
  ['get', '/apis/countries'],
  ['get', '/apis/currency'],
  ['get', '/apis/products'],
  ['post', '/survey_api.php'],
  ['post', '/apis/chunk-and-perform-embedding.php'],
  ['post', '/apis/delete-indexed-document.php'],
];
/** Added in their own change; checked once the app registers them. */

const bothForms = (path: string) => (path.endsWith('.php') ? [path, path.slice(0, -4)] : [path, `${path}.php`]);

const SCHEMES: [string, JsonObject, JsonObject][] = [
  // name, OpenAPI 3.1 security scheme (subset), Swagger 2.0 security definition (subset)
  [
    'apiKeyHeader',
    { type: 'apiKey', in: 'header', name: 'api_key' },
    { type: 'apiKey', in: 'header', name: 'api_key' },
  ],
  [
    'apiSecretHeader',
    { type: 'apiKey', in: 'header', name: 'api_secret' },
    { type: 'apiKey', in: 'header', name: 'api_secret' },
  ],
  ['basicAuth', { type: 'http', scheme: 'basic' }, { type: 'basic' }],
  [
    'bearerAuth',
    { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    { type: 'apiKey', in: 'header', name: 'Authorization' },
  ],
  ['surveyKey', { type: 'apiKey', in: 'header', name: 'key' }, { type: 'apiKey', in: 'header', name: 'key' }],
  ['surveySecret', { type: 'apiKey', in: 'header', name: 'secret' }, { type: 'apiKey', in: 'header', name: 'secret' }],
  [
    'documentApiKey',
    { type: 'apiKey', in: 'header', name: 'api-key' },
    { type: 'apiKey', in: 'header', name: 'api-key' },
  ],
];

describe('served API documents', () => {
  let app: FastifyInstance;
  let routes: RegisteredRoute[];
  let openapi: JsonObject;
  let swagger: JsonObject;
  let openapiBefore: string;

  before(async () => {
    ({ app, routes } = await buildAppWithRoutes());
    openapi = await getJson(app, '/openapi.json');
    openapiBefore = JSON.stringify(openapi);
    swagger = await getJson(app, '/swagger.json');
  });
  after(() => app.close());

  // A path parameter is `:id` to the router and `{id}` in the documents.
  const documented = () =>
    routes.filter((r) => r.twinOf === undefined).map((r) => ({ ...r, url: r.url.replace(/:(\w+)/g, '{$1}') }));
  const docs = () =>
    [
      ['OpenAPI 3.1', openapi],
      ['Swagger 2.0', swagger],
    ] as const;

  test('/openapi.json is a valid OpenAPI 3.1 document', async () => {
    assert.equal(openapi.openapi, '3.1.0');
    const result = await validate(structuredClone(openapi) as never);
    assert.deepEqual(result, { valid: true, warnings: [], specification: 'OpenAPI' });
  });

  test('/swagger.json is a valid Swagger 2.0 document', async () => {
    assert.equal(swagger.swagger, '2.0');
    const result = await validate(structuredClone(swagger) as never);
    assert.deepEqual(result, { valid: true, warnings: [], specification: 'Swagger' });
  });

  test('the app registers the interface endpoints in both path forms', () => {
    for (const [method, path] of INTERFACE) {
      for (const url of bothForms(path)) {
        assert.ok(
          routes.some((r) => r.method === method && r.url === url),
          `${method.toUpperCase()} ${url} is not registered`,
        );
      }
    }
  });

  test('each document lists exactly the registered, non-hidden routes, each once (no `.php` twin)', () => {
    const registered = documented()
      .map((r) => `${r.method.toUpperCase()} ${r.url}`)
      .sort();
    assert.ok(registered.length >= INTERFACE.length);
    for (const [method, path] of INTERFACE)
      assert.ok(
        registered.includes(`${method.toUpperCase()} ${path}`),
        `${method} ${path} is listed under the interface's own form`,
      );
    for (const [name, doc] of docs()) {
      const documented = operationsOf(doc)
        .map((o) => `${o.method.toUpperCase()} ${o.path}`)
        .sort();
      assert.deepEqual(documented, registered, name);
    }
  });

  test('the probes are documented: GET /healthz (200) and GET /readyz (200 ready, 503 draining)', () => {
    for (const [name, doc] of docs()) {
      const responses = (path: string) =>
        Object.keys((((doc.paths as JsonObject)[path] as JsonObject).get as JsonObject).responses as JsonObject).sort();
      assert.deepEqual(responses('/healthz'), ['200'], name);
      assert.deepEqual(responses('/readyz'), ['200', '503'], name);
    }
  });

  test('the documents and the page are not listed', () => {
    for (const [name, doc] of docs()) {
      const paths = Object.keys(doc.paths as JsonObject);
      for (const hidden of ['/openapi.json', '/swagger.json', '/docs', '/docs/json', '/docs/yaml']) {
        assert.ok(!paths.includes(hidden), `${name} lists ${hidden}`);
      }
      assert.ok(!paths.some((p) => p.startsWith('/docs')), name);
    }
  });

  test('every operation: summary, tags, a unique operationId from method and path', () => {
    for (const [name, doc] of docs()) {
      const ids = new Set<string>();
      for (const { path, method, op } of operationsOf(doc)) {
        const where = `${name} ${method} ${path}`;
        assert.equal(typeof op.summary, 'string', where);
        assert.ok((op.summary as string).length > 0, where);
        assert.ok(Array.isArray(op.tags) && op.tags.length > 0, where);
        const id = op.operationId;
        assert.ok(typeof id === 'string', where);
        assert.match(id, /^[a-z]+[A-Za-z0-9]*$/, where);
        assert.ok(!ids.has(id), `${where}: duplicate operationId ${id}`);
        ids.add(id);
      }
    }
    const byPath = (doc: JsonObject, method: string, path: string) =>
      ((doc.paths as JsonObject)[path] as JsonObject)[method] as JsonObject;
    for (const [, doc] of docs()) {
      assert.equal(byPath(doc, 'get', '/apis/add-url').operationId, 'getApisAddUrl');
      assert.equal(byPath(doc, 'post', '/survey_api.php').operationId, 'postSurveyApiPhp');
    }
  });

  test("each `.php` twin is named in its operation's description, not listed again", () => {
    const twins = routes.filter((r) => r.twinOf !== undefined);
    assert.ok(twins.length >= INTERFACE.length);
    for (const twin of twins) {
      for (const [name, doc] of docs()) {
        const paths = doc.paths as JsonObject;
        assert.equal(paths[twin.url], undefined, `${name} lists ${twin.url}`);
        const op = (paths[twin.twinOf!] as JsonObject)[twin.method] as JsonObject;
        const description = typeof op.description === 'string' ? op.description : '';
        assert.ok(description.includes(`Also served at \`${twin.url}\``), `${name} ${twin.twinOf}: ${description}`);
      }
    }
  });

  test('every status of every route schema is documented', () => {
    for (const route of documented()) {
      const statuses = Object.keys(route.schema.response ?? {});
      assert.ok(statuses.includes('200'), `${route.method} ${route.url} has no 200 schema`);
      for (const [name, doc] of docs()) {
        const op = ((doc.paths as JsonObject)[route.url] as JsonObject)[route.method] as JsonObject;
        assert.deepEqual(
          Object.keys(op.responses as JsonObject).sort(),
          statuses.sort(),
          `${name} ${route.method} ${route.url}`,
        );
      }
    }
  });

  test('every header of every route schema is documented under its exact name', () => {
    let checked = 0;
    for (const route of documented()) {
      const headers = route.schema.headers as { properties?: Record<string, unknown>; required?: string[] } | undefined;
      for (const header of Object.keys(headers?.properties ?? {})) {
        for (const [name, doc] of docs()) {
          const op = ((doc.paths as JsonObject)[route.url] as JsonObject)[route.method] as JsonObject;
          const params = (Array.isArray(op.parameters) ? op.parameters : []).filter(isObject);
          const asParam = params.find((p) => p.in === 'header' && p.name === header);
          const schemes = (
            name === 'OpenAPI 3.1' ? (openapi.components as JsonObject).securitySchemes : swagger.securityDefinitions
          ) as JsonObject;
          const asScheme = (Array.isArray(op.security) ? op.security : [])
            .filter(isObject)
            .flatMap((req) => Object.keys(req))
            .some((s) => isObject(schemes[s]) && schemes[s].name === header);
          assert.ok(asParam || asScheme, `${name} ${route.method} ${route.url}: header ${header} is missing`);
          if (asParam)
            assert.equal(
              asParam.required ?? false,
              headers?.required?.includes(header) ?? false,
              `${name} ${route.url} ${header} required`,
            );
          checked++;
        }
      }
    }
    assert.ok(checked >= 4 * 2, 'the chunking and deletion headers at least');
  });

  test('every operation has an example on its 200 response (and on its JSON request body)', () => {
    for (const { path, method, op } of operationsOf(openapi)) {
      const ok = ((op.responses as JsonObject)['200'] as JsonObject).content as JsonObject;
      const media = ok['application/json'] as JsonObject;
      assert.ok(media.example !== undefined, `OpenAPI ${method} ${path}: no 200 example`);
      const body = isObject(op.requestBody)
        ? ((op.requestBody.content as JsonObject)['application/json'] as JsonObject | undefined)
        : undefined;
      if (body) assert.ok(body.example !== undefined, `OpenAPI ${method} ${path}: no request body example`);
      for (const [status, response] of Object.entries(op.responses as JsonObject)) {
        const content = (response as JsonObject).content as JsonObject | undefined;
        for (const m of Object.values(content ?? {}))
          assert.ok((m as JsonObject).example !== undefined, `OpenAPI ${method} ${path} ${status}: no example`);
      }
    }
    for (const { path, method, op } of operationsOf(swagger)) {
      const ok = (op.responses as JsonObject)['200'] as JsonObject;
      assert.ok(
        isObject(ok.examples) && ok.examples['application/json'] !== undefined,
        `Swagger ${method} ${path}: no 200 example`,
      );
    }
    const addUrl = (
      ((((openapi.paths as JsonObject)['/apis/add-url'] as JsonObject).get as JsonObject).responses as JsonObject)[
        '200'
      ] as JsonObject
    ).content as JsonObject;
    assert.deepEqual((addUrl['application/json'] as JsonObject).example, {
      success: true,
      operation: 'addition',
      input1: 5,
      input2: 7,
      result: 12,
    });
    // A synthesised example stays consistent: a list envelope of one element counts 1.
    const users = (
      (((swagger.paths as JsonObject)['/apis/users'] as JsonObject).get as JsonObject).responses as JsonObject
    )['200'] as JsonObject;
    const example = (users.examples as JsonObject)['application/json'] as JsonObject;
    assert.equal(example.count, 1);
    assert.equal((example.data as Json[]).length, 1);
  });

  test('info, servers, tags and security schemes', () => {
    const info = openapi.info as JsonObject;
    assert.equal(info.title, 'sample-utility-service');
    assert.equal(info.version, pkg.version);
    assert.ok(typeof info.description === 'string');
    assert.match(info.description, /README/);
    assert.match(info.description, /underscores_in_headers on;/);
    assert.deepEqual(openapi.servers, [{ url: '/' }]);
    assert.deepEqual((swagger.info as JsonObject).version, pkg.version);
    assert.equal(swagger.basePath, '/');
    assert.equal(swagger.host, 'localhost:80', 'host and schemes from the request (inject sends Host: localhost:80)');
    assert.deepEqual(swagger.schemes, ['http']);

    for (const [name, doc] of docs()) {
      const declared = (doc.tags as JsonObject[]).map((t) => t.name);
      for (const { op } of operationsOf(doc))
        for (const t of op.tags as string[]) assert.ok(declared.includes(t), `${name}: tag ${t} not declared`);
    }
    const schemes = (openapi.components as JsonObject).securitySchemes as JsonObject;
    const definitions = swagger.securityDefinitions as JsonObject;
    for (const [name, v3, v2] of SCHEMES) {
      assert.deepEqual(
        { ...(schemes[name] as JsonObject), description: undefined },
        { ...v3, description: undefined },
        `OpenAPI ${name}`,
      );
      assert.deepEqual(
        { ...(definitions[name] as JsonObject), description: undefined },
        { ...v2, description: undefined },
        `Swagger ${name}`,
      );
    }
    // Every security requirement names a declared scheme, in both documents.
    for (const [name, doc] of docs()) {
      const known = name === 'OpenAPI 3.1' ? schemes : definitions;
      for (const { op } of operationsOf(doc)) {
        for (const req of (op.security ?? []) as JsonObject[])
          for (const s of Object.keys(req)) assert.ok(known[s], `${name}: ${s}`);
      }
    }
  });

  test('Swagger 2.0: no 3.x keyword is left, one type per schema, JSON in and out', () => {
    for (const [at, node] of walk(swagger)) {
      for (const forbidden of [
        'anyOf',
        'oneOf',
        'not',
        'const',
        '$id',
        '$schema',
        'prefixItems',
        'nullable',
        'contentEncoding',
        'unevaluatedProperties',
      ]) {
        // A property may be called anything; a keyword may not appear in a schema.
        if (at.endsWith('/properties')) continue;
        assert.ok(!(forbidden in node), `${at} has ${forbidden}`);
      }
      if (!at.endsWith('/properties')) {
        assert.ok(!Array.isArray(node.type), `${at} has a type list`);
        if ('examples' in node) assert.match(at, /\/responses\/\d+$/, `${at}: examples outside a response`);
      }
    }
    for (const { path, method, op } of operationsOf(swagger)) {
      assert.deepEqual(op.produces, ['application/json'], `${method} ${path}`);
      const params = (op.parameters ?? []) as JsonObject[];
      if (params.some((p) => p.in === 'body')) assert.deepEqual(op.consumes, ['application/json'], `${method} ${path}`);
      if (params.some((p) => p.type === 'file'))
        assert.deepEqual(op.consumes, ['multipart/form-data'], `${method} ${path}`);
      for (const p of params) {
        if (p.in !== 'body')
          assert.ok(
            ['string', 'number', 'integer', 'boolean', 'array', 'file'].includes(p.type as string),
            `${method} ${path} ${JSON.stringify(p.name)}`,
          );
      }
    }
    // add-body's input1 is `integer | string` in 3.1 and an integer in 2.0.
    const body = (
      (((swagger.paths as JsonObject)['/apis/add-body'] as JsonObject).post as JsonObject).parameters as JsonObject[]
    )[0]!;
    const props = (body.schema as JsonObject).properties as JsonObject;
    assert.equal((props.input1 as JsonObject).type, 'integer');
    assert.equal((props.input1 as JsonObject).example, 5);
    const v3 = (
      ((((openapi.paths as JsonObject)['/apis/add-body'] as JsonObject).post as JsonObject).requestBody as JsonObject)
        .content as JsonObject
    )['application/json'] as JsonObject;
    assert.ok(
      Array.isArray(
        ((v3.schema as JsonObject).properties as JsonObject as { input1: { anyOf: unknown[] } }).input1.anyOf,
      ),
    );
  });

  test('the multipart upload takes a file field `document`', () => {
    const path = '/apis/chunk-and-perform-embedding.php';
    for (const url of [path]) {
      const v3 = (((openapi.paths as JsonObject)[url] as JsonObject).post as JsonObject).requestBody as JsonObject;
      const form = (v3.content as JsonObject)['multipart/form-data'] as JsonObject;
      assert.deepEqual(((form.schema as JsonObject).properties as JsonObject).document, {
        type: 'string',
        format: 'binary',
        ...pick(((form.schema as JsonObject).properties as JsonObject).document as JsonObject, 'description'),
      });
      const v2 = ((swagger.paths as JsonObject)[url] as JsonObject).post as JsonObject;
      assert.deepEqual(v2.consumes, ['multipart/form-data']);
      const file = (v2.parameters as JsonObject[]).find((p) => p.name === 'document');
      assert.equal(file?.in, 'formData');
      assert.equal(file?.type, 'file');
    }
  });

  test('the chunking response documents its X- headers in both documents', () => {
    for (const url of ['/apis/chunk-and-perform-embedding.php']) {
      const v3 = ((((openapi.paths as JsonObject)[url] as JsonObject).post as JsonObject).responses as JsonObject)[
        '200'
      ] as JsonObject;
      const v2 = ((((swagger.paths as JsonObject)[url] as JsonObject).post as JsonObject).responses as JsonObject)[
        '200'
      ] as JsonObject;
      for (const h of ['X-Total-Chunks', 'X-Embedding-Performed', 'X-Index-Batches']) {
        assert.ok(isObject((v3.headers as JsonObject | undefined)?.[h]), `OpenAPI ${url} ${h}`);
        assert.ok(isObject((v2.headers as JsonObject | undefined)?.[h]), `Swagger ${url} ${h}`);
      }
    }
  });

  test('a decompression bomb is documented under 413 (what the service answers), not 422', () => {
    for (const url of ['/apis/chunk-and-perform-embedding.php']) {
      for (const [name, doc] of docs()) {
        const responses = (((doc.paths as JsonObject)[url] as JsonObject).post as JsonObject).responses as JsonObject;
        const description = (status: string) => {
          const d = (responses[status] as JsonObject).description;
          return typeof d === 'string' ? d : '';
        };
        assert.match(description('413'), /decompression bomb/i, `${name} ${url} 413`);
        assert.doesNotMatch(description('422'), /bomb|decompress/i, `${name} ${url} 422`);
      }
    }
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const row = (status: string) => readme.split('\n').find((l) => l.startsWith(`| ${status} |`)) ?? '';
    assert.match(row('413'), /decompression bomb/i, 'README status table, 413 row');
    assert.doesNotMatch(row('422'), /bomb|decompress/i, 'README status table, 422 row');
  });

  test('page numbers: the chunking header, the two optional chunk fields and the definition query, in both documents', () => {
    for (const url of ['/apis/chunk-and-perform-embedding.php']) {
      const v3 = ((openapi.paths as JsonObject)[url] as JsonObject).post as JsonObject;
      const v2 = ((swagger.paths as JsonObject)[url] as JsonObject).post as JsonObject;
      for (const [name, op] of [
        ['OpenAPI', v3],
        ['Swagger', v2],
      ] as const) {
        const header = (op.parameters as JsonObject[]).find((p) => p.name === 'page-numbers');
        assert.equal(header?.in, 'header', `${name} ${url} page-numbers`);
        assert.equal(header?.required ?? false, false);
      }
      const props3 = JSON.stringify((v3.responses as JsonObject)['200']);
      const props2 = JSON.stringify((v2.responses as JsonObject)['200']);
      for (const f of ['page_start', 'page_end']) {
        assert.ok(
          props3.includes(`"${f}":{"anyOf":[{"type":"integer","minimum":1},{"type":"null"}]`),
          `OpenAPI ${url} ${f}`,
        );
        assert.ok(
          props2.includes(`"${f}":{"type":"integer","minimum":1,`) && props2.includes('"x-nullable":true'),
          `Swagger ${url} ${f}`,
        );
      }
    }
    for (const url of ['/apis/search-index-definition']) {
      for (const doc of [openapi, swagger]) {
        const params = (((doc.paths as JsonObject)[url] as JsonObject).get as JsonObject).parameters as JsonObject[];
        const q = params.find((p) => p.name === 'pageNumbers');
        assert.equal(q?.in, 'query', `${url} pageNumbers`);
        assert.match(JSON.stringify(q), /"enum":\["true","false"\]/, `${url} pageNumbers values`);
      }
    }
  });

  test('security: every credential is a requirement, public operations say `security: []`, every scheme used', () => {
    const needs: Record<string, string[][]> = {
      '/apis/add-apikey': [['apiKeyHeader']],
      '/apis/add-custom': [['apiKeyHeader', 'apiSecretHeader']],
      '/apis/add-basic': [['basicAuth']],
      '/apis/add-bearer': [['bearerAuth']],
      '/apis/add-oauth': [['oauth2']],
      '/survey_api.php': [['surveyKey', 'surveySecret']],
      '/apis/chunk-and-perform-embedding.php': [['documentApiKey']],
      '/apis/delete-indexed-document.php': [['documentApiKey']],
      // A poll needs no credential (the job id is the capability); an api-key sent is checked.
      '/apis/jobs/{id}': [['documentApiKey'], []],
    };
    const credentialHeaders = ['api_key', 'api_secret', 'key', 'secret', 'api-key', 'authorization'];
    for (const [name, doc] of docs()) {
      const used = new Set<string>();
      for (const { path, method, op } of operationsOf(doc)) {
        const security = (op.security as JsonObject[]).map((r) => Object.keys(r));
        assert.deepEqual(security, needs[path] ?? [], `${name} ${method} ${path}`);
        for (const r of security) for (const s of r) used.add(s);
        const params = (Array.isArray(op.parameters) ? op.parameters : []).filter(isObject);
        for (const p of params) {
          const header = typeof p.name === 'string' ? p.name : '';
          if (p.in === 'header')
            assert.ok(!credentialHeaders.includes(header.toLowerCase()), `${name} ${path}: ${header} is a parameter`);
        }
      }
      const schemes = Object.keys(
        (name === 'OpenAPI 3.1'
          ? (openapi.components as JsonObject).securitySchemes
          : swagger.securityDefinitions) as JsonObject,
      );
      assert.deepEqual([...used].sort(), schemes.sort(), `${name}: every scheme used`);
    }
  });

  test('integers are `integer` in both documents; descriptions everywhere; summaries under 80 characters', () => {
    const integers: [string, string][] = [
      ['/apis/add-url', 'input1'],
      ['/apis/add-apikey', 'input2'],
      ['/apis/users', 'id'],
      ['/apis/products', 'page'],
      ['/apis/products', 'limit'],
    ];
    for (const [name, doc] of docs()) {
      for (const [path, param] of integers) {
        const op = (doc.paths as JsonObject)[path] as JsonObject;
        const p = ((op.get as JsonObject).parameters as JsonObject[]).find((x) => x.name === param)!;
        assert.equal(
          name === 'OpenAPI 3.1' ? (p.schema as JsonObject).type : p.type,
          'integer',
          `${name} ${path} ${param}`,
        );
      }
      for (const { path, method, op } of operationsOf(doc)) {
        assert.ok(
          typeof op.description === 'string' && op.description.length > 20,
          `${name} ${method} ${path}: description`,
        );
        assert.ok(
          (op.summary as string).length < 80,
          `${name} ${method} ${path}: summary of ${(op.summary as string).length}`,
        );
      }
    }
  });

  test('response headers: Allow on 405, WWW-Authenticate on the basic and bearer 401s, CORS on every answer, X-Error-Code on every error', () => {
    for (const [name, doc] of docs()) {
      for (const { path, method, op } of operationsOf(doc)) {
        for (const [status, response] of Object.entries(op.responses as JsonObject)) {
          const headers = (response as JsonObject).headers as JsonObject;
          assert.ok(isObject(headers['Access-Control-Allow-Origin']), `${name} ${method} ${path} ${status}`);
          assert.equal(
            isObject(headers['X-Error-Code']),
            /^[45]/.test(status),
            `${name} ${method} ${path} ${status} X-Error-Code`,
          );
          if (status === '405') assert.ok(isObject(headers.Allow), `${name} ${method} ${path} 405 Allow`);
          if (status === '401' && ['/apis/add-basic', '/apis/add-bearer'].includes(path))
            assert.ok(isObject(headers['WWW-Authenticate']), `${name} ${path} 401`);
        }
      }
    }
  });

  test('examples satisfy their schemas: survey counts at least 300, products asks a page with data, add-token holds the lab pair', () => {
    const example = (path: string, method: string, status = '200') =>
      (
        (
          ((((openapi.paths as JsonObject)[path] as JsonObject)[method] as JsonObject).responses as JsonObject)[
            status
          ] as JsonObject
        ).content as JsonObject
      )['application/json'] as JsonObject;
    assert.ok(((example('/survey_api.php', 'post').example as JsonObject).total_records as number) >= 300);
    const products = ((openapi.paths as JsonObject)['/apis/products'] as JsonObject).get as JsonObject;
    const page = (products.parameters as JsonObject[]).find((p) => p.name === 'page')!;
    const limit = (products.parameters as JsonObject[]).find((p) => p.name === 'limit')!;
    // Optional parameters show their example in the schema's examples (not pre-filled by /docs).
    const exampleOf = (p: JsonObject) => ((p.schema as JsonObject).examples as number[])[0]!;
    const first = exampleOf(page);
    const per = exampleOf(limit);
    assert.ok((first - 1) * per < 120, 'the example page holds products');
    const token = (
      (((openapi.paths as JsonObject)['/apis/add-token'] as JsonObject).post as JsonObject).requestBody as JsonObject
    ).content as JsonObject;
    assert.deepEqual((token['application/json'] as JsonObject).example, {
      api_key: 'lab-api-key-2f9c1e7a',
      api_secret: 'lab-api-secret-8d3b5a60',
    });
  });

  test('documents are built once and never altered by one another', async () => {
    assert.equal(JSON.stringify(await getJson(app, '/openapi.json')), openapiBefore);
    assert.deepEqual(await getJson(app, '/swagger.json'), swagger);
  });
});

function pick(o: JsonObject, key: string): JsonObject {
  return o[key] === undefined ? {} : { [key]: o[key] };
}
