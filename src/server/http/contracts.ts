import type { FastifyInstance, FastifySchema, FastifyTypeProvider } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { ErrorBody } from '../../core/api/common';
import { secureAnswerOf } from '../../core/api/game';
import { infra } from '../../core/infra';
import { describeZodError, HttpError } from './errors';
import { decodeSecureDataNative } from './secure-data-codec';
import { serializerSchema } from './serializer-schema';

/**
 * Routes declare zod contracts (docs/decisions/074-contracts-on-every-route.md): the handler's input is
 * the schema's output type and its answer must fit the response schema's input type.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Every error answer: a message a player can read, sometimes with fields of its own (e.g. a retry time). */
export const ErrorAnswer = ErrorBody.loose();

/** The error answers every route may give, so each declares them the same way. */
export const errorResponses = { '4xx': ErrorAnswer, '5xx': ErrorAnswer } as const;

/** A 204 answer: nothing is written, and the route still declares it so the walk and the spec see it. */
export const NoContent = z.undefined().meta({ description: 'No content.' });

/** A 304 to a conditional GET: nothing is written, the copy the client holds (its If-None-Match) is current. */
export const NotModified = z
  .undefined()
  .meta({ description: 'Not modified: the ETag sent in If-None-Match is current.' });

function isZod(schema: unknown): schema is z.ZodType {
  return schema instanceof z.ZodType;
}

/** The JSON Schema a zod contract serialises as (draft-07, what the compiled serializer reads). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/**
 * One compiled serializer per response schema for the whole process: the contracts are module constants
 * and the compiled function keeps no state, so every app built in a process (each test app, each instance
 * of a test of two) shares them instead of compiling every route again (ADR 085).
 */
const compiledSerializers = new WeakMap<z.ZodType, (data: unknown) => string>();

function compiledSerializerOf(schema: z.ZodType): (data: unknown) => string {
  let stringify = compiledSerializers.get(schema);
  if (!stringify) {
    stringify = fastJsonStringify(serializerSchema(jsonSchemaOf(schema, 'output'))) as (data: unknown) => string;
    compiledSerializers.set(schema, stringify);
  }
  return stringify;
}

export interface ContractOptions {
  /** Parse every answer against its schema before it is written: tests turn this on, production does not. */
  checkResponses: boolean;
}

/**
 * Input is parsed by the route's zod schema with the same 400 message as before (describeZodError);
 * output is written by fast-json-stringify compiled from the response schema (fields outside it never leave),
 * without the checks that only slow it down (serializerSchema, ADR 077).
 */
export function registerContracts(app: FastifyInstance, options: ContractOptions): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!isZod(schema)) throw new Error('a route input schema must be a zod schema');
    // Fastify hands a missing body to the validator as null; parsed as undefined, a route whose body is
    // optional (`.optional()`) takes a bodyless POST, and a required body is refused as before.
    const missing = httpPart === 'body' ? undefined : null;
    return (data: unknown) => {
      const result = schema.safeParse(data === null ? missing : data, { reportInput: true });
      return result.success ? { value: result.data } : { error: new HttpError(400, describeZodError(result.error)) };
    };
  });
  app.setSerializerCompiler(({ schema, url, method, httpStatus }) => {
    if (!isZod(schema)) throw new Error('a route response schema must be a zod schema');
    const stringify = compiledSerializerOf(schema);
    if (!options.checkResponses) return (data: unknown) => stringify(data);
    const check = (value: unknown, against: z.ZodType) => {
      const result = against.safeParse(value);
      if (!result.success) {
        throw new Error(
          `${method} ${url} answered ${httpStatus} outside its schema: ${describeZodError(result.error)}`,
        );
      }
    };
    // A secure path's envelope is checked, then what it carries against the answer it names.
    const inner = secureAnswerOf(schema);
    return (data: unknown) => {
      check(data, schema);
      if (inner) {
        const { secureData } = data as { secureData: string };
        check(decodeSecureDataNative(secureData, 'server', infra.secureDataMaxInflatedBytes), inner);
      }
      return stringify(data);
    };
  });
}

/** Whether a route declares a response for its success status (the route-walk test reads this). */
export function declaresResponse(schema: FastifySchema | undefined): boolean {
  const response = schema?.response as Record<string, unknown> | undefined;
  return !!response && Object.keys(response).some((status) => /^2/.test(status));
}
