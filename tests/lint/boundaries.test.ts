import { beforeAll, describe, expect, it } from 'vitest';
import { importedName, rulesHit, warmUp } from './lint-snippet';

// Each architecture rule of eslint.config.js, shown to fire on a deliberate violation at the path
// where it matters and to stay quiet on the compliant version. The snippets are
// linted with the repository's own config, as `npm run lint` does, at virtual file paths.
beforeAll(warmUp, 60_000);

const BOUNDARIES = 'local/import-boundaries';
const TABLES = 'local/store-owns-tables';
const BALANCE = 'local/no-balance-write';
const HTML = 'no-restricted-syntax';

describe('src/core depends on neither the server, the client nor Node', () => {
  it.each([
    ["import { readFileSync } from 'node:fs';", 'a node: builtin'],
    ["import { createHash } from 'crypto';", 'a bare Node builtin'],
    ["import { loadConfig } from '../server/config';", 'server code'],
    ["import { api } from '../client/lib/api';", 'client code'],
    ["import { config } from './rules/../../server/db/../config';", 'server code through a winding path'],
    ["export * from '../server/config';", 're-exported server code'],
    ["export const load = () => import('../server/app');", 'a dynamic import of server code'],
    ["import type { Database } from '../server/db/connect';", 'a type-only import of server code'],
    ["import { useState } from 'react';", 'React'],
    ["import Fastify from 'fastify';", 'Fastify'],
    ["import { eq } from 'drizzle-orm';", 'Drizzle'],
    ["import { pgTable } from 'drizzle-orm/pg-core';", 'a Drizzle subpath'],
    ["import postgres from 'postgres';", 'postgres'],
    ["import { PGlite } from '@electric-sql/pglite';", 'PGlite'],
  ])('%s (%s) is refused', async (code) => {
    expect(await rulesHit('src/core/x.ts', `${code}\nexport const used = [${importedName(code)}];\n`)).toContain(
      BOUNDARIES,
    );
  });

  it('zod and other core modules are fine', async () => {
    const code =
      "import { z } from 'zod';\nimport { balance } from '../balance';\nexport const schema = z.number().max(balance.x);\n";
    expect(await rulesHit('src/core/rules/x.ts', code)).toEqual([]);
  });
});

describe('the client never imports server code', () => {
  it('refuses a server module, even for types', async () => {
    expect(
      await rulesHit(
        'src/client/screens/x.tsx',
        "import { send } from '../../server/features/chat/service';\nexport const f = send;\n",
      ),
    ).toContain(BOUNDARIES);
    expect(
      await rulesHit(
        'src/client/screens/x.tsx',
        "import type { User } from '../../server/features/auth/user-view';\nexport type U = User;\n",
      ),
    ).toContain(BOUNDARIES);
  });

  it('refuses server packages and Node builtins outside tests', async () => {
    expect(
      await rulesHit('src/client/lib/x.ts', "import IORedis from 'ioredis';\nexport const r = IORedis;\n"),
    ).toContain(BOUNDARIES);
    expect(
      await rulesHit(
        'src/client/lib/x.ts',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      ),
    ).toContain(BOUNDARIES);
    expect(
      await rulesHit(
        'src/client/lib/x.test.ts',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      ),
    ).toEqual([]);
  });

  it('and the server never imports client code', async () => {
    expect(
      await rulesHit('src/server/http/x.ts', "import { App } from '../../client/shell/App';\nexport const f = App;\n"),
    ).toContain(BOUNDARIES);
  });

  it('allows core contracts and React', async () => {
    const code =
      "import { useState } from 'react';\nimport { texts } from '../../core/texts';\nexport const f = [useState, texts];\n";
    expect(await rulesHit('src/client/screens/x.tsx', code)).toEqual([]);
  });
});

