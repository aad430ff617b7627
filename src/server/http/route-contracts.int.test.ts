import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';
import { declaresResponse } from './contracts';
import { routesWithoutContracts } from './routes-without-contracts';

// Every registered route declares the answer it gives (ADR 074), binary ones included; the three that answer
// no JSON are listed by name, and the list may only shrink: a route on it that gains a schema fails too.
describe.each(drivers)('every route declares its response [%s]', (driver) => {
  let app: TestApp;
  const withSchema = new Set<string>();
  const withoutSchema = new Set<string>();

  beforeAll(async () => {
    app = await buildTestApp(driver, {
      onRoute: ({ method, url, schema }) => {
        for (const m of [method].flat()) {
          if (m === 'HEAD') continue;
          (declaresResponse(schema) ? withSchema : withoutSchema).add(`${m} ${url}`);
        }
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists no route without a response schema beyond the known ones', () => {
    const unexpected = [...withoutSchema].filter((route) => !routesWithoutContracts.includes(route));
    expect(unexpected).toEqual([]);
  });

  it('keeps no route on the known list once it declares its response', () => {
    expect(routesWithoutContracts.filter((route) => withSchema.has(route))).toEqual([]);
    expect(withSchema.size).toBeGreaterThan(0);
  });
});
