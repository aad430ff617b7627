import { createLocalFanout, type Bus, type BusLogger, type BusMessage } from '../realtime/bus';
import { isBitbreachMessage, type BusRelayMessage } from './messages';

/**
 * The bus of a cluster worker without Redis (ADR 036): local sockets are served at once, and the
 * event goes up the IPC channel to the primary, which re-sends it to every other worker. The
 * channel is a pipe inside one process tree (trusted, so not signed); delivery is at most once,
 * like every bus: a worker that restarts starts with fresh sockets, whose clients refetch.
 */
export function createIpcBus(log: BusLogger): Bus {
  const fanout = createLocalFanout(log);
  const onMessage = (raw: unknown) => {
    if (isBitbreachMessage(raw) && raw.bb === 'bus')
      (raw as BusRelayMessage).messages.forEach((message) => fanout.deliver(message));
  };
  function publishAll(messages: BusMessage[]): void {
    if (messages.length === 0) return;
    messages.forEach((message) => fanout.deliver(message));
    if (!process.connected) return;
    const relay: BusRelayMessage = { bb: 'bus', messages };
    process.send!(relay, undefined, undefined, (error) => {
      if (error)
        log.warn(
          { err: error, t: messages[0]!.event.t, count: messages.length },
          'cluster bus: the primary did not take an event; other workers miss it',
        );
    });
  }
  process.on('message', onMessage);
  return {
    kind: 'cluster',
    publish: (message) => publishAll([message]),
    publishAll,
    subscribe: (handler) => fanout.add(handler),
    ready: () => Promise.resolve(),
    isConnected: () => process.connected,
    close() {
      process.off('message', onMessage);
      return Promise.resolve();
    },
  };
}
