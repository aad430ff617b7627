import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Bus messages are signed with an HMAC keyed on the session secret, so only this deployment's
 * instances (and its `npm run ban`) can speak on the channel: a forged or foreign message is
 * dropped, never delivered to a socket. The channel is part of what is signed, so a message
 * replayed onto another channel does not verify either.
 */
export function busKey(sessionSecret: string): Buffer {
  return createHash('sha256').update(`bitbreach-bus\n${sessionSecret}`).digest();
}

function mac(key: Buffer, channel: string, payload: string): Buffer {
  return createHmac('sha256', key).update(channel).update('\n').update(payload).digest();
}

/** `<base64url mac> <payload>`: what goes on the channel. */
export function signBusPayload(key: Buffer, channel: string, payload: string): string {
  return `${mac(key, channel, payload).toString('base64url')} ${payload}`;
}

/** The payload of a correctly signed message, or null (unsigned, malformed or signed with another key). */
export function verifyBusPayload(key: Buffer, channel: string, raw: string): string | null {
  const space = raw.indexOf(' ');
  if (space <= 0) return null;
  const given = Buffer.from(raw.slice(0, space), 'base64url');
  const payload = raw.slice(space + 1);
  const expected = mac(key, channel, payload);
  return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
}

/**
 * The default channel: one per database, so two deployments sharing one Redis never hear each
 * other unless REDIS_CHANNEL says so. Derived from the database's host, port and name (never
 * its password) or, on the embedded database, its folder.
 */
export function defaultRedisChannel(
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string },
): string {
  let identity: string;
  if (database.kind === 'postgres') {
    const url = new URL(database.url);
    identity = `postgres://${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } else {
    identity = `pglite:${database.dataDir ?? 'memory'}`;
  }
  return `bitbreach:events:${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}
