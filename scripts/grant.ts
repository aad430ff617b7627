import { parseArgs } from 'node:util';
import { coreTypeNames, gearTypes, rarities, type CoreTypeName, type GearType, type Rarity } from '../src/core/items';
import type { GrantRequest } from '../src/server/features/grant/service';
import { grantAsOperator } from '../src/server/features/grant/grant-command';
import { openOperatorDatabase } from './operator-database';

// Operator tool (ADR 019): `npm run grant -- <loginId> [--telnet N] [--exp N] [--gear cpu|ram|gpu|storage
// [--level L] [--rarity R]] [--core T-1…T-5]`. The same wallet, inventory and rules as play; one JSON line out.
const usage =
  'usage: npm run grant -- <loginId> [--telnet N] [--exp N] [--gear cpu|ram|gpu|storage [--level L] [--rarity common|rare|epic|legendary]] [--core T-1…T-5]';
const fail = (message: string): never => {
  console.error(`${message}\n${usage}`);
  process.exit(2);
};
const whole = (text: string | undefined, name: string, max: number): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  return /^\d+$/.test(text) && n >= 1 && n <= max ? n : fail(`--${name} must be a whole number from 1 to ${max}`);
};
const oneOf = <T extends string>(text: string | undefined, name: string, allowed: readonly T[]): T | undefined =>
  text === undefined
    ? undefined
    : (allowed as readonly string[]).includes(text)
      ? (text as T)
      : fail(`--${name} must be one of ${allowed.join(', ')}`);

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      telnet: { type: 'string' },
      exp: { type: 'string' },
      gear: { type: 'string' },
      level: { type: 'string' },
      rarity: { type: 'string' },
      core: { type: 'string' },
    },
  });
} catch (error) {
  fail((error as Error).message);
}
const { values, positionals } = parsed!;
if (positionals.length !== 1) fail('name exactly one login ID');
const gearType = oneOf<GearType>(values.gear, 'gear', gearTypes);
if (!gearType && (values.level || values.rarity)) fail('--level and --rarity go with --gear');
const request: GrantRequest = {
  loginId: positionals[0]!,
  ...(values.telnet ? { telnet: whole(values.telnet, 'telnet', 1_000_000_000)! } : {}),
  ...(values.exp ? { exp: whole(values.exp, 'exp', 1_000_000_000)! } : {}),
  ...(gearType
    ? {
        gear: {
          type: gearType,
          level: whole(values.level, 'level', 100),
          rarity: oneOf<Rarity>(values.rarity, 'rarity', rarities),
        },
      }
    : {}),
  ...(values.core ? { core: oneOf<CoreTypeName>(values.core, 'core', coreTypeNames)! } : {}),
};
if (!request.telnet && !request.exp && !request.gear && !request.core) fail('nothing to grant');

const { database, redis, log } = await openOperatorDatabase('granting');
try {
  const { screensToldAtOnce, ...result } = await grantAsOperator({ database, redis, log }, request);
  if (result.kind === 'no-player') {
    console.error(`no player with login ID ${request.loginId}`);
    process.exitCode = 1;
  } else if (result.kind === 'inventory-full') {
    console.error(`${request.loginId}'s inventory is full (50 items): nothing was granted`);
    process.exitCode = 1;
  } else {
    console.log(JSON.stringify({ granted: result, screensToldAtOnce }));
  }
} finally {
  await database.close();
}
