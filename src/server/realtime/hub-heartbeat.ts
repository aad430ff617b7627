import type { BusLogger, BusMessage } from './bus';
import type { ClientRegistry } from './hub-clients';
import type { Presence } from './presence';

export interface HubHeartbeatDeps {
  clients: ClientRegistry;
  presence: Presence;
  log: BusLogger;
  now: () => number;
  heartbeatMs: number;
  sessionRecheckMs: number;
  deliverySlice: number;
  /** Refreshes this instance's socket leases (socket-caps). */
  refreshCaps(): void;
  deliverNow(message: BusMessage): void;
}

/** Ends the sockets of sessions that are no longer live. */
export async function recheckSessions(deps: HubHeartbeatDeps): Promise<void> {
  const { bySession } = deps.clients;
  // Judge only the sessions that were asked about: a socket that attaches while the query is in
  // flight is not in its answer, and must not be taken for an expired session.
  const checked = [...bySession.keys()];
  const live = await deps.presence.liveSessionIds(checked, new Date(deps.now()));
  for (const sessionId of checked) {
    if (live.has(sessionId) || !bySession.has(sessionId)) continue;
    deps.deliverNow({
      audience: { kind: 'session', sessionId },
      event: { t: 'session.ended', d: { reason: 'expired' } },
    });
  }
}

/**
 * Pings every socket and terminates those that missed the last ping. The sweep runs in the deliveries'
 * slices: pinging 2,000 sockets in one turn held the event loop for tens of milliseconds (measured by the
 * realtime bench), delaying every request.
 */
function sweep(deps: HubHeartbeatDeps, clients: ReturnType<ClientRegistry['all']>, from: number): void {
  const end = Math.min(clients.length, from + deps.deliverySlice);
  for (let i = from; i < end; i++) {
    const client = clients[i]!;
    if (client.socket.readyState !== client.socket.OPEN) continue;
    if (!client.alive) {
      client.socket.terminate();
      continue;
    }
    client.alive = false;
    client.socket.ping();
  }
  if (end < clients.length) setImmediate(() => sweep(deps, clients, end));
}

/** The hub's timer: pings, lease refresh, presence heartbeat, and every sessionRecheckMs a session recheck. */
export function startHeartbeat(deps: HubHeartbeatDeps): ReturnType<typeof setInterval> {
  let ticks = 0;
  const recheckEvery = Math.max(1, Math.round(deps.sessionRecheckMs / deps.heartbeatMs));
  const timer = setInterval(() => {
    sweep(deps, deps.clients.all(), 0);
    deps.refreshCaps();
    deps.presence
      .heartbeat([...deps.clients.byUser.keys()])
      .catch((error: unknown) => deps.log.warn({ err: error }, 'presence heartbeat failed'));
    ticks += 1;
    if (ticks % recheckEvery === 0)
      recheckSessions(deps).catch((error: unknown) => deps.log.warn({ err: error }, 'session recheck failed'));
  }, deps.heartbeatMs);
  timer.unref();
  return timer;
}
