import { beforeAll, describe, expect, it } from 'vitest';
import { rulesHit, warmUp } from './lint-snippet';

// The boundaries ADR 080 drew, each shown to fire on the violation it was drawn against and to stay
// quiet on the compliant version.
beforeAll(warmUp, 60_000);

const BOUNDARIES = 'local/import-boundaries';
const TABLES = 'local/store-owns-tables';
const use = (name: string) => `\nexport const used = ${name};\n`;

describe('shared server modules name no feature', () => {
  it.each([
    ['src/server/http/session.ts', "import type { AuthService } from '../features/auth/service';"],
    ['src/server/realtime/hub.ts', "import type { AuthContext } from '../features/auth/service';"],
    ['src/server/jobs/runner.ts', "import { createDroneService } from '../features/drone/service';"],
    ['src/server/player/user-view.ts', "import type { UserRow } from '../features/auth/store';"],
    ['src/server/config.ts', "import { texts } from './features/auth/routes';"],
  ])('%s: %s is refused', async (path, code) => {
    const name = /\{ (?:type )?(\w+) \}/.exec(code)![1]!;
    expect(await rulesHit(path, code + use(`null as unknown as ${name}`))).toContain(BOUNDARIES);
  });

  it('lets them use the shared player module, and lets app.ts compose the features', async () => {
    const player = "import type { AuthContext } from '../player/auth-context';" + use('null as unknown as AuthContext');
    expect(await rulesHit('src/server/http/session.ts', player)).toEqual([]);
    expect(await rulesHit('src/server/realtime/hub.ts', player)).toEqual([]);
    const app = "import { createDrone } from './features/drone/register';" + use('createDrone');
    expect(await rulesHit('src/server/app.ts', app)).toEqual([]);
  });
});

describe('the drone and the optimizer are features of their own', () => {
  it.each([
    ['src/server/features/drone/steps.ts', "import { toGearDropView } from '../taps/drop-views';"],
    ['src/server/features/drone/service.ts', "import { createOptimizerService } from '../optimizer/service';"],
    ['src/server/features/optimizer/register.ts', "import { createDroneService } from '../drone/service';"],
    ['src/server/features/optimizer/register.ts', "import { droneRoutes } from '../drone/routes';"],
  ])('%s: %s is refused', async (path, code) => {
    const name = /\{ (\w+) \}/.exec(code)![1]!;
    expect(await rulesHit(path, code + use(name))).toContain(BOUNDARIES);
  });

  it('lets each use its own files, the inventory and the player module', async () => {
    const code =
      "import { toGearDropView } from '../../inventory/drop-views';\nimport { runDroneSteps } from './steps';\n" +
      "import { toUserView } from '../../player/user-view';\nexport const used = [toGearDropView, runDroneSteps, toUserView];\n";
    expect(await rulesHit('src/server/features/drone/service.ts', code)).toEqual([]);
    const tests = "import { createOptimizerService } from '../optimizer/service';" + use('createOptimizerService');
    expect(await rulesHit('src/server/features/drone/optimizer-drone-race.int.test.ts', tests)).toEqual([]);
  });

  it("keeps drone_runs the drone's table and optimizer_states the optimizer's", async () => {
    const write = (table: string, file: string) =>
      `import { ${table} } from '../../db/schema/${file}';\nexport const f = (tx: Tx) => tx.delete(${table});\n`;
    expect(await rulesHit('src/server/features/optimizer/store.ts', write('droneRuns', 'drone'))).toContain(TABLES);
    expect(await rulesHit('src/server/features/drone/store.ts', write('optimizerStates', 'optimizer'))).toContain(
      TABLES,
    );
    expect(await rulesHit('src/server/features/drone/store.ts', write('droneRuns', 'drone'))).toEqual([]);
    expect(await rulesHit('src/server/features/optimizer/store.ts', write('optimizerStates', 'optimizer'))).toEqual([]);
  });
});

describe('the client library names no screen', () => {
  it.each([
    [
      'src/client/lib/socket/socket-model.ts',
      "import { marketEventActions } from '../../screens/data-exchange/market-events';",
    ],
    [
      'src/client/lib/socket/socket-provider.tsx',
      "import { marketNoticeToast } from '../../screens/data-exchange/market-notice';",
    ],
  ])('%s: %s is refused', async (path, code) => {
    const name = /\{ (\w+) \}/.exec(code)![1]!;
    expect(await rulesHit(path, code + use(name))).toContain(BOUNDARIES);
  });

  it('lets a screen register with the socket layer', async () => {
    const code = "import { screenEvents } from '../../lib/socket/socket-model';" + use('screenEvents');
    expect(await rulesHit('src/client/screens/data-exchange/market-events.ts', code)).toEqual([]);
  });
});
