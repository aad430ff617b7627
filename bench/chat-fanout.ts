import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchConfig } from './config';
import { distribution, matchDeliveries, type FanoutResult, type Line } from './fanout-analysis';
import { send, type Target } from './http-client';
import type { BenchPlayer } from './players';
import { cpuBetween, readCpu } from './proc-cpu';
import type { ServerHandle } from './server-handle';
import { SocketFleet } from './socket-fleet';

// (a) of Chat fan-out to 2,000 open sockets. Lines are posted through the real route on a
// fixed schedule (open loop: a slow answer does not delay the next line), from senders taking
// turns so the per-player limit is never hit, each line with its own text. For every line and
// every socket the latency is receipt time minus the time just before the POST left — both read
// with performance.now() in this process, so no clock is shared between processes for the headline.

/**
 * Waits until every socket still open is attached and the presence events their opening caused
 * have stopped arriving. Past the timeout it goes on and says so: the lines then share the
 * server with the tail of that storm, and the report flags it.
 */
export async function settle(server: ServerHandle, fleet: SocketFleet, timeoutMs: number): Promise<boolean> {
  const startedAt = performance.now();
  let lastFrames = -1;
  let lastLogAt = startedAt;
  for (;;) {
    const probes = await server.probes();
    const open = fleet.sockets.length - fleet.closedEarly;
    const quietMs = performance.timeOrigin + performance.now() - probes.lastPublishAt;
    if (probes.hub.sockets === open && quietMs > 1000 && fleet.frames === lastFrames) return true;
    if (performance.now() - startedAt > timeoutMs) {
      console.error(
        `  warning: sockets did not settle within ${timeoutMs / 1000} s (hub ${probes.hub.sockets}, fleet ${open} open); measuring anyway`,
      );
      return false;
    }
    if (performance.now() - lastLogAt > 10_000) {
      lastLogAt = performance.now();
      console.error(
        `  ...settling: hub ${probes.hub.sockets} sockets, fleet ${open} open, ${fleet.frames} frames received, ` +
          `presence events ${probes.busEvents['presence.changed'] ?? 0}, cut ${JSON.stringify(probes.cuts)}`,
      );
    }
    lastFrames = fleet.frames;
    await sleep(500);
  }
}

async function postLine(target: Target, sender: BenchPlayer, line: Line, timeoutMs: number): Promise<void> {
  line.sentAt = performance.now();
  try {
    const reply = await send(target, 'POST', '/api/chat/messages', {
      headers: { cookie: sender.cookie, 'x-csrf-token': sender.csrfToken },
      body: JSON.stringify({ message: line.text }),
      wantBody: true,
      timeoutMs,
    });
    line.answeredAt = performance.now();
    line.status = reply.status;
    if (reply.status === 201) line.id = (JSON.parse(reply.body!) as { id: number }).id;
  } catch {
    line.status = 0;
  }
}

