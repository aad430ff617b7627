import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpPlayer } from '../support/http-player';
import { spawnServer } from '../support/process';
import { openSocket } from '../support/socket';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// A parent (a script, a terminal tab, a process manager) started the server with piped output, opened
// a session, sent SIGTERM to the server's process group and went away; its pipe ends stayed open with
// nobody reading them. The server used to block for ever on its next log line (a synchronous write
// that retries a full pipe), holding the data folder's lock. See docs/decisions/048-housekeeping-and-bounded-shutdown.md.
describe('a server whose parent went away [pglite]', { timeout: 240_000 }, () => {
  it('keeps answering while nobody reads its output, then stops on SIGTERM and frees the data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bitbreach-data-'));
    dirs.push(dataDir);
    const server = await spawnServer(
      { DATA_DIR: dataDir, ACCOUNTS_PER_IP: '0', LOG_LEVEL: 'info' },
      { detached: true },
    );
    server.child.stdout!.pause();
    server.child.stderr!.pause();

    const player = new HttpPlayer(server.url, 'parentgone1');
    await player.register();
    const socket = await openSocket(server.url, player.cookie);
    // Each request's URL is logged twice at info: about 2 MB of lines, far more than a pipe holds.
    const padding = 'x'.repeat(8000);
    for (let i = 0; i < 128; i++) expect((await fetch(`${server.url}/api/health?pad=${padding}`)).status).toBe(200);

    process.kill(-server.child.pid!, 'SIGTERM');
    await server.exited;
    await socket.closed;
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

    // The folder opens again, with the player in it.
    const again = await spawnServer({ DATA_DIR: dataDir, ACCOUNTS_PER_IP: '0' });
    try {
      const back = new HttpPlayer(again.url, 'parentgone1');
      back.cookie = player.cookie;
      expect((await back.user()).body).toMatchObject({ username: 'parentgone1' });
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  });
});
