// Counters the realtime part of the bench reads from inside the server child. They are
// installed only on that child (BENCH_PROBES=1), so the tap-batch phases run without them. Each
// one observes from the outside — a listener, a wrapper around a public method — and changes
// nothing the game does.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { WebSocket } from 'ws';
import { infra } from '../src/core/infra';
import type { App } from '../src/server/app';
import type { ServerProbes } from './server-protocol';

/** Wall-clock milliseconds with sub-millisecond precision, comparable across the two processes. */
export const epochMs = () => performance.timeOrigin + performance.now();

export function installProbes(app: App): () => ServerProbes {
  const requests: Record<string, number> = {};
  const frames = { eventsSent: 0, pingsSent: 0, pongsReceived: 0, messagesReceived: 0 };
  const busEvents: Record<string, number> = {};
  const cuts = { sendBufferFull: 0, missedPong: 0 };
  const chatFanouts = new Map<number, { id: number; publishedAt: number; fannedOutAt: number | null }>();
  let lastPublishAt = 0;

  // Every HTTP request the server received, 404s included (the spec's drone/optimizer polls have
  // no route yet): the raw server's 'request' event fires before Fastify routes anything.
  // Upgrades to /ws arrive as 'upgrade', not 'request', and are counted as sockets instead.
  app.fastify.server.on('request', (request: { method?: string; url?: string }) => {
    const key = `${request.method ?? '?'} ${(request.url ?? '').split('?')[0]}`;
    requests[key] = (requests[key] ?? 0) + 1;
  });

  // Socket frames as the server sees them: events it sends, the hub's pings, and what tabs send
  // back (pongs are answered by the client library, heartbeats by the tab's code).
  app.fastify.websocketServer.on('connection', (socket: WebSocket) => {
    const send = socket.send.bind(socket);
    socket.send = ((...args: Parameters<WebSocket['send']>) => {
      frames.eventsSent += 1;
      send(...args);
    }) as WebSocket['send'];
    const ping = socket.ping.bind(socket);
    socket.ping = ((...args: Parameters<WebSocket['ping']>) => {
      frames.pingsSent += 1;
      ping(...args);
    }) as WebSocket['ping'];
    // The hub terminates a socket for one of two reasons: its send buffer passed the cap, or it
    // missed a pong between two heartbeats. The buffered amount at that moment tells which.
    const terminate = socket.terminate.bind(socket);
    socket.terminate = () => {
      if (socket.readyState === socket.OPEN) {
        if (socket.bufferedAmount > infra.socketSendBufferMaxBytes) cuts.sendBufferFull += 1;
        else cuts.missedPong += 1;
      }
      terminate();
    };
    socket.on('pong', () => (frames.pongsReceived += 1));
    socket.on('message', () => (frames.messagesReceived += 1));
  });

  // Fan-out timing without touching the hub: publish is wrapped to stamp the moment a chat line
  // leaves the chat service, and the hub's delivery listener stamps the moment its last slice has
  // handed the frame to every socket.
  const { bus } = app.realtime;
  const publish = bus.publish.bind(bus);
  bus.publish = (message) => {
    lastPublishAt = epochMs();
    busEvents[message.event.t] = (busEvents[message.event.t] ?? 0) + 1;
    if (message.event.t === 'chat_message')
      chatFanouts.set(message.event.d.id, { id: message.event.d.id, publishedAt: lastPublishAt, fannedOutAt: null });
    publish(message);
  };
  // A group commit's user.updated go out together; each still counts as one event here.
  const publishAll = bus.publishAll.bind(bus);
  bus.publishAll = (messages) => {
    lastPublishAt = epochMs();
    for (const message of messages) busEvents[message.event.t] = (busEvents[message.event.t] ?? 0) + 1;
    publishAll(messages);
  };
  app.realtime.hub.onDelivered((t, _sockets, data) => {
    if (t !== 'chat_message') return;
    const fanout = chatFanouts.get((data as { id: number }).id);
    if (fanout) fanout.fannedOutAt = epochMs();
  });

  // The longest the server's event loop was held (no event may block it for more than a
  // few ms): a 1 ms timer's worst lateness since the previous read, so each read starts a window.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();

  return () => ({
    requests: { ...requests },
    frames: { ...frames },
    cuts: { ...cuts },
    busEvents: { ...busEvents },
    lastPublishAt,
    hub: app.realtime.hub.stats(),
    chatFanouts: [...chatFanouts.values()],
    loopDelay: readLoopDelay(),
  });

  function readLoopDelay(): ServerProbes['loopDelay'] {
    const read = { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6 };
    loopDelay.reset();
    return read;
  }
}
