/** Routes that do not declare their response yet (ADR 074): this list only shrinks, to empty. */
export const routesStillWithoutContracts: readonly string[] = [
  'GET /api/grid/bit',
  'GET /api/grid/changes',
  'GET /api/grid/mine',
  'GET /api/grid/player-color',
  'GET /api/grid/snapshot',
  'GET /api/grid/state',
  'GET /api/kernel/season',
  'GET /api/kernel/seasons',
  'GET /api/kernel/seasons/:season/image.png',
  // Prometheus text, not JSON: the route walk's JSON schema would describe nothing true (operators only).
  'GET /metrics',
  // A WebSocket upgrade (101), not an HTTP answer: its events are the socket's own contract (core/api/events).
  'GET /ws',
  'POST /api/grid/purchase',
  'POST /api/grid/set-color',
  // A gzipped tarball of the data folder, not JSON (operators only, ADR 070).
  'POST /ops/backup',
];
