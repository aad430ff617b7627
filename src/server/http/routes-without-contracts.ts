/**
 * Routes that declare no response (ADR 074), each for the reason beside it. Every other route, the binary
 * answers included (the Kernel's snapshot and PNGs, /metrics, /ops/backup), declares its contract; this list
 * only shrinks.
 */
export const routesWithoutContracts: readonly string[] = [
  // A WebSocket upgrade (101), not an HTTP answer: its events are the socket's own contract (core/api/events).
  'GET /ws',
];
