import { apiKeyLimits, apiKeyScopes } from '../../../core/api/api-keys';
import { idempotencyKeyHeader } from '../../../core/api/idempotency';
import { securePaths } from '../../../core/api/game';
import { texts } from '../../../core/texts';
import { ErrorAnswer } from '../contracts';
import { sessionCookieName } from '../session';
import { errorExample } from './examples';
import { openApiSchemaOf } from './schema';

/**
 * The prose and shared parts of the OpenAPI document (ADR 077): what every client must know that no
 * single route's schema says — how to sign in, the CSRF token, Idempotency-Key, secureData, errors, limits.
 */
export const apiDescription = `
The Bitbreach JSON API, generated from the same zod contracts the server validates and serialises with. Two
answers are bytes, not JSON: the Kernel's snapshot frame (\`application/octet-stream\`) and an ended season's
image (\`image/png\`); both answer 304 to an \`If-None-Match\` holding their current ETag.

**Signing in.** The game uses the \`${sessionCookieName}\` session cookie (HttpOnly) set by
\`POST /api/auth/login\` or \`/api/auth/register\`. Community tools use a personal read-only API key instead,
made in SETTINGS → API KEYS and sent as \`Authorization: Bearer bbk_…\`. A key only reads: any other method
is refused with 403, and each GET is open only to the scopes listed on it (${apiKeyScopes.join(', ')}).

**CSRF token.** Every state-changing call with the session (anything but GET/HEAD/OPTIONS, except login,
register, logout and the payment webhook) carries \`X-CSRF-Token\`, read from \`GET /api/auth/csrf-token\`;
a missing or wrong token is a 403.

**Idempotency-Key.** Calls that spend or move Telnet or items carry \`${idempotencyKeyHeader}\`: 8–64
characters of \`[A-Za-z0-9_-]\`, one fresh key per player action (a UUID fits). Repeating a request with the
same key answers the first result again, with \`Idempotent-Replayed: true\`, instead of spending twice.
Without it the call is a 400 and nothing changes.

**secureData.** Five paths (${securePaths.join(', ')}) take their JSON body wrapped as \`{"secureData": "…"}\`:
the JSON text compressed with deflate (level 9), obfuscated with the game client's key and encoded base64url.
Their successful answers come back wrapped the same way with the server-direction key. It keeps casual
tampering out of the game's own traffic; it is not encryption. These paths are for the game client, not tools.

**Errors.** Every 4xx and 5xx answer is \`{"message": "…"}\`, sometimes with fields of its own (for example a
retry time). 4xx messages are the game's own texts; 5xx never carry details. Bad input is a 400 and changes nothing.

**Rate limits.** An API key may make ${apiKeyLimits.requestsPerMinute} requests a minute, counted across every
server. Each key answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds to
the next minute); past the budget the answer is 429 with the same headers. Signed-in players have per-action
limits of their own (429 with the game's text), and an overloaded server answers 503 with \`Retry-After\`.
`.trim();

const scopeList = apiKeyScopes.map((s) => `\`${s}\``).join(', ');

export const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieName,
    description: 'The signed session cookie set at login; the game client uses it.',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'With the session, on every state-changing call: the token from GET /api/auth/csrf-token.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'bbk_ followed by 43 base64url characters',
    description:
      `A personal read-only API key (SETTINGS → API KEYS). Its scopes (${scopeList}) are listed as roles on ` +
      `each operation it may read. ${apiKeyLimits.requestsPerMinute} requests a minute per key.`,
  },
} as const;

const rateLimitHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};

/** A response answered to an API key carries the minute's budget. */
export const keyAnswerHeaders = rateLimitHeaders;

const errorSchema = { $ref: '#/components/schemas/Error' };

export const components = {
  schemas: { Error: openApiSchemaOf(ErrorAnswer, 'output') },
  headers: {
    RateLimitLimit: {
      description: 'Requests this API key may make in the current minute.',
      schema: { type: 'integer', examples: [apiKeyLimits.requestsPerMinute] },
    },
    RateLimitRemaining: {
      description: 'Requests left in the current minute.',
      schema: { type: 'integer', minimum: 0, examples: [97] },
    },
    RateLimitReset: {
      description: 'Seconds until the next minute starts (the same on every server).',
      schema: { type: 'integer', minimum: 0, examples: [42] },
    },
  },
  parameters: {
    IdempotencyKey: {
      name: idempotencyKeyHeader,
      in: 'header',
      required: true,
      description: 'One fresh key per player action; a retry with the same key is answered, not applied twice.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
      example: '3f1c2a9e-5b7d-4e0f-9a61-0c2d8e4b7a13',
    },
  },
  responses: {
    Error: {
      description: 'The request was refused (4xx: the game text says why) or failed (5xx: no details).',
      content: { 'application/json': { schema: errorSchema, examples: { notSignedIn: { value: errorExample } } } },
    },
    RateLimited: {
      description: `This API key used its ${apiKeyLimits.requestsPerMinute} requests of the minute.`,
      headers: rateLimitHeaders,
      content: {
        'application/json': {
          schema: errorSchema,
          examples: { rateLimited: { value: { message: texts.apiKeys.rateLimited } } },
        },
      },
    },
  },
  securitySchemes,
};
