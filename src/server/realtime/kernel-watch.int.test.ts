import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPaths } from '../../core/api/kernel';
import { asPlayer, type Player } from '../../../tests/support/app';
import { drivers } from '../../../tests/support/db';
import { act, grant } from '../../../tests/support/items';
import { listeningTestApp, type ListeningTestApp } from '../../../tests/support/listening-app';
import { watchKernel } from '../../../tests/support/socket';

// ADR 084 over a real socket: bits bought go only to tabs showing the Kernel, every player still hears of
// their own purchase everywhere, a tab coming back catches up from its version, and events close together
// share a frame.
describe.each(drivers)('Kernel watchers and coalesced frames [%s]', (driver) => {
  let app: ListeningTestApp;
  let buyer: Player;
  beforeAll(async () => {
    app = await listeningTestApp(driver);
    buyer = await asPlayer(app);
    await buyer.request('POST', gridPaths.setColor, { colorR: 9, colorG: 99, colorB: 199 });
    await grant(app, buyer, { telnet: 1_000 });
  });
  afterAll(() => app.close());

  const buy = async (x: number, y: number) => {
    const res = await act(buyer, gridPaths.purchase, { x, y });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { version: number };
  };

  it('sends a bit bought to a tab showing the Kernel, not to the others, and the buyer still gets their stats', async () => {
    const [watcher, bystander] = [await asPlayer(app), await asPlayer(app)];
    const kernelTab = await app.socket(watcher.cookie);
    const mainframeTab = await app.socket(bystander.cookie);
    const buyerTab = await app.socket(buyer.cookie); // the buyer's other tab, on the Mainframe
    await watchKernel(kernelTab);
    const { version } = await buy(10, 20);
    expect((await kernelTab.next('grid_update', (e) => e.d.version === version)).d).toMatchObject({ x: 10, y: 20 });
    await buyerTab.next('user.updated', (e) => e.d.id === buyer.id);
    await app.realtime.hub.drained();
    expect(mainframeTab.events.filter((e) => e.t === 'grid_update')).toEqual([]);
    expect(buyerTab.events.filter((e) => e.t === 'grid_update')).toEqual([]);
  });

  it('a tab that reconnects and watches again is told so, and catches up on what it missed from its version', async () => {
    const watcher = await asPlayer(app);
    const first = await app.socket(watcher.cookie);
    await watchKernel(first);
    const seen = await buy(30, 40);
    await first.next('grid_update', (e) => e.d.version === seen.version);
    await first.close();
    const missed = await buy(31, 40); // bought while the tab was away
    const again = await app.socket(watcher.cookie);
    await watchKernel(again); // kernel.watchStarted: the canvas asks what changed since its version
    const catchUp = await watcher.request('GET', `${gridPaths.changes}?since=${seen.version}`);
    expect(catchUp.json()).toMatchObject({ resync: false, changes: [{ x: 31, y: 40, version: missed.version }] });
    const next = await buy(32, 40);
    expect((await again.next('grid_update', (e) => e.d.version === next.version)).d).toMatchObject({ x: 32, y: 40 });
  });

  it('sends chat lines published close together to each tab as one frame, in publish order', async () => {
    const [talker, reader] = [await asPlayer(app), await asPlayer(app)];
    const tab = await app.socket(reader.cookie);
    const framesBefore = tab.frames.length;
    const ids = [101, 102, 103, 104];
    // As the chat service publishes each line (to everyone), four in one turn: the first goes at once if the
    // stream is idle (else it waits too), the others wait for the end of the window that is open.
    for (const id of ids)
      app.realtime.bus.publish({
        audience: { kind: 'everyone' },
        event: {
          t: 'chat_message',
          d: {
            id,
            userId: talker.id,
            username: talker.username,
            message: `line ${id}`,
            createdAt: new Date().toISOString(),
          },
        },
      });
    await tab.next('chat_message', (e) => e.d.id === 104);
    const lines = tab.frames
      .slice(framesBefore)
      .map((f) => f.events.flatMap((e) => (e.t === 'chat_message' ? [e.d.id] : [])))
      .filter((inFrame) => inFrame.length > 0);
    expect(lines.flat()).toEqual(ids);
    expect(lines.at(-1)).toEqual(expect.arrayContaining([102, 103, 104]));
    expect(tab.frames.map((f) => f.v)).toEqual(tab.frames.map((_, i) => i + 1));
  });
});
