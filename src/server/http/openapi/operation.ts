import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { binaryMediaTypeOf } from '../../../core/api/common';
import { SecureEnvelope } from '../../../core/api/game';
import { ErrorAnswer } from '../contracts';
import { answerExamples } from './examples';
import { keyAnswerHeaders } from './notes';
import { openApiSchemaOf } from './schema';

type Json = Record<string, unknown>;

/** One registered route as the onRoute hook saw it. */
export interface SeenRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

/** What the document knows about a route beyond its schema: who may call it and which headers it needs. */
export interface RouteFacts {
  secure: boolean;
  csrf: boolean;
  public: boolean;
  idempotencyKey: 'always' | 'confirming' | null;
  scope: string | null;
}

const errorRef = { $ref: '#/components/responses/Error' };
const secureNote =
  'The JSON body (its schema is contentSchema, once the route declares it), deflated at level 9, obfuscated ' +
  "with the game client's key and base64url-encoded; answers come back the same way with the server-direction " +
  'key. It keeps casual tampering out of the game traffic; it is not encryption.';

function isZod(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** `/api/telnet-cores/:id/use` → `/api/telnet-cores/{id}/use`. */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
}

function pathParamNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

function propertiesOf(schema: unknown): { properties: Record<string, Json>; required: string[] } {
  if (!isZod(schema)) return { properties: {}, required: [] };
  const json = openApiSchemaOf(schema, 'input');
  return {
    properties: (json.properties as Record<string, Json> | undefined) ?? {},
    required: (json.required as string[] | undefined) ?? [],
  };
}

function parameters(route: SeenRoute, facts: RouteFacts): Json[] {
  const params = propertiesOf(route.schema?.params);
  const query = propertiesOf(route.schema?.querystring);
  const list: Json[] = pathParamNames(route.url).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: params.properties[name] ?? { type: 'string' },
  }));
  for (const [name, schema] of Object.entries(query.properties)) {
    const { description, ...rest } = schema;
    list.push({
      name,
      in: 'query',
      required: query.required.includes(name),
      schema: rest,
      ...(description ? { description } : {}),
    });
  }
  if (facts.idempotencyKey === 'always') list.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (facts.idempotencyKey === 'confirming') {
    list.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Required when the body confirms the spend (`confirm: true`); not needed for the price quote.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
    });
  }
  return list;
}

/** The body a secure path carries: the envelope, with the inner JSON described by contentSchema. */
function secureEnvelope(inner: Json | null): Json {
  const envelope = openApiSchemaOf(SecureEnvelope, 'input');
  const properties = envelope.properties as Record<string, Json>;
  properties.secureData = {
    ...properties.secureData,
    description: secureNote,
    contentMediaType: 'application/json',
    ...(inner ? { contentSchema: inner } : {}),
  };
  return envelope;
}

function requestBody(route: SeenRoute, facts: RouteFacts): Json | null {
  const body = route.schema?.body;
  if (!isZod(body) && !facts.secure) return null;
  const inner = isZod(body) ? openApiSchemaOf(body, 'input') : null;
  const schema = facts.secure ? secureEnvelope(inner) : inner;
  return { required: true, content: { 'application/json': { schema } } };
}

function successResponse(route: SeenRoute, status: string, schema: z.ZodType | null, facts: RouteFacts): Json {
  const examples = answerExamples[`${route.method} ${route.url}`];
  const example = examples?.[status];
  const headers = {
    ...(facts.scope ? keyAnswerHeaders : {}),
    ...(facts.idempotencyKey
      ? {
          'Idempotent-Replayed': {
            description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
            schema: { type: 'string', enum: ['true'] },
          },
        }
      : {}),
  };
  const binary = schema ? binaryMediaTypeOf(schema) : null;
  if (schema && binary) {
    // Bytes, not JSON: a binary string under the media type the route sends (OpenAPI 3.1, "binary data").
    const bytes = { type: 'string', format: 'binary' };
    return {
      description: schema.description ?? 'Success.',
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: { [binary]: { schema: bytes } },
    };
  }
  let body: Json | null = schema ? openApiSchemaOf(schema, 'output') : null;
  if (facts.secure) body = secureEnvelope(schema && schema !== SecureEnvelope ? body : null);
  const description = schema
    ? facts.secure
      ? 'Success, wrapped as secureData.'
      : 'Success.'
    : 'Success; the answer is not declared yet (ADR 074).';
  return {
    description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(body
      ? {
          content: {
            'application/json': {
              schema: body,
              ...(example !== undefined ? { examples: { example: { value: example } } } : {}),
            },
          },
        }
      : {}),
  };
}

function responses(route: SeenRoute, facts: RouteFacts): Json {
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  const out: Json = {};
  for (const [status, schema] of Object.entries(declared)) {
    if (!isZod(schema)) continue;
    const key = /^\dxx$/i.test(status) ? status.toUpperCase() : status;
    if (/^2/.test(status)) out[key] = successResponse(route, status, schema, facts);
    else if (/^3/.test(status)) out[key] = { description: schema.description ?? 'Redirect or not modified.' };
    else if (schema === ErrorAnswer) out[key] = errorRef;
    else
      out[key] = {
        description: 'Refused.',
        content: { 'application/json': { schema: openApiSchemaOf(schema, 'output') } },
      };
  }
  if (!Object.keys(out).some((status) => status.startsWith('2')))
    out['200'] = successResponse(route, '200', null, facts);
  out['4XX'] ??= errorRef;
  out['5XX'] ??= errorRef;
  if (facts.scope) out['429'] = { $ref: '#/components/responses/RateLimited' };
  return out;
}

function security(route: SeenRoute, facts: RouteFacts): Json[] {
  if (facts.public) return [];
  if (facts.csrf) return [{ session: [], csrfToken: [] }];
  if (route.method !== 'GET') return [{ session: [] }];
  return facts.scope ? [{ session: [] }, { apiKey: [facts.scope] }] : [{ session: [] }];
}

function operationId(method: string, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** One route's OpenAPI operation: its inputs, headers, answers and who may call it. */
export function operationOf(route: SeenRoute, facts: RouteFacts): Json {
  const body = requestBody(route, facts);
  const notes = [
    facts.secure ? 'Body and answer travel as secureData (see the introduction).' : null,
    facts.scope ? `Readable with an API key that has the \`${facts.scope}\` scope.` : null,
    facts.csrf ? 'Needs the session and the X-CSRF-Token header.' : null,
  ].filter(Boolean);
  return {
    operationId: operationId(route.method, route.url),
    tags: [route.url.split('/')[2] ?? 'api'],
    summary: `${route.method} ${route.url}`,
    ...(notes.length > 0 ? { description: notes.join(' ') } : {}),
    parameters: parameters(route, facts),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route, facts),
    security: security(route, facts),
  };
}