describe('only stores and the table-owning modules touch the schema and Drizzle', () => {
  it.each([
    ['src/server/features/chat/service.ts', "import { chatMessages } from '../../db/schema';"],
    ['src/server/features/chat/routes.ts', "import { eq } from 'drizzle-orm';"],
    ['src/server/features/chat/restore.ts', "import { eq } from 'drizzle-orm';"],
    ['src/server/http/x.ts', "import { users } from '../db/schema/users';"],
    ['scripts/x.ts', "import { users } from '../src/server/db/schema';"],
  ])('%s: %s is refused', async (path, code) => {
    expect(await rulesHit(path, `${code}\nexport const used = [${importedName(code)}];\n`)).toContain(BOUNDARIES);
  });

  it.each([
    ['src/server/features/chat/store.ts', "import { chatMessages } from '../../db/schema';"],
    // A store split by concern (ADR 080) is a store too.
    ['src/server/features/terminal/intrusion-store.ts', "import { intrusions } from '../../db/schema';"],
    ['src/server/features/kernel/season-store.ts', "import { kernelSeasons } from '../../db/schema';"],
    ['src/server/wallet/debit.ts', "import { users } from '../db/schema';"],
    ['src/server/jobs/runner.ts', "import { sql } from 'drizzle-orm';"],
    ['src/server/features/chat/chat.int.test.ts', "import { users } from '../../db/schema';"],
  ])('%s: %s is allowed', async (path, code) => {
    expect(await rulesHit(path, `${code}\nexport const used = [${importedName(code)}];\n`)).toEqual([]);
  });
});

describe("no feature imports another feature's store", () => {
  it("refuses ../<other>/store and allows the other's service", async () => {
    expect(
      await rulesHit(
        'src/server/features/market/service.ts',
        "import { listMessages } from '../chat/store';\nexport const f = listMessages;\n",
      ),
    ).toContain(BOUNDARIES);
    expect(
      await rulesHit(
        'src/server/features/market/service.ts',
        "import { postMessage } from '../chat/service';\nexport const f = postMessage;\n",
      ),
    ).toEqual([]);
    expect(
      await rulesHit(
        'src/server/features/market/service.ts',
        "import { listListings } from './store';\nexport const f = listListings;\n",
      ),
    ).toEqual([]);
    expect(
      await rulesHit(
        'src/server/features/market/service.ts',
        "import { listSeasons } from '../kernel/season-store';\nexport const f = listSeasons;\n",
      ),
    ).toContain(BOUNDARIES);
  });

  it("refuses another feature's <concern>-store as surely as its store", async () => {
    expect(
      await rulesHit(
        'src/server/features/market/service.ts',
        "import { lockIntrusion } from '../terminal/intrusion-store';\nexport const f = lockIntrusion;\n",
      ),
    ).toContain(BOUNDARIES);
  });

  it("lets a test read another feature's store to check an invariant across features", async () => {
    expect(
      await rulesHit(
        'src/server/features/market/market.int.test.ts',
        "import { ledgerTotal } from '../ledger/store';\nexport const f = ledgerTotal;\n",
      ),
    ).toEqual([]);
  });
});

describe("a feature's store touches only its own tables", () => {
  const store = 'src/server/features/market/store.ts';

  it("refuses another feature's table, through the schema index or its own file", async () => {
    expect(
      await rulesHit(store, "import { chatMessages } from '../../db/schema';\nexport const t = chatMessages;\n"),
    ).toContain(TABLES);
    expect(await rulesHit(store, "import { gear } from '../../db/schema/items';\nexport const t = gear;\n")).toContain(
      TABLES,
    );
    expect(await rulesHit(store, "import * as schema from '../../db/schema';\nexport const t = schema;\n")).toContain(
      TABLES,
    );
  });

  it('lets it read the shared users table but not write it, in Drizzle or in SQL', async () => {
    const head = "import { eq, sql } from 'drizzle-orm';\nimport { users } from '../../db/schema';\n";
    expect(
      await rulesHit(
        store,
        `${head}export const read = (tx: Tx) => tx.select().from(users).where(eq(users.id, 1));\nexport const s = sql;\n`,
      ),
    ).toEqual([]);
    expect(
      await rulesHit(
        store,
        `${head}export const f = (tx: Tx) => tx.update(users).set({ level: 2 }).where(eq(users.id, 1));\nexport const s = sql;\n`,
      ),
    ).toContain(TABLES);
    expect(
      await rulesHit(
        store,
        `${head}export const f = (tx: Tx) => tx.execute(sql\`UPDATE users SET level = 2\`);\nexport const e = eq;\n`,
      ),
    ).toContain(TABLES);
    expect(
      await rulesHit(
        store,
        `${head}export const f = (tx: Tx) => tx.execute(sql\`DELETE FROM \${users} WHERE id = 1\`);\nexport const e = eq;\n`,
      ),
    ).toContain(TABLES);
  });

  it('checks a <concern>-store.ts beside store.ts the same way', async () => {
    expect(
      await rulesHit(
        'src/server/features/terminal/intrusion-store.ts',
        "import { chatMessages } from '../../db/schema';\nexport const t = chatMessages;\n",
      ),
    ).toContain(TABLES);
  });

  it('lets it write its own tables', async () => {
    const code =
      "import { chatMessages } from '../../db/schema';\nexport const f = (tx: Tx) => tx.insert(chatMessages).values({ body: 'x' });\n";
    expect(await rulesHit('src/server/features/chat/store.ts', code)).toEqual([]);
  });
});

