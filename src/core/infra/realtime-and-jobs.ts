/** The /ws socket and presence on both sides, the jobs runner and stopping a server. Part of `infra` (src/core/infra.ts): import `infra`, not this file. */
export const realtimeAndJobsNumbers = {
  // Realtime: the /ws socket and presence
  /** Largest message a client may send on the socket (bytes); a larger one closes it. */
  socketMaxMessageBytes: 64 * 1024,
  /** Messages a client may send per window on one socket before it is closed. */
  socketMessagesPerWindow: 20,
  socketMessageWindowMs: 10_000,
  /** Bytes queued for a socket that cannot keep up before it is cut (it reconnects and refetches). */
  socketSendBufferMaxBytes: 1024 * 1024,
  /** How often the hub pings sockets and refreshes this instance's presence rows. */
  socketHeartbeatMs: 10_000,
  /** A presence row not refreshed for this long is a crashed instance's: the player counts as offline. */
  presenceTtlMs: 30_000,
  /** How often open sockets' sessions are checked against the database (catches bans made while the bus was down). */
  socketSessionRecheckMs: 30_000,
  /** Open sockets one session may hold over every worker and instance (tabs); the next is refused (429, or close code 4009). */
  socketsPerSession: 8,
  /**
   * Open sockets one client address may hold over every worker and instance (SOCKETS_PER_ADDRESS).
   * A school or a carrier-grade NAT puts hundreds of players behind one address, each with a socket
   * or two; the cap only has to stop one host from holding thousands (ADR 070). Each player is
   * still held to socketsPerSession.
   */
  socketsPerAddress: 256,
  /** Heartbeats a socket's lease in Redis outlives its last refresh: an instance that died frees its sockets' places after this many (ADR 045). */
  socketLeaseHeartbeats: 3,
  /**
   * Socket upgrades one client address may make per window (SOCKET_UPGRADES_PER_ADDRESS); past it the
   * upgrade answers 429. After a deploy every socket behind a shared address reconnects within the
   * client's backoff: room for socketsPerAddress of them, twice over, in the minute (ADR 070).
   */
  socketUpgradesPerAddress: 600,
  socketUpgradeWindowMs: 60_000,
  /**
   * Presence changes are batched: a watching socket gets at most one presence frame per this long,
   * listing everyone who came or went meanwhile (ADR 038).
   */
  presenceFlushMs: 1000,
  /**
   * Events for a socket published within this long of its last frame go out together as one frame (ADR 084).
   * A frame costs ~20 µs of server CPU whatever it carries (docs/capacity.md), and one global chat sent each
   * line to every socket, so frames grew as players squared; now a socket gets at most 10 frames a second
   * however busy the chat. 100 ms is below what a reader notices in a chat line (the POST alone took 300 ms
   * at p50 in the 2,000-player soak) and an idle stream still sends its first event at once.
   */
  socketCoalesceMs: 100,
  /**
   * Frames the hub sends in one turn of the event loop before it yields (ADR 038). The bench measured
   * ~26 µs of server CPU per frame sent on this loaded machine (everything included), so a slice holds
   * the loop ~3 ms at most and a chat line to 2,000 sockets takes 16 turns.
   */
  socketDeliverySlice: 128,
  /**
   * Frames (one event to one socket) an instance's delivery queue holds before it drops them and sends
   * each waiting socket the stream's interruption instead (it refetches): bounds the queue's memory when
   * events arrive faster than the sockets are served (~50 events to 2,000 sockets).
   */
  socketDeliveryQueueMaxFrames: 100_000,
  /** Events kept while Redis is unreachable, sent when it is back; older ones are dropped first. */
  busOutageBufferMax: 1000,
  /**
   * How far a bus message's signed send time may be from the receiving instance's clock (either way)
   * before it is dropped as a replay or a forgery from the past (ADR 047); also how long its id is kept.
   */
  busReplayWindowMs: 30_000,
  /** Bus message ids an instance remembers to refuse a replay within the window (ADR 047). */
  busSeenIdsMax: 100_000,
  // Client realtime (the /ws socket in the browser) and the polling fallback while it is down
  /** First wait before reconnecting a dropped socket; doubles per failed attempt, with jitter. */
  socketReconnectBaseMs: 500,
  /** Longest wait between two reconnect attempts. */
  socketReconnectMaxMs: 15_000,
  /** A socket open this long counted as healthy: its next drop starts the backoff from the base again. */
  socketStableMs: 10_000,
  /** spec §9: while the socket is down, chat history is polled every 5 s. */
  chatPollMs: 5000,
  /** spec §9: while the socket is down, unread chat is polled every 5 s. */
  chatUnreadPollMs: 5000,
  /** spec §9: while the socket is down, unread directories are polled every 5 s. */
  unreadDirectoriesPollMs: 5000,
  /** spec §9: while the socket is down, mission status is polled every 5 s. */
  missionsPollMs: 5000,
  /** spec §9: while the socket is down, an open private conversation is polled every 3 s. */
  privateMessagesPollMs: 3000,
  /** spec §9: while the socket is down, the Ping user list is polled every 10 s. */
  directoryUsersPollMs: 10_000,
  /** Chat lines the client keeps; past it the oldest are dropped in one batch of chatDropBatch (older pages reload on scroll). */
  chatKeepMax: 300,
  chatDropBatch: 100,
  /** Output entries a command line keeps on screen; past it the oldest are dropped in one batch. */
  terminalLogMax: 200,
  terminalLogDropBatch: 50,
  /** Command lines remembered for ↑/↓ (a repeat of the previous line is not stored twice). */
  commandHistoryMax: 50,

  // Jobs runner (src/server/jobs): timed and background work, docs/decisions/013-jobs-runner.md
  /** How often an idle runner looks for due jobs; a full batch is followed at once by the next. */
  jobPollIntervalMs: 1000,
  /** Jobs one pass runs (each in its own transaction) before it waits for the next poll. */
  jobBatchSize: 50,
  /**
   * Background work yields to players (ADR 073): while this process answers requests or its event loop
   * runs late, fewer batches run side by side, each claiming fewer jobs, until the oldest job claimed
   * is this late; from then on the runner works at full width again, so the due lag stays far under 30 s.
   */
  jobYieldUntilLagMs: 10_000,
  /** Event-loop delay (p99 over the last second, ms) from which the loop counts as busy even with no request in flight. */
  jobYieldLoopDelayMs: 20,
  /** Attempts before a failing job is dead-lettered with its error. */
  jobMaxAttempts: 5,
  /** Delay after the first failure; doubles after each further failure... */
  jobRetryBaseMs: 5000,
  /** ...up to this cap (one hour). */
  jobRetryMaxMs: 3_600_000,
  /**
   * Done jobs (and their dedupe keys) are kept this long, then purged; dead ones stay for operators.
   * A day, not a week: a busy drone hour makes ~1,000,000 done steps (ADR 048).
   */
  jobDoneRetentionMs: 24 * 3_600_000,
  /** How often each server's jobs runner deletes rows past their retention (done jobs, expired sessions, old keys). */
  housekeepingEveryMs: 60_000,
  /** Rows one housekeeping statement deletes; a run repeats it until a batch comes back short (ADR 048). */
  housekeepingBatchSize: 2_000,
  // Stopping a server (ADR 048)
  /** After SIGTERM (and any drain delay), how long shutdown may take before the process exits whatever is pending. */
  shutdownGraceMs: 10_000,
  /** How long the last log lines may take to reach a slow reader before the process exits without them. */
  logFlushOnExitMs: 1_000,
  /** Log text queued for a reader that is not keeping up; lines past it are dropped, never waited for. */
  logQueueMaxBytes: 4 * 1024 * 1024,
} as const;
