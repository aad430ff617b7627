import type { FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { HttpError } from './errors';

/**
 * Finds a key repeated inside one JSON object. JSON.parse keeps the last one silently, which lets
 * a request say two things at once to two different readers; we refuse it instead.
 */
export function findDuplicateKey(text: string): string | null {
  const stack: Array<Set<string> | null> = [];
  let i = 0;
  let expectKey = false;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const raw = text.slice(i, j + 1);
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        const key = JSON.parse(raw) as string;
        if (top.has(key)) return key;
        top.add(key);
        expectKey = false;
      }
      i = j + 1;
      continue;
    }
    if (c === '{') {
      stack.push(new Set());
      expectKey = true;
    } else if (c === '[') {
      stack.push(null);
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      expectKey = stack[stack.length - 1] instanceof Set;
    }
    i++;
  }
  return null;
}

/**
 * Parses a JSON text the way every /api body is parsed: prototype keys and duplicate keys are
 * refused with a 400 (the secureData envelope's contents go through here too).
 */
export function parseJsonText(text: string, what = 'JSON body'): unknown {
  let value: unknown;
  try {
    value = secureJsonParse.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    const message = /prototype|constructor/i.test((error as Error).message)
      ? `Forbidden key in ${what} (__proto__ or constructor.prototype)`
      : `Malformed ${what}`;
    throw new HttpError(400, message);
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate !== null) throw new HttpError(400, `Duplicate key in ${what}: ${duplicate}`);
  return value;
}

/**
 * The only body type /api accepts is JSON. text/plain is refused because a cross-site form can
 * send it without a CORS preflight; prototype keys and duplicate keys are refused with a 400.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, parseJsonText(text));
    } catch (error) {
      done(error as HttpError);
    }
  });
}