describe('only the wallet writes the Telnet balance', () => {
  // auth owns users, so only the balance rule can object here.
  const store = 'src/server/features/auth/store.ts';
  const head =
    "import { eq, sql } from 'drizzle-orm';\nimport { users } from '../../db/schema';\nexport const used = [eq, sql, users];\n";

  it.each([
    ['a drizzle .set', 'tx.update(users).set({ telnet: sql`${users.telnet} + 5` }).where(eq(users.id, 1))'],
    ['a drizzle .values', "tx.insert(users).values({ loginId: 'a', telnet: 100 })"],
    ['an upsert', 'tx.insert(users).values({ id: 1 }).onConflictDoUpdate({ target: users.id, set: { telnet: 0 } })'],
    ['raw SQL', 'tx.execute(sql`UPDATE users SET level = 2, telnet = telnet + ${5} WHERE id = 1`)'],
    ['raw SQL naming the column through drizzle', 'tx.execute(sql`UPDATE ${users} SET ${users.telnet} = 0`)'],
    ['an unsafe string', 'tx.unsafe(\'update users set "telnet" = 0\')'],
  ])('%s is refused outside src/server/wallet', async (_what, write) => {
    const code = `${head}export const f = (tx: Tx) => ${write};\n`;
    expect(await rulesHit(store, code)).toContain(BALANCE);
    expect(await rulesHit('src/server/wallet/store.ts', code)).toEqual([]);
  });

  it('reads of the balance and writes of other columns pass', async () => {
    const code = `${head}export const f = (tx: Tx) => [
  tx.select({ telnet: users.telnet }).from(users).where(sql\`\${users.telnet} >= \${5}\`),
  tx.execute(sql\`UPDATE users SET telnet_cents = 0, level = 2 WHERE telnet >= 10\`),
  tx.update(users).set({ level: 2 }),
];\n`;
    expect(await rulesHit(store, code)).toEqual([]);
  });
});

describe('the client never renders HTML from data', () => {
  it.each([
    [
      'dangerouslySetInnerHTML',
      'export const F = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />;',
    ],
    ['innerHTML', 'export const f = (el: HTMLElement, s: string) => { el.innerHTML = s; };'],
    ['outerHTML', 'export const f = (el: HTMLElement, s: string) => { el.outerHTML = s; };'],
    ['insertAdjacentHTML', "export const f = (el: HTMLElement, s: string) => el.insertAdjacentHTML('beforeend', s);"],
    ['document.write', 'export const f = (s: string) => document.write(s);'],
  ])('%s is refused', async (_what, code) => {
    expect(await rulesHit('src/client/screens/x.tsx', code)).toContain(HTML);
  });

  it('text content passes', async () => {
    const code =
      'export const F = ({ text }: { text: string }) => <div>{text}</div>;\nexport const f = (el: HTMLElement, s: string) => { el.textContent = s; };\n';
    expect(await rulesHit('src/client/screens/x.tsx', code)).toEqual([]);
  });
});
