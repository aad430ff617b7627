type Json = Record<string, unknown>;

/** Keywords whose value is one schema, a list of schemas, or a map of them (draft-07 and 2020-12). */
const oneSchema = ['additionalProperties', 'items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const listOfSchemas = ['anyOf', 'oneOf', 'allOf', 'items', 'prefixItems'];
const mapOfSchemas = ['properties', 'patternProperties', '$defs', 'definitions'];

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Applies `change` to every schema in the tree, children first; `change` returns the node to keep. */
function mapSchemas(node: Json, change: (schema: Json) => Json): Json {
  const out: Json = { ...node };
  for (const key of oneSchema) if (isObject(out[key])) out[key] = mapSchemas(out[key] as Json, change);
  for (const key of listOfSchemas)
    if (Array.isArray(out[key]))
      out[key] = (out[key] as unknown[]).map((s) => (isObject(s) ? mapSchemas(s, change) : s));
  for (const key of mapOfSchemas)
    if (isObject(out[key]))
      out[key] = Object.fromEntries(
        Object.entries(out[key] as Json).map(([name, s]) => [name, isObject(s) ? mapSchemas(s, change) : s]),
      );
  return change(out);
}

/** The value a branch gives its discriminator: a `const`, or an enum of one. */
function constantOf(property: unknown): unknown {
  if (!isObject(property)) return undefined;
  if ('const' in property) return property.const;
  return Array.isArray(property.enum) && property.enum.length === 1 ? property.enum[0] : undefined;
}

/** The property every branch requires with a constant of its own, or null when the union has none. */
function discriminatorOf(branches: Json[]): string | null {
  const first = branches[0];
  if (!first || !isObject(first.properties)) return null;
  for (const key of Object.keys(first.properties)) {
    const values = branches.map((b) =>
      isObject(b.properties) && Array.isArray(b.required) && b.required.includes(key)
        ? constantOf(b.properties[key])
        : undefined,
    );
    if (values.every((v) => v !== undefined) && new Set(values).size === values.length) return key;
  }
  return null;
}

/**
 * A discriminated union as if/then on its discriminator: fast-json-stringify then chooses a branch by
 * checking one constant instead of validating the whole value against each branch. A value whose
 * discriminator matches no branch meets the original union last and is refused as before.
 */
function unionAsIfThen(schema: Json): Json {
  const key = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : null;
  if (!key) return schema;
  const branches = schema[key] as unknown[];
  if (branches.length < 2 || !branches.every(isObject)) return schema;
  const discriminator = discriminatorOf(branches);
  if (!discriminator) return schema;
  const { [key]: _union, ...siblings } = schema;
  const chain = branches.reduceRight<Json>(
    (otherwise, branch) => ({
      type: 'object',
      if: {
        type: 'object',
        properties: { [discriminator]: { const: constantOf((branch.properties as Json)[discriminator]) } },
        required: [discriminator],
      },
      then: branch,
      else: otherwise,
    }),
    { type: 'object', [key]: branches },
  );
  return { ...siblings, ...chain };
}

/** Format and pattern only ever cost the serializer a check: it writes the string the same either way. */
function withoutStringChecks(schema: Json): Json {
  const { format: _format, pattern: _pattern, ...rest } = schema;
  return rest;
}

/**
 * The JSON Schema the compiled serializer is built from (ADR 077): the contract's, with each discriminated
 * union turned into if/then on its discriminator and without `format`/`pattern`. fast-json-stringify picks a
 * union's branch by validating the value with Ajv, `date-time` checks included, which made the marketplace page
 * three times slower than JSON.stringify. What is written is the same; the OpenAPI document and the test-time
 * check of every answer keep the full schema.
 */
export function serializerSchema(json: Json): Json {
  return mapSchemas(json, (schema) => unionAsIfThen(withoutStringChecks(schema)));
}
