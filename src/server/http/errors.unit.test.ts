import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { texts } from '../../core/texts';
import { registerErrorHandler } from './errors';

/** A statement error shaped as drizzle wraps the driver's: the full SQL and its values in the message. */
function failedQuery(code: string): Error {
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
    code,
    severity: 'ERROR',
  });
  return new Error('Failed query: select "id" from "market_listings" where "name" ilike $1\nparams: %secret-search%', {
    cause,
  });
}

async function answer(error: Error) {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return { res, log: lines.join('') };
}

describe('the error handler', () => {
  it('answers a value the database refused (SQLSTATE class 22) with a 400 and logs no SQL or values', async () => {
    const { res, log } = await answer(failedQuery('22021'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: texts.valueRefused });
    expect(log).toContain('22021');
    expect(log).not.toMatch(/select|secret-search|Failed query/);
  });

  it('keeps any other database failure a 500 whose details stay out of the answer', async () => {
    const { res } = await answer(failedQuery('40P01'));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/select|secret-search/);
    expect(res.json()).toEqual({ message: texts.serverError });
  });
});
