import { createLocalFanout, type Bus, type BusLogger } from './bus';

/** The bus of a single instance: events go straight to this process's hub. */
export function createMemoryBus(log: BusLogger): Bus {
  const fanout = createLocalFanout(log);
  return {
    kind: 'memory',
    publish: (message) => fanout.deliver(message),
    publishAll: (messages) => messages.forEach((message) => fanout.deliver(message)),
    subscribe: (handler) => fanout.add(handler),
    ready: () => Promise.resolve(),
    isConnected: () => true,
    close: () => Promise.resolve(),
  };
}
