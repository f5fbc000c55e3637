/**
 * Azure OpenAI embeddings (`POST /openai/deployments/{name}/embeddings?api-version=...`),
 * as in azure-contracts.md sections 1 and 4.
 */
import { applyCommonFault, requestId, respond, retryAfterSecondsOf } from './context.ts';
import type { RequestContext } from './context.ts';
import { countTokens, deterministicEmbedding, embeddingJson, toBase64Float32 } from './embedding-vector.ts';
import { parseJsonExact, sleep } from './http.ts';
import { EMBEDDINGS_API_VERSIONS, isKnownApiVersion } from './api-versions.ts';

export const EMBEDDINGS_PATH = /^\/openai\/deployments\/([^/]+)\/embeddings\/?$/;
const MAX_INPUTS = 2048;
/** Token ids of cl100k_base, the tokenizer of text-embedding-ada-002 and text-embedding-3-*. */
const VOCABULARY_SIZE = 100_277;
const MAX_TOKENS_PER_INPUT = 8191;
const RATE_LIMIT_REQUESTS = 120;
const RATE_LIMIT_TOKENS = 120_000;

export const EMBEDDING_ERRORS = {
  notFound: { error: { code: '404', message: 'Resource not found' } },
  wrongKey: {
    error: {
      code: '401',
      message:
        'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
    },
  },
  missingKey: {
    statusCode: 401,
    message:
      'Unauthorized. Access token is missing, invalid, audience is incorrect (https://cognitiveservices.azure.com), or have expired.',
  },
  deploymentNotFound: {
    error: {
      code: 'DeploymentNotFound',
      message:
        'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
    },
  },
} as const;

function invalidRequest(message: string, param: string | null = null): unknown {
  return { error: { message, type: 'invalid_request_error', param, code: null } };
}

function invalidField(path: string): unknown {
  return invalidRequest(
    `'${path}' is invalid. Please check the API reference: https://learn.microsoft.com/en-us/azure/ai-services/openai/reference.`,
  );
}

/** The real 429 message of Embeddings_Create. */
export function rateLimitMessage(apiVersion: string, seconds: number): string {
  return (
    `Requests to the Embeddings_Create Operation under Azure OpenAI API version ${apiVersion} have exceeded call rate limit of your current OpenAI S0 pricing tier. ` +
    `Please retry after ${seconds} seconds. ` +
    'Please go here: https://aka.ms/oai/quotaincrease if you would like to further increase the default rate limit.'
  );
}

function defaultFaultBody(apiVersion: string) {
  return (status: number, fault: { headers?: Record<string, string>; retryAfterSeconds?: number }): unknown => {
    switch (status) {
      case 429:
        return { error: { code: '429', message: rateLimitMessage(apiVersion, retryAfterSecondsOf(fault)) } };
      case 500:
        return {
          error: {
            code: 'InternalServerError',
            message: 'The server had an error while processing your request. Sorry about that!',
          },
        };
      case 502:
        return { error: { code: 'BadGateway', message: 'Bad gateway.' } };
      case 503:
        return {
          error: {
            code: 'ServiceUnavailable',
            message: 'The service is temporarily unable to process your request. Please try again later.',
          },
        };
      case 504:
        return { error: { code: 'Timeout', message: 'The operation was timeout.' } };
      default:
        return { error: { code: String(status), message: `HTTP ${status}` } };
    }
  };
}

/** One input to embed: the text the vector is seeded from and its token count. */
export interface EmbeddingInput {
  seed: string;
  tokens: number;
}

function isTokenArray(v: unknown): v is number[] {
  return (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((t) => Number.isInteger(t) && (t as number) >= 0 && (t as number) < VOCABULARY_SIZE)
  );
}

/**
 * The `input` of an embeddings request, as the API takes it: a non-empty string, an array of
 * 1-2048 non-empty strings, an array of token ids (one input), or an array of 1-2048 token
 * arrays. Undefined when it is none of these (Azure: 400 `'$.input' is invalid`).
 * A token input is embedded from its ids (the emulator has no tokenizer to turn them back into text).
 */
