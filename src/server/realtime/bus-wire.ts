import { z } from 'zod';
import { parseEventBody } from '../../core/api/events';
import { Audience, type BusMessage } from './bus';

// What travels on the Redis channel, after a plain prefix (see readPrefix): origin instance, send time, a
// message id (both signed, so a replay is recognised: ADR 047) and the events, each with its audience.
// Parsed at the edge like any input.
const Wire = z.object({
  o: z.string(),
  s: z.number(),
  i: z.string().min(1).max(64),
  m: z.array(z.object({ a: Audience, e: z.unknown() })).min(1),
});

/** A published group not yet on the channel: its message id and its events as wire JSON. */
export interface Outgoing {
  id: string;
  events: string;
}

/** The signed part of a message: the events are already JSON, spliced in, not serialised again at each send. */
export function wireJson(instanceId: string, sentMs: number, outgoing: Outgoing): string {
  return `{"o":${JSON.stringify(instanceId)},"s":${sentMs},"i":"${outgoing.id}","m":${outgoing.events}}`;
}

/**
 * `<origin> <sent ms> <signed payload>`: the origin and time travel in plain text in front of the
 * signed JSON (which repeats them), so an instance can recognise its own echo without verifying
 * or parsing it. Instance ids never contain a space.
 */
export function readPrefix(raw: string): { origin: string; sentMs: number; signed: string } | null {
  const first = raw.indexOf(' ');
  const second = first > 0 ? raw.indexOf(' ', first + 1) : -1;
  if (second < 0) return null;
  const sentMs = Number(raw.slice(first + 1, second));
  if (!Number.isFinite(sentMs)) return null;
  return { origin: raw.slice(0, first), sentMs, signed: raw.slice(second + 1) };
}

/** The verified payload parsed: every event must parse, or the whole message is dropped. */
export function decodeWire(raw: string): { origin: string; sentMs: number; id: string; bodies: BusMessage[] } | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const wire = Wire.safeParse(json);
  if (!wire.success) return null;
  const bodies: BusMessage[] = [];
  for (const m of wire.data.m) {
    const event = parseEventBody(m.e);
    if (!event) return null;
    bodies.push({ audience: m.a, event });
  }
  return { origin: wire.data.o, sentMs: wire.data.s, id: wire.data.i, bodies };
}
