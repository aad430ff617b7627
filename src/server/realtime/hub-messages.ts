import type { RawData } from 'ws';
import { parseClientMessage, type WatchTopic } from '../../core/api/events';
import type { BusLogger } from './bus';
import type { Client } from './hub-clients';

export interface HubMessageDeps {
  log: BusLogger;
  now: () => number;
  limits: { readonly messagesPerWindow: number; readonly messageWindowMs: number };
  watchers: Record<WatchTopic, Set<Client>>;
  /** A socket just became one of the topic's watchers (the Kernel's tab is told, to catch up from there). */
  onWatchStarted(client: Client, topic: WatchTopic): void;
  rateLimitedCloseCode: number;
}

/** One message from a tab: counted against its window, parsed at the edge, dropped if it does not parse. */
export function onClientMessage(deps: HubMessageDeps, client: Client, data: RawData, isBinary: boolean): void {
  const now = deps.now();
  if (now - client.windowStartMs >= deps.limits.messageWindowMs) {
    client.windowStartMs = now;
    client.messagesInWindow = 0;
  }
  client.messagesInWindow += 1;
  if (client.messagesInWindow > deps.limits.messagesPerWindow) {
    client.socket.close(deps.rateLimitedCloseCode, 'too many messages');
    return;
  }
  const message = isBinary ? null : parseClientMessage(data.toString());
  if (!message) {
    deps.log.info({ userId: client.userId }, 'dropped a socket message that does not parse');
    return;
  }
  if (message.t === 'heartbeat') {
    client.alive = true;
    return;
  }
  // The tab shows who is online, or the Kernel (or stopped showing it): only watchers get those events.
  const topic = message.t === 'presence.watch' ? 'presence' : 'kernel';
  const watchers = deps.watchers[topic];
  if (!message.d.watching) watchers.delete(client);
  else if (!watchers.has(client)) {
    watchers.add(client);
    deps.onWatchStarted(client, topic);
  }
}
