import { z } from 'zod';

/**
 * A zod contract as OpenAPI 3.1 reads it (JSON Schema draft 2020-12). `io` picks the side: what a client
 * sends (input: query strings before they become numbers, defaults optional) or what the server writes
 * (output, the side the compiled serializer reads). Checks JSON Schema cannot say (refinements) are left out.
 */
export function openApiSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}
