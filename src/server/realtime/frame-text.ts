import type { EventType } from '../../core/api/events';

/** An event's JSON, `{"t":…,"d":…}`, serialised once for every socket it goes to. */
export function eventJson(t: EventType, d: unknown): string {
  return `{"t":${JSON.stringify(t)},"d":${JSON.stringify(d)}}`;
}

/**
 * The text of a frame up to its stream version, which the hub appends per socket with the closing brace
 * (core/api/events.ts): a lone event keeps its own envelope, several go as one stream.batch (ADR 084).
 */
export function framePrefix(events: readonly string[]): string {
  if (events.length === 1) return `${events[0]!.slice(0, -1)},"v":`;
  return `{"t":"stream.batch","d":[${events.join(',')}],"v":`;
}
