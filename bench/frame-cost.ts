/**
 * What one socket frame costs the sending process (docs/capacity.md): `node --import tsx bench/frame-cost.ts`.
 * A `ws` server in this process (the library and settings the game's /ws uses: no compression) and
 * BENCH_FRAME_SOCKETS (2,000) client sockets in a child process. The server sends BENCH_FRAME_EVENTS (50)
 * chat lines to every socket the way the hub does (realtime/hub.ts, ADR 038): the frame's text built once
 * (realtime/frame-text.ts), the stream version appended per socket, 128 sends per turn of the event loop.
 * BENCH_FRAME_BATCH (1) lines share a frame, as the hub coalesces events close together (ADR 084). It
 * prints this process's CPU per frame and per line delivered, the figures that broadcasts (chat, Kernel)
 * multiply by every open socket. The child's CPU is the clients', not the server's, and is not counted.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';
import { eventJson, framePrefix } from '../src/server/realtime/frame-text';

const sockets = Number(process.env.BENCH_FRAME_SOCKETS ?? 2000);
const events = Number(process.env.BENCH_FRAME_EVENTS ?? 50);
const perFrame = Math.max(1, Number(process.env.BENCH_FRAME_BATCH ?? 1));
const framesPerSocket = Math.ceil(events / perFrame);
const slice = 128;

async function clients(port: number): Promise<void> {
  let frames = 0;
  const open: WebSocket[] = [];
  for (let i = 0; i < sockets; i += 1) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
    ws.on('message', () => {
      frames += 1;
      if (frames % sockets === 0) process.send!({ frames });
    });
    open.push(ws);
    if (i % 100 === 99) await Promise.all(open.slice(-100).map((s) => once(s, 'open')));
  }
  await Promise.all(open.map((s) => (s.readyState === WebSocket.OPEN ? null : once(s, 'open'))));
  process.send!({ ready: true });
}

function sendAll(targets: WebSocket[], prefix: string, versions: number[]): Promise<void> {
  return new Promise((resolve) => {
    let i = 0;
    const turn = () => {
      const end = Math.min(targets.length, i + slice);
      for (; i < end; i += 1) targets[i]!.send(`${prefix}${(versions[i] = (versions[i] ?? 0) + 1)}}`);
      if (i < targets.length) setImmediate(turn);
      else resolve();
    };
    setImmediate(turn);
  });
}

async function server(): Promise<void> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(wss, 'listening');
  const connected: WebSocket[] = [];
  wss.on('connection', (ws) => connected.push(ws));
  const child: ChildProcess = fork(
    fileURLToPath(import.meta.url),
    ['clients', String((wss.address() as AddressInfo).port)],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  let received = 0;
  let ready = false;
  child.on('message', (m: { frames?: number; ready?: boolean }) => {
    if (m.ready) ready = true;
    if (m.frames) received = m.frames;
  });
  while (!ready || connected.length < sockets) await new Promise((r) => setTimeout(r, 50));
  const versions: number[] = [];
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  for (let first = 0; first < events; first += perFrame) {
    const lines: string[] = [];
    for (let n = first; n < Math.min(events, first + perFrame); n += 1) {
      const d = {
        id: n,
        userId: 42,
        username: 'operator42',
        message: 'anyone on the boss?',
        createdAt: new Date().toISOString(),
      };
      lines.push(eventJson('chat_message', d));
    }
    await sendAll(connected, framePrefix(lines), versions);
  }
  const frames = sockets * framesPerSocket;
  while (received < frames) await new Promise((r) => setTimeout(r, 20));
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - startedAt;
  console.log(
    JSON.stringify({
      sockets,
      events,
      eventsPerFrame: perFrame,
      frames,
      serverCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      serverCpuUsPerFrame: Number(((cpu.user + cpu.system) / frames).toFixed(2)),
      serverCpuUsPerEventDelivered: Number(((cpu.user + cpu.system) / (sockets * events)).toFixed(2)),
      wallMs: Math.round(wallMs),
    }),
  );
  child.kill();
  wss.close();
}

if (process.argv[2] === 'clients') await clients(Number(process.argv[3]));
else await server();
