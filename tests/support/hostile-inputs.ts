import type { z } from 'zod';

/** Texts no field of any contract accepts: each must be refused with a 4xx. */
export const hostileStrings: Array<[name: string, value: string]> = [
  ['a NUL', '\u0000'],
  ['a NUL inside text', 'ab\u0000cd'],
  ['an escape sequence', 'red\u001b[31m'],
  ['a line break', 'a\r\nb'],
  ['a right-to-left override', 'abc\u202Egnp'],
  ['a first-strong isolate', 'x\u2068y'],
  ['a huge text', 'a'.repeat(100_000)],
];

/** Texts that are fine words but odd numbers: refused or accepted, never a 5xx. */
export const oddStrings: Array<[name: string, value: string]> = [
  ['an empty value', ''],
  ['a blank', ' '],
  ['a number past int8', '99999999999999999999999'],
  ['a negative number', '-1'],
  ['a number past every range', '1e400'],
  ['a hexadecimal number', '0x10'],
];

/** JSON values that are not strings: the same hostile set a body can carry. */
export const hostileJson: Array<[name: string, value: unknown]> = [
  ['a huge number', 1e308],
  ['2^53 + 1', 2 ** 53 + 1],
  ['a negative number', -1],
  ['a fraction', 1.5],
  ['an object', { $gt: '' }],
  ['a long array', Array.from({ length: 2_000 }, () => 1)],
  ['null', null],
];

/** Bodies of the wrong shape altogether, as raw JSON text. */
export const malformedBodies: Array<[name: string, text: string]> = [
  ['an array', '[]'],
  ['a string', '"text"'],
  ['a number', '7'],
  ['broken JSON', '{"a":'],
  ['an unknown field', '{"zzUnknown":1}'],
  ['a deep nesting', `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
];

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * A plausible valid value for a schema (strings become query text when asQuery is set); undefined
 * where the field may be left out. Good enough that a hostile value in one field is the only fault.
 */
export function sampleValue(schema: z.ZodType, asQuery: boolean): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return undefined;
    case 'pipe':
      return sampleValue(def.in as z.ZodType, asQuery) ?? sampleValue(def.out as z.ZodType, asQuery);
    case 'string':
      return 'walker1';
    case 'number':
      return asQuery ? '1' : 1;
    case 'boolean':
      return asQuery ? 'true' : true;
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [sampleValue(def.element as z.ZodType, asQuery)];
    case 'union':
      return sampleValue((def.options as z.ZodType[])[0]!, asQuery);
    case 'object':
      return sampleObject(schema, asQuery);
    default:
      return undefined;
  }
}

/** The fields of an object schema (through optional wrappers), empty for anything else. */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default') return fieldsOf(def.innerType as z.ZodType);
  if (def.type === 'object') return Object.keys(def.shape as object);
  return [];
}

/** An object with a sample for every field that must be present. */
export function sampleObject(schema: z.ZodType | undefined, asQuery: boolean): Record<string, unknown> {
  if (!schema) return {};
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default') return sampleObject(def.innerType as z.ZodType, asQuery);
  if (def.type !== 'object') return {};
  const sample: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(def.shape as Record<string, z.ZodType>)) {
    const value = sampleValue(fieldSchema, asQuery);
    if (value !== undefined) sample[field] = value;
  }
  return sample;
}