export function parseEmbeddingInput(input: unknown): EmbeddingInput[] | undefined {
  const text = (t: string): EmbeddingInput => ({ seed: t, tokens: countTokens(t) });
  // \u0001 is neither a letter nor a digit: token ids give their own vectors, never those of the same digits as text.
  const tokens = (ids: number[]): EmbeddingInput => ({ seed: `\u0001${ids.join(' ')}`, tokens: ids.length });
  if (typeof input === 'string') return input.length > 0 ? [text(input)] : undefined;
  if (!Array.isArray(input) || input.length === 0) return undefined;
  if (isTokenArray(input)) return [tokens(input)];
  if (input.length > MAX_INPUTS) return undefined;
  if (input.every((s): s is string => typeof s === 'string' && s.length > 0)) return input.map(text);
  if (input.every(isTokenArray)) return input.map(tokens);
  return undefined;
}

/**
 * The vector length to answer for `dimensions` (undefined = not given) on `model` whose native
 * length is `native`; or the 400 body when the model or the value does not allow it.
 * ada-002 takes no `dimensions` at all (OpenAI and Azure: "This model does not support specifying
 * dimensions."); the text-embedding-3 models shorten to 1..native.
 */
export function resolveDimensions(
  model: string,
  native: number,
  dimensions: unknown,
): { length: number } | { error: unknown } {
  if (dimensions === undefined || dimensions === null) return { length: native };
  if (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1)
    return { error: invalidField('$.dimensions') };
  if (!model.startsWith('text-embedding-3'))
    return { error: invalidRequest('This model does not support specifying dimensions.') };
  if (dimensions > native)
    return { error: invalidRequest(`This model does not support dimensions larger than ${native}.`, 'dimensions') };
  return { length: dimensions };
}

/** Model name reported for a deployment: the deployment name when it names a model, else ada-002. */
function modelOf(deployment: string, dimensions: number): string {
  if (/^text-embedding-/.test(deployment)) return deployment;
  return dimensions === 3072 ? 'text-embedding-3-large' : 'text-embedding-ada-002';
}

