/**
 * Routes that declare no response (ADR 074): none of them answers JSON, each for the reason beside it. Every
 * other route, the binary Kernel answers included, declares its contract; this list only shrinks.
 */
export const routesWithoutContracts: readonly string[] = [
  // Prometheus text, not JSON: the route walk's JSON schema would describe nothing true (operators only).
  'GET /metrics',
  // A WebSocket upgrade (101), not an HTTP answer: its events are the socket's own contract (core/api/events).
  'GET /ws',
  // A gzipped tarball of the data folder, not JSON (operators only, ADR 070).
  'POST /ops/backup',
];
