import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import type { User } from '../../src/core/api/common';
import { parseServerFrame, type ServerEvent, type ServerFrame } from '../../src/core/api/events';
import type { AuthContext } from '../../src/server/player/auth-context';
import type { Hub, HubLimits } from '../../src/server/realtime/hub';
import type { Presence } from '../../src/server/realtime/presence';

/** A stand-in for a ws socket the hub writes to: records frames, and lets a test fill its send buffer. */
export class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  frames: string[] = [];
  closedWith: number | null = null;
  terminated = false;
  send(frame: string) {
    this.frames.push(frame);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  ping() {}
  /** The frames as the client reads them: version and events. */
  parsed(): ServerFrame[] {
    return this.frames.map((f) => parseServerFrame(f)!);
  }
  /** Every event received, in order; those of one batch carry its frame's version. */
  events(): ServerEvent[] {
    return this.parsed().flatMap((frame) => frame.events);
  }
  /** What a tab sends on the socket (a watch, a heartbeat). */
  say(message: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

export const silentLog = { warn() {}, info() {} };

/** Presence that remembers nothing and calls every session live: only the hub's own logic is tested. */
export const inertPresence = {
  connected: async () => {},
  disconnected: async () => {},
  heartbeat: async () => {},
  stop: async () => {},
  liveSessionIds: async (ids: string[]) => new Set(ids),
} as unknown as Presence;

/** Limits for a hub under test: no timer fires during a test unless the test asks for it. */
export const quietLimits: HubLimits = {
  messagesPerWindow: 5,
  messageWindowMs: 1000,
  sendBufferMaxBytes: 1024,
  heartbeatMs: 60_000,
  sessionRecheckMs: 60_000,
};

/** The part of an authenticated session the hub reads: the session id and the player id. */
export const hubAuth = (userId: number, sessionId = `s${userId}`) =>
  ({ sessionId, csrfToken: 'x', user: { id: userId } as User }) as AuthContext;

/** A fake socket attached to the hub as player `userId`'s tab. */
export function attachFake(hub: Hub, userId: number, sessionId?: string): FakeSocket {
  const socket = new FakeSocket();
  hub.attach(socket as unknown as WebSocket, hubAuth(userId, sessionId));
  return socket;
}
