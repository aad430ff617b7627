import fastJsonStringify from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ListingPage } from '../../core/api/market';
import { jsonSchemaOf } from './contracts';
import { answerExamples } from './openapi/examples';
import { serializerSchema } from './serializer-schema';

// The documented example listing (a gear), and a core listed beside it.
const example = answerExamples['GET /api/marketplace/listings']![200] as z.input<typeof ListingPage>;
const gear = example.listings[0]!;
const core = {
  ...gear,
  id: 2,
  itemType: 'telnet-core' as const,
  itemData: { name: 'T-3 Telnet Core', coreTypeId: 3, coreTypeName: 'T-3' as const },
};

const compiled = (schema: z.ZodType) => fastJsonStringify(serializerSchema(jsonSchemaOf(schema, 'output')));
const wholeSchema = (schema: z.ZodType) => fastJsonStringify(jsonSchemaOf(schema, 'output'));

// ADR 077: the serializer's schema drops only what costs it a check; what it writes must not change.
describe("the compiled serializer's schema", () => {
  it('writes a marketplace page exactly as the whole contract does, each listing in its own branch', () => {
    const page = { listings: [gear, core], page: 1, pageSize: 20, total: 2 };
    const written = compiled(ListingPage)(page);
    expect(written).toBe(wholeSchema(ListingPage)(page));
    expect(JSON.parse(written)).toEqual(ListingPage.parse(page));
  });

  it('still leaves out fields outside the branch a listing takes', () => {
    const extra = { ...core, itemData: { ...core.itemData, secret: 'x' }, internal: 1 };
    const page = JSON.parse(compiled(ListingPage)({ listings: [extra], page: 1, pageSize: 20, total: 1 }));
    expect(page.listings[0]).toEqual(core);
  });

  it('refuses a value whose discriminator names no branch, as the union did', () => {
    const odd = { ...gear, itemType: 'boss-loot' };
    expect(() => compiled(ListingPage)({ listings: [odd], page: 1, pageSize: 20, total: 1 })).toThrow();
  });

  it('turns the union into if/then on the discriminator and drops format and pattern, not fields named so', () => {
    const schema = serializerSchema(
      jsonSchemaOf(
        z.object({
          at: z.iso.datetime(),
          code: z.string().regex(/^[a-z]+$/),
          format: z.string(),
          pattern: z.string(),
          choice: z.discriminatedUnion('kind', [
            z.object({ kind: z.literal('a'), n: z.int() }),
            z.object({ kind: z.literal('b'), s: z.string() }),
          ]),
        }),
        'output',
      ),
    );
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.at).toEqual({ type: 'string' });
    expect(properties.code).toEqual({ type: 'string' });
    expect(Object.keys(properties)).toEqual(['at', 'code', 'format', 'pattern', 'choice']);
    expect(properties.choice!.if).toEqual({ type: 'object', properties: { kind: { const: 'a' } }, required: ['kind'] });
    expect(properties.choice!.oneOf ?? properties.choice!.anyOf).toBeUndefined();
  });

  it('leaves a union without a discriminator (a nullable object) as it was', () => {
    const json = jsonSchemaOf(z.object({ owner: z.object({ id: z.int() }).nullable() }), 'output');
    expect(serializerSchema(json)).toEqual(json);
  });
});
