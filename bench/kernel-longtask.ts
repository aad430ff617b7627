/**
 * The Kernel's longest start-up task (ADR 066): opens /kernel in Chromium at a Lighthouse-like 4× CPU
 * slow-down with a PerformanceObserver('longtask') and prints the longest task and their sum over 50 ms
 * (Lighthouse's TBT counts the part of each task above 50 ms). A figure to read, never a test.
 * Usage: node --import tsx bench/kernel-longtask.ts [staticDir=dist/client] [bits=100000] [runs=3]
 */
import { resolve } from 'node:path';
import { buildApp } from '../src/server/app';
import { testConfig } from '../tests/support/config';
import { freshDatabase } from '../tests/support/db';
import { chromium } from 'playwright-core';
import { texts } from '../src/core/texts';

const [staticDir = 'dist/client', bitsArg = '100000', runsArg = '3'] = process.argv.slice(2);
const bits = Number(bitsArg);
const db = await freshDatabase('pglite');
const app = await buildApp({
  config: testConfig({ staticDir: resolve(staticDir), accountsPerIp: 0 }),
  database: db.database,
});
const url = (await app.fastify.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
const page = await context.newPage();
// Registered through the login screen, as a player would.
const tag = Math.random().toString(36).slice(2, 9);
await page.goto(`${url}/`);
await page.getByRole('tab', { name: texts.auth.registerTab }).click();
await page.getByLabel(texts.auth.loginIdLabel, { exact: true }).fill(`op_${tag}`);
await page.getByLabel(texts.auth.usernameLabel, { exact: true }).fill(`Neo_${tag}`);
await page.getByLabel(texts.auth.passwordLabel, { exact: true }).fill('Jack1n!pass');
await page.getByLabel(texts.auth.confirmPasswordLabel, { exact: true }).fill('Jack1n!pass');
await page.getByRole('button', { name: texts.auth.initialize }).click();
await page.getByRole('heading', { level: 1, name: texts.mainframe.title }).waitFor();
// A busy canvas: `bits` bits in 200 colours, owned by the one player (the picture, not the owners, is what loads).
await db.database.query(`INSERT INTO kernel_bits (x, y, owner_id, color_r, color_g, color_b, price, version, claimed_at)
  SELECT i % 800, i / 800, (SELECT min(id) FROM users), (i * 7) % 200, (i * 13) % 256, 90, 1, i + 1, now() FROM generate_series(0, ${bits - 1}) AS i`);
await db.database.query(`UPDATE kernel_state SET version = ${bits}`);
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.addInitScript(() => {
  const w = window as unknown as { __long: number[] };
  w.__long = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({
    type: 'longtask',
    buffered: true,
  });
});
for (let run = 0; run < Number(runsArg); run++) {
  await page.goto(`${url}/kernel`);
  await page.getByTestId('kernel-canvas').waitFor();
  await page.waitForFunction(() => document.querySelector('.bb-kernel__loading') === null, undefined, {
    timeout: 60_000,
  });
  await page.waitForTimeout(1500); // let the last tasks finish (a measurement, not a test)
  const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
  const max = Math.max(0, ...long);
  const blocking = long.reduce((s, d) => s + Math.max(0, d - 50), 0);
  console.log(
    `${staticDir} bits=${bits} run ${run + 1}: longest ${max.toFixed(0)} ms, tasks ` +
      `${long.map((d) => d.toFixed(0)).join(' ')}, blocking ${blocking.toFixed(0)} ms`,
  );
}
await browser.close();
await app.close();
await db.dispose();
