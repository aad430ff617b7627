import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securePaths } from '../../../core/api/game';
import { idempotencyKeyRoutes } from '../../../core/api/idempotency';
import { buildTestApp, type TestApp } from '../../../../tests/support/app';
import { declaresResponse } from '../contracts';
import { openApiPath as toOpenApiPath } from './operation';
import { docsPath, openApiPath } from './register';

type Json = Record<string, any>;

/** Every example in the document beside the schema it illustrates: [where, schema, value]. */
function examplesIn(document: Json): [string, Json, unknown][] {
  const found: [string, Json, unknown][] = [];
  const visit = (node: unknown, where: string) => {
    if (node === null || typeof node !== 'object') return;
    const object = node as Json;
    if (object.schema && object.examples && !Array.isArray(object.examples))
      for (const [name, example] of Object.entries(object.examples as Json))
        found.push([`${where}/examples/${name}`, object.schema, (example as Json).value]);
    if (object.schema && 'example' in object) found.push([`${where}/example`, object.schema, object.example]);
    if (Array.isArray(object.examples) && !object.schema)
      object.examples.forEach((value: unknown, i: number) => found.push([`${where}/examples/${i}`, object, value]));
    for (const [key, child] of Object.entries(object)) visit(child, `${where}/${key}`);
  };
  visit(document, '#');
  return found;
}

// The API described for everyone outside the client (ADR 077): the document the real app serves.
describe('the OpenAPI document', () => {
  let app: TestApp;
  let document: Json;
  const declared = new Set<string>();
  const apiRoutes = new Set<string>();
  const spending = new Set<string>();

  beforeAll(async () => {
    app = await buildTestApp('pglite', {
      onRoute: ({ method, url, schema, handler }) => {
        for (const m of [method].flat()) {
          if (m === 'HEAD' || !url.startsWith('/api/')) continue;
          apiRoutes.add(`${m} ${url}`);
          if (declaresResponse(schema)) declared.add(`${m} ${url}`);
          if (String(handler).includes('requireIdempotencyKey')) spending.add(`${m} ${url}`);
        }
      },
    });
    const res = await app.fastify.inject({ method: 'GET', url: openApiPath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    document = res.json();
  });
  afterAll(async () => {
    await app?.close();
  });

  const operation = (route: string): Json | undefined => {
    const [method, url] = route.split(' ') as [string, string];
    return document.paths[toOpenApiPath(url)]?.[method.toLowerCase()];
  };

  it('passes a standard OpenAPI 3.1 validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has examples, and every one fits the schema beside it', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ components: document.components }, 'doc');
    const examples = examplesIn(document);
    expect(examples.length).toBeGreaterThan(5);
    const misfits = examples.flatMap(([where, schema, value]) => {
      const resolved = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
      const validate = ajv.compile(resolved);
      return validate(value) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(misfits).toEqual([]);
  });

  it('lists every /api route, each declaring its answer and described from its schema', () => {
    expect(declared.size).toBeGreaterThan(0);
    expect([...apiRoutes].filter((route) => !operation(route))).toEqual([]);
    expect([...apiRoutes].filter((route) => !declared.has(route))).toEqual([]);
    const undescribed = [...declared].filter((route) => {
      const answers = operation(route)!.responses as Json;
      const success = Object.entries(answers).find(([status]) => status.startsWith('2'))?.[1] as Json;
      return !Object.values((success.content ?? {}) as Json).some((media) => media.schema);
    });
    expect(undescribed).toEqual([]);
  });

  it("describes the Kernel's two binary answers as bytes under their media types, with their 304", () => {
    const bytes = { type: 'string', format: 'binary' };
    const snapshot = operation('GET /api/grid/snapshot')!;
    expect(snapshot.responses['200'].content).toEqual({ 'application/octet-stream': { schema: bytes } });
    expect(snapshot.responses['304'].description).toMatch(/^Not modified/);
    const image = operation('GET /api/kernel/seasons/:season/image.png')!;
    expect(image.responses['200'].content).toEqual({ 'image/png': { schema: bytes } });
    expect(image.responses['304'].description).toMatch(/^Not modified/);
    expect(image.parameters).toContainEqual(expect.objectContaining({ name: 'season', in: 'path', required: true }));
    const purchase = operation('POST /api/grid/purchase')!;
    expect(purchase.responses['409'].content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['success', 'title', 'message']),
    );
  });

  it('explains the secureData envelope on the five secure paths, both ways', () => {
    expect(securePaths).toHaveLength(5);
    for (const path of securePaths) {
      const op = operation(`POST ${path}`)!;
      const sent = op.requestBody.content['application/json'].schema;
      expect(sent.required).toEqual(['secureData']);
      expect(sent.properties.secureData).toMatchObject({ type: 'string', contentMediaType: 'application/json' });
      expect(sent.properties.secureData.description).toMatch(/deflate/);
      expect(op.responses['200'].content['application/json'].schema.properties.secureData).toBeDefined();
    }
  });

  it('marks every spending call with its Idempotency-Key, and the list matches the handlers', () => {
    expect(Object.keys(idempotencyKeyRoutes).sort()).toEqual([...spending].sort());
    for (const [route, when] of Object.entries(idempotencyKeyRoutes)) {
      const names = (operation(route)!.parameters as Json[]).map((p) => p.name ?? p.$ref);
      expect(names).toContain(when === 'always' ? '#/components/parameters/IdempotencyKey' : 'Idempotency-Key');
    }
  });

  it('asks for the CSRF token on state changes, and offers API keys only where a scope reads', () => {
    expect(operation('POST /api/marketplace/buy')!.security).toEqual([{ session: [], csrfToken: [] }]);
    expect(operation('POST /api/auth/login')!.security).toEqual([]);
    const leaderboard = operation('GET /api/leaderboard')!;
    expect(leaderboard.security).toEqual([{ session: [] }, { apiKey: ['leaderboard'] }]);
    expect(leaderboard.responses['429']).toEqual({ $ref: '#/components/responses/RateLimited' });
    expect(Object.keys(document.components.responses.RateLimited.headers)).toEqual([
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ]);
    expect(operation('GET /api/filesystem/status')!.security).toEqual([{ session: [] }]);
  });

  it('serves the docs page and its viewer from this origin, under the same CSP', async () => {
    const page = await app.fastify.inject({ method: 'GET', url: docsPath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(page.body).not.toMatch(/<script>/);
    for (const src of [...scripts, `${docsPath}/swagger-ui.css`]) {
      const file = await app.fastify.inject({ method: 'GET', url: src });
      expect(file.statusCode, src).toBe(200);
      expect(file.body.length, src).toBeGreaterThan(20);
    }
  });
});