export async function handleEmbeddings(ctx: RequestContext): Promise<void> {
  const { state, url, req } = ctx;
  const rid = requestId();
  const baseHeaders: Record<string, string> = {
    'apim-request-id': rid,
    'x-request-id': rid,
    'x-ms-region': state.region,
    'x-content-type-options': 'nosniff',
    'strict-transport-security': 'max-age=31536000; includeSubDomains; preload',
  };
  const clientRequestId = req.headers['x-ms-client-request-id'];
  if (typeof clientRequestId === 'string') baseHeaders['x-ms-client-request-id'] = clientRequestId;
  const json = { ...baseHeaders, 'content-type': 'application/json' };

  const match = EMBEDDINGS_PATH.exec(url.pathname);
  const apiVersion = url.searchParams.get('api-version');
  if (
    match === null ||
    req.method !== 'POST' ||
    apiVersion === null ||
    !isKnownApiVersion(EMBEDDINGS_API_VERSIONS, apiVersion)
  ) {
    respond(ctx, 404, json, EMBEDDING_ERRORS.notFound);
    return;
  }
  const apiKey = req.headers['api-key'];
  if (apiKey === undefined) {
    respond(ctx, 401, json, EMBEDDING_ERRORS.missingKey);
    return;
  }
  if (apiKey !== state.keys.embedding) {
    respond(ctx, 401, json, EMBEDDING_ERRORS.wrongKey);
    return;
  }
  const deployment = decodeURIComponent(match[1] as string);
  if (!state.deployments.has(deployment)) {
    respond(ctx, 404, json, EMBEDDING_ERRORS.deploymentNotFound);
    return;
  }

  const fault = state.faults.embeddings.take();
  let forcedDimensions: number | undefined;
  if (fault !== undefined) {
    const outcome = await applyCommonFault(
      ctx,
      fault,
      baseHeaders,
      defaultFaultBody(apiVersion),
      '{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.1,',
    );
    if (outcome.done) return;
    if ('wrongDimension' in fault) forcedDimensions = fault.wrongDimension;
  }

  if (ctx.bodyTooLarge) {
    respond(ctx, 413, json, { error: { code: '413', message: 'Request entity too large.' } });
    return;
  }
  let body: unknown;
  try {
    body = parseJsonExact(ctx.bodyText);
  } catch {
    respond(
      ctx,
      400,
      json,
      invalidRequest(
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
      ),
    );
    return;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    respond(ctx, 400, json, invalidField('$'));
    return;
  }
  const fields = body as Record<string, unknown>;
  const inputs = parseEmbeddingInput(fields['input']);
  if (inputs === undefined) {
    respond(ctx, 400, json, invalidField('$.input'));
    return;
  }
  for (const name of ['user', 'input_type'] as const) {
    if (fields[name] !== undefined && typeof fields[name] !== 'string') {
      respond(ctx, 400, json, invalidField(`$.${name}`));
      return;
    }
  }
  const encoding = fields['encoding_format'];
  if (encoding !== undefined && encoding !== 'float' && encoding !== 'base64') {
    respond(ctx, 400, json, invalidField('$.encoding_format'));
    return;
  }

  const model = modelOf(deployment, state.dimensions);
  const resolved = resolveDimensions(model, state.dimensions, fields['dimensions']);
  if ('error' in resolved) {
    respond(ctx, 400, json, resolved.error);
    return;
  }
  // A scripted wrong length wins over the asked one.
  const dimensions = forcedDimensions ?? resolved.length;

  const tokenCounts = inputs.map((i) => i.tokens);
  const tooLong = tokenCounts.find((n) => n > MAX_TOKENS_PER_INPUT);
  if (tooLong !== undefined) {
    respond(
      ctx,
      400,
      json,
      invalidRequest(
        `This model's maximum context length is ${MAX_TOKENS_PER_INPUT + 1} tokens, however you requested ${tooLong} tokens (${tooLong} in your prompt; 0 for the completion). Please reduce your prompt; or completion length.`,
      ),
    );
    return;
  }
  const totalTokens = tokenCounts.reduce((a, b) => a + b, 0);

  const now = state.now();
  // A deployment under load: its quotas first (a 429 is answered at once, as Azure's are), then its latency.
  const load = state.embeddingLoad();
  const verdict = state.quota.admit(load, now, totalTokens);
  if (!verdict.ok) {
    const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
    respond(
      ctx,
      429,
      { ...json, 'retry-after-ms': String(verdict.retryAfterMs), 'retry-after': String(seconds) },
      { error: { code: '429', message: rateLimitMessage(apiVersion, seconds) } },
    );
    return;
  }
  state.embeddingCalls.push({ at: now, tokens: totalTokens });
  while (state.embeddingCalls.length > 0 && (state.embeddingCalls[0] as { at: number }).at < now - 60_000)
    state.embeddingCalls.shift();
  const usedRequests = state.embeddingCalls.length;
  const usedTokens = state.embeddingCalls.reduce((sum, c) => sum + c.tokens, 0);

  // Written by hand: the body holds no bigint, and JSON.stringify's replacer (stringifyJson) called
  // once per float was most of a batch call's cost. A finite number's toString is its JSON.
  const data = inputs.map((input, index) => {
    const embedding =
      encoding === 'base64'
        ? JSON.stringify(toBase64Float32(deterministicEmbedding(input.seed, dimensions)))
        : embeddingJson(input.seed, dimensions);
    return `{"object":"embedding","index":${index},"embedding":${embedding}}`;
  });
  const answer =
    `{"object":"list","model":${JSON.stringify(model)},` +
    `"usage":{"prompt_tokens":${totalTokens},"total_tokens":${totalTokens}},"data":[${data.join(',')}]}`;
  // The call takes the deployment's latency, its own work included (a service computes in parallel; this one process does not).
  const left = (load.latencyMs ?? 0) - (performance.now() - ctx.record.receivedAt);
  if (left > 0) await sleep(left);
  respond(
    ctx,
    200,
    {
      ...json,
      'x-ratelimit-remaining-requests': String(Math.max(0, RATE_LIMIT_REQUESTS - usedRequests)),
      'x-ratelimit-remaining-tokens': String(Math.max(0, RATE_LIMIT_TOKENS - usedTokens)),
      'azureml-model-session': 'd001-20240101000000',
    },
    answer,
  );
}
