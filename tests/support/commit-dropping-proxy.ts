import { createServer, Socket, type AddressInfo } from 'node:net';

/**
 * A TCP proxy between the app's pool and PostgreSQL that can cut one connection at the worst
 * moment: after PostgreSQL has executed a COMMIT and before its CommandComplete reaches the client,
 * which is what a network failure or a server crash right after commit looks like to the app.
 *
 * It reads the frontend protocol to know which statement each connection runs: a simple Query
 * ('Q') carries its text; the extended protocol names it in Parse ('P', statement name + text),
 * binds it to a portal ('B') and runs the portal ('E'). postgres.js sends the COMMIT of
 * sql.begin() as a prepared statement, so after the first one on a connection only Bind/Execute
 * with the statement's name travel; the name-to-text map is what still recognises it.
 */
export interface CommitDroppingProxy {
  /** The PostgreSQL URL that goes through the proxy. */
  url: string;
  /** The next COMMIT any connection sends is executed by PostgreSQL, but its reply never arrives. */
  dropNextCommitReply(): void;
  /** The next statement matching `pattern` is never forwarded: its connection is cut before it leaves. */
  dropBeforeNextStatement(pattern: RegExp): void;
  /** How many connections were cut so far, by either trap. */
  readonly cuts: number;
  close(): Promise<void>;
}

const commandCompleteCommit = Buffer.from([0x43, 0, 0, 0, 11, ...Buffer.from('COMMIT\0')]);
const isCommit = (text: string) => /^\s*commit\b/i.test(text);

function cstring(buffer: Buffer, start: number): [string, number] {
  const end = buffer.indexOf(0, start);
  return [buffer.toString('utf8', start, end), end + 1];
}

export async function startCommitDroppingProxy(target: string): Promise<CommitDroppingProxy> {
  const targetUrl = new URL(target);
  let commitTrapArmed = false;
  let statementTrap: RegExp | null = null;
  let cuts = 0;
  const sockets = new Set<Socket>();

  const server = createServer((client) => {
    const upstream = new Socket();
    sockets.add(client).add(upstream);
    const statements = new Map<string, string>();
    const portals = new Map<string, string>();
    let pending = Buffer.alloc(0);
    let typed = false;
    let commitInFlight = false;
    let heldReplies = Buffer.alloc(0);
    let cut = false;

    const cutBoth = () => {
      if (cut) return;
      cut = true;
      cuts++;
      client.destroy();
      upstream.destroy();
    };

    /** Reads whole frontend messages; returns false when the chunk must not be forwarded. */
    const inspect = (chunk: Buffer): boolean => {
      pending = Buffer.concat([pending, chunk]);
      let forward = true;
      for (;;) {
        const headerSize = typed ? 5 : 4;
        if (pending.length < headerSize) break;
        const length = pending.readUInt32BE(typed ? 1 : 0);
        const total = typed ? 1 + length : length;
        if (pending.length < total) break;
        const message = pending.subarray(0, total);
        pending = pending.subarray(total);
        if (!typed) {
          // StartupMessage (protocol 3.0) ends the untyped part; an SSLRequest would be another untyped one.
          typed = message.readUInt32BE(4) === 196608;
          continue;
        }
        let text: string | undefined;
        const type = String.fromCharCode(message[0]!);
        if (type === 'Q') [text] = cstring(message, 5);
        if (type === 'P') {
          const [name, next] = cstring(message, 5);
          [text] = cstring(message, next);
          statements.set(name, text);
        }
        if (type === 'B') {
          const [portal, next] = cstring(message, 5);
          const [statement] = cstring(message, next);
          portals.set(portal, statements.get(statement) ?? '');
        }
        if (type === 'E') text = portals.get(cstring(message, 5)[0]);
        if (type !== 'Q' && type !== 'E') continue;
        if (text !== undefined && statementTrap?.test(text)) {
          statementTrap = null;
          forward = false;
        }
        if (text !== undefined && commitTrapArmed && isCommit(text)) {
          commitTrapArmed = false;
          commitInFlight = true;
        }
      }
      return forward;
    };

    client.on('data', (chunk) => {
      if (cut) return;
      if (inspect(chunk)) upstream.write(chunk);
      else cutBoth();
    });
    upstream.on('data', (chunk) => {
      if (cut) return;
      if (!commitInFlight) return void client.write(chunk);
      // Hold everything after the COMMIT went out; once PostgreSQL confirms it, cut instead of answering.
      heldReplies = Buffer.concat([heldReplies, chunk]);
      if (heldReplies.includes(commandCompleteCommit)) cutBoth();
    });
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', closeBoth).on('error', closeBoth);
    upstream.on('close', closeBoth).on('error', closeBoth);
    upstream.connect(Number(targetUrl.port || 5432), targetUrl.hostname);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(target);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as AddressInfo).port);

  return {
    url: proxied.toString(),
    dropNextCommitReply() {
      commitTrapArmed = true;
    },
    dropBeforeNextStatement(pattern) {
      statementTrap = pattern;
    },
    get cuts() {
      return cuts;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
