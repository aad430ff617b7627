/** How often the client polls while its socket is down, and how it retries. Part of `infra` (src/core/infra.ts): import `infra`, not this file. */
export const clientTiming = {
  // Exactly-once writes (docs/decisions/012-idempotency-keys.md)
  /** Pause before the client's single automatic retry of a keyed call after a lost reply or a 503. */
  idempotentRetryDelayMs: 500,
  /** How often the client resends a request a busy server shed (503 + Retry-After) before showing the error (ADR 072). */
  shedRetryAttempts: 4,
  /** Share of the hinted Retry-After added at random, so shed clients do not all come back in one instant. */
  shedRetryJitterShare: 0.5,
  /** Longest the client waits before resending a shed request, whatever Retry-After says. */
  shedRetryMaxDelayMs: 10_000,

  // spec §9: client tap queue
  tapRetryDelayMs: 500,
  progressDebounceMs: 500,

  // spec §4 / §9: polling fallbacks and session check
  sessionCheckMs: 5000,
  /**
   * A session check the server did not answer (network failure, 5xx) is retried after this, doubling
   * per failure with jitter (ADR 061)...
   */
  sessionRetryBaseMs: 1000,
  /** ...up to the ordinary check's period: a tab waiting for the server asks no more often than a live one. */
  sessionRetryMaxMs: 5000,

  // Gear, Telnet Cores, inventory and the Data Exchange (docs/game-rules.md §4–§5, §15; ADR 015)
  /** While the socket is down, the inventory and Data Exchange refetch this often (nothing polls while it is up). */
  marketPollMs: 15_000,

  // The Kernel
  /** While the socket is down the Kernel catches up this often (spec §9 polls the grid every 5 s). */
  kernelPollMs: 5_000,

  // Terminal (docs/game-rules.md §18): the numbers the spec leaves open
  guessRefetchDelayMs: 300,
  /** spec §9: while the socket is down the boss and the last-defeated record are polled every 5 s. */
  bossPollMs: 5000,
} as const;