export async function runChatFanout(
  server: ServerHandle,
  target: Target,
  databaseName: string | null,
  players: BenchPlayer[],
  config: BenchConfig,
): Promise<FanoutResult> {
  const rt = config.realtime;
  const openStartedAt = performance.now();
  const cpuBeforeOpen = await server.stats();
  console.error(
    `  opening ${rt.sockets} sockets (${rt.socketsPerPlayer} per player, ${rt.openConcurrency} handshakes at a time)...`,
  );
  // Sockets go to the first players (perPlayer each); senders are the first chatSenders players,
  // warm-up lines come from the next ones.
  const socketPlayers = players.slice(0, Math.ceil(rt.sockets / rt.socketsPerPlayer));
  const fleet = await SocketFleet.open(target.port, socketPlayers, {
    count: rt.sockets,
    concurrency: rt.openConcurrency,
    timeoutMs: rt.openTimeoutMs,
    presenceWatchEvery: rt.presenceWatchEvery,
  });
  if (fleet.openFailures.length > 0)
    console.error(`  ${fleet.openFailures.length} sockets failed to open, e.g. ${fleet.openFailures[0]}`);
  try {
    const settled = await settle(server, fleet, rt.openTimeoutMs);
    const openS = (performance.now() - openStartedAt) / 1000;
    const connectFrames = fleet.frames;
    const joinPresence = {
      frames: fleet.presenceFrames,
      unasked: fleet.presenceFramesUnasked,
      watchers: fleet.sockets.filter((s) => s.watchesPresence).length,
    };
    const cpuAfterOpen = await server.stats();
    const probesAfterOpen = await server.probes();
    const closedWhileOpening = fleet.closedEarly;
    const connectServerCpuS =
      (cpuAfterOpen.cpuUserUs + cpuAfterOpen.cpuSystemUs - cpuBeforeOpen.cpuUserUs - cpuBeforeOpen.cpuSystemUs) / 1e6;
    console.error(
      `  ${fleet.sockets.length - fleet.closedEarly} sockets open${settled ? ' and settled' : ''} after ` +
        `${openS.toFixed(1)} s (${connectFrames} frames received meanwhile, server CPU ${connectServerCpuS.toFixed(1)} s)`,
    );

    const tag = randomBytes(3).toString('hex');
    for (let i = 0; i < rt.warmupLines; i++) {
      const warmup: Line = {
        index: -1,
        text: `fan-out ${tag} warm-up ${i}`,
        sentAt: NaN,
        answeredAt: null,
        status: 0,
        id: null,
      };
      await postLine(target, players[rt.chatSenders + i]!, warmup, config.requestTimeoutMs);
      if (warmup.status !== 201) throw new Error(`warm-up chat line answered ${warmup.status}`);
    }
    // Let the warm-up fan-outs reach every socket before the measured lines start.
    await sleep(1000);

    const lines: Line[] = Array.from({ length: rt.chatLines }, (_, index) => ({
      index,
      text: `fan-out ${tag} line ${index}`,
      sentAt: NaN,
      answeredAt: null,
      status: 0,
      id: null,
    }));
    const expected = lines.length * (fleet.sockets.length - fleet.closedEarly);

    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    const before = {
      server: await server.stats(),
      probes: await server.probes(),
      self: process.cpuUsage(),
      elu: performance.eventLoopUtilization(),
      machine: readCpu(databaseName),
      at: performance.now(),
    };
    loopDelay.enable();
    fleet.startRecording();
    const startAt = performance.now();
    const posts: Promise<void>[] = [];
    for (const line of lines) {
      const dueAt = startAt + line.index * rt.chatLineGapMs;
      const wait = dueAt - performance.now();
      if (wait > 0) await sleep(wait);
      posts.push(postLine(target, players[line.index % rt.chatSenders]!, line, config.requestTimeoutMs));
    }
    await Promise.all(posts);
    const waitUntil = performance.now() + rt.deliveryTimeoutMs;
    while (fleet.chatFramesSeen < expected && performance.now() < waitUntil) await sleep(20);
    // A short grace for any frames that follow each line, so they are counted too.
    await sleep(200);
    const frames = fleet.stopRecording();
    loopDelay.disable();
    const after = {
      server: await server.stats(),
      probes: await server.probes(),
      self: process.cpuUsage(before.self),
      elu: performance.eventLoopUtilization(before.elu),
      machine: readCpu(databaseName),
      at: performance.now(),
    };

    const { receipts, otherFramesByType, badFrames, duplicates } = matchDeliveries(frames, lines);
    const latencies: number[] = [];
    const firsts: number[] = [];
    const lasts: number[] = [];
    const lineEnds = new Map<Line, { first: number; last: number }>();
    for (const [line, seen] of receipts) {
      if (seen.size === 0) continue;
      let first = Infinity;
      let last = -Infinity;
      for (const at of seen.values()) {
        latencies.push(at - line.sentAt);
        first = Math.min(first, at);
        last = Math.max(last, at);
      }
      firsts.push(first - line.sentAt);
      lasts.push(last - line.sentAt);
      lineEnds.set(line, { first: first - line.sentAt, last: last - line.sentAt });
    }
    const fanouts = new Map(after.probes.chatFanouts.map((f) => [f.id, f]));
    const sendToPublish: number[] = [];
    const hubLoop: number[] = [];
    const perLine: FanoutResult['perLine'] = [];
    for (const line of lines) {
      const stamp = line.id === null ? undefined : fanouts.get(line.id);
      const published = stamp ? stamp.publishedAt - (performance.timeOrigin + line.sentAt) : null;
      if (stamp && published !== null) {
        sendToPublish.push(published);
        if (stamp.fannedOutAt !== null) hubLoop.push(stamp.fannedOutAt - stamp.publishedAt);
      }
      const ends = lineEnds.get(line);
      perLine.push({
        postMs: line.answeredAt === null ? null : line.answeredAt - line.sentAt,
        sendToPublishMs: published,
        firstMs: ends?.first ?? null,
        lastMs: ends?.last ?? null,
      });
    }
    const postStatuses: Record<string, number> = {};
    for (const line of lines) postStatuses[String(line.status)] = (postStatuses[String(line.status)] ?? 0) + 1;

    const wallUs = (after.at - before.at) * 1000;
    const serverCpuUs =
      after.server.cpuUserUs + after.server.cpuSystemUs - before.server.cpuUserUs - before.server.cpuSystemUs;
    const eluActive = after.server.eluActiveMs - before.server.eluActiveMs;
    const eluTotal = eluActive + after.server.eluIdleMs - before.server.eluIdleMs;
    const framesSent = after.probes.frames.eventsSent - before.probes.frames.eventsSent;
    const selfCpuUs = after.self.user + after.self.system;
    const serverCpuPct = (100 * serverCpuUs) / wallUs;
    const loadGeneratorCpuPct = (100 * selfCpuUs) / wallUs;
    const { machineBusyPct, postgresPct } = cpuBetween(before.machine, after.machine, wallUs / 1e6);
    const otherCpuPct =
      machineBusyPct === null
        ? null
        : Math.max(
            0,
            machineBusyPct * availableParallelism() - serverCpuPct - loadGeneratorCpuPct - (postgresPct ?? 0),
          );

    return {
      sockets: fleet.sockets.length - closedWhileOpening,
      requestedSockets: rt.sockets,
      players: new Set(fleet.sockets.map((s) => s.player.id)).size,
      socketsPerPlayer: rt.socketsPerPlayer,
      openFailures: fleet.openFailures.length,
      settled,
      openS,
      closedWhileOpening,
      cutsWhileOpening: probesAfterOpen.cuts,
      cutsDuringLines: {
        sendBufferFull: after.probes.cuts.sendBufferFull - before.probes.cuts.sendBufferFull,
        missedPong: after.probes.cuts.missedPong - before.probes.cuts.missedPong,
      },
      connectFrames,
      connectServerCpuS,
      joinPresence: {
        ...joinPresence,
        perPlayer: joinPresence.frames / Math.max(1, new Set(fleet.sockets.map((s) => s.player.id)).size),
      },
      serverLoopDelay: after.probes.loopDelay,
      lines: lines.length,
      lineGapMs: rt.chatLineGapMs,
      senders: rt.chatSenders,
      postStatuses,
      post: distribution(lines.filter((l) => l.answeredAt !== null).map((l) => l.answeredAt! - l.sentAt)),
      delivery: distribution(latencies),
      deliveries: latencies.length,
      expectedDeliveries: expected,
      missing: expected - latencies.length,
      duplicates,
      firstReceipt: distribution(firsts),
      lastReceipt: distribution(lasts),
      sendToPublish: distribution(sendToPublish),
      hubLoop: distribution(hubLoop),
      perLine,
      warmupLines: rt.warmupLines,
      otherFramesByType,
      badFrames,
      streamGaps: fleet.streamGaps,
      closedEarly: fleet.closedEarly - closedWhileOpening,
      closeCodes: { ...fleet.closeCodes },
      wallS: wallUs / 1e6,
      serverCpuPct,
      serverEluPct: eluTotal > 0 ? (100 * eluActive) / eluTotal : NaN,
      serverCpuUsPerFrameSent: framesSent ? serverCpuUs / framesSent : NaN,
      framesSent,
      loadGeneratorCpuPct,
      loadGeneratorEluPct: 100 * after.elu.utilization,
      loadGeneratorLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      loadGeneratorCpuUsPerFrame: frames.length ? selfCpuUs / frames.length : NaN,
      postgresCpuPct: databaseName ? postgresPct : null,
      otherCpuPct,
      machineBusyPct,
    };
  } finally {
    await fleet.close(10_000);
  }
}
