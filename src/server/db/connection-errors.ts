// Errors that mean "this connection is dead", not "this statement is wrong": the server was
// restarted or cut us off (57P01-57P03), or the socket closed under an idle pooled connection.
const connectionErrorCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
]);

// Errors raised before a statement can have reached a server session: no connection could be
// opened (refused, unresolvable, timed out) or the server refused the session at startup (57P03
// "cannot connect now"). postgres.js writes a query only on an established, authenticated
// connection, so a statement failing this way was never sent.
const neverSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECT_TIMEOUT',
  '57P03',
]);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

/** True for an error (or, drizzle-wrapped, its cause) that says the connection died. */
export function isConnectionError(error: unknown): boolean {
  return codesOf(error).some((code) => connectionErrorCodes.has(code));
}

/** True for an error that proves the statement never reached the server. */
export function neverSent(error: unknown): boolean {
  return codesOf(error).some((code) => neverSentCodes.has(code));
}

/** What a transaction's statement gets once its connection is gone: nothing more is sent on it. */
export function connectionGone(): Error {
  return Object.assign(new Error('the transaction lost its connection; nothing more was sent'), {
    code: 'CONNECTION_DESTROYED',
  });
}
