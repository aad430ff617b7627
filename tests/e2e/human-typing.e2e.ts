import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../src/core/balance';
import { parseDecodeTiming } from '../../src/core/rules/decode-timing';
import { recordedTypists } from '../support/human-keystrokes';
import { startTestServer } from '../support/server';
import { currentRow, desktop, launchBrowser, newPage, newPlayer, registerViaUi, waitFor } from './fixtures';

// The machine-like flag (ADR 052) must never fire for a person. Here a person's recorded key timing
// types in the real client, so the server judges what the client's own batching makes of it.
describe('machine-like flag and a person typing in the browser', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('types a full window of rows with recorded human key timing and is never flagged', async () => {
    // The fastest of the recorded typists: the hardest case, and the shortest run.
    const typist = recordedTypists.reduce((a, b) => (mean(a.intervalsMs) <= mean(b.intervalsMs) ? a : b));
    const { context, page } = await newPage(browser, desktop);
    const player = newPlayer();
    await registerViaUi(page, server.url, player);
    const [{ id }] = (await server.database.query<{ id: number }>('SELECT id FROM users WHERE login_id = $1', [
      player.loginId,
    ])) as [{ id: number }];

    const rows = balance.decodeTimingWindowBatches + 2;
    let key = 0;
    for (let r = 0; r < rows; r++) {
      for (const digit of await currentRow(page)) {
        // The wait is the typist's rhythm, the input of this test, not a wait for the app.
        await page.waitForTimeout(typist.intervalsMs[key++ % typist.intervalsMs.length]!);
        await page.keyboard.press(digit);
      }
    }
    const stateOf = async () =>
      (
        await server.database.query<{ total_taps: string | number; decode_timing: unknown }>(
          'SELECT total_taps, decode_timing FROM users WHERE id = $1',
          [id],
        )
      )[0]!;
    await waitFor(async () => Number((await stateOf()).total_taps) === rows, 'the server to count every row', 30_000);

    // One unbroken run, long enough that a whole window was judged…
    const timing = parseDecodeTiming((await stateOf()).decode_timing);
    expect(timing.runDecodes).toBeGreaterThanOrEqual(balance.decodeTimingWindowBatches);
    // …and no flag.
    expect(await server.database.query('SELECT reason FROM moderation_flags WHERE user_id = $1', [id])).toEqual([]);
    await context.close();
  });
});

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
