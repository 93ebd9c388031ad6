import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy between the server and PostgreSQL for crash tests. It passes everything through
 * until it is armed; from then on, each connection that sends a COMMIT (or another statement that
 * `commits` says commits by itself, outside BEGIN) gets it delivered to PostgreSQL (so the
 * transaction commits) but never hears back. The server is left with transactions that are
 * durable but that it never answered: the worst moment for a crash, which a kill at a random time
 * rarely hits.
 */
export interface CommitSwallowingProxy {
  port: number;
  /**
   * From now on, swallow the acknowledgement of COMMITs. `once`: only the next one. `drop`: then
   * close that connection too (a moment later, once PostgreSQL has committed), as a network that
   * fails would: the server, still running, hears only that its connection was lost.
   */
  arm(options?: { once?: boolean; drop?: boolean }): void;
  /** COMMITs passed on but not answered since arming. */
  swallowedCommits(): number;
  close(): Promise<void>;
}

/** Statements of one transaction the proxy keeps for `commits` to look at. */
const TRANSACTION_KEPT = 64;

/** Long enough for PostgreSQL to finish a COMMIT it has received before its connection goes. */
const DROP_AFTER_MS = 200;

export async function startCommitSwallowingProxy(target: {
  host: string;
  port: number;
  /**
   * Whether a statement (lower case, trimmed) commits what the test watches; COMMIT by default.
   * `transaction`: the statements sent on that connection since its BEGIN (empty outside one), so
   * that a COMMIT can be told apart by what it commits.
   */
  commits?: (statement: string, transaction: readonly string[]) => boolean;
}): Promise<CommitSwallowingProxy> {
  const commits = target.commits ?? ((statement: string) => statement.startsWith('commit'));
  let armed = false;
  let armedOptions: { once?: boolean; drop?: boolean } = {};
  let swallowed = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.destroy());
    let silenced = false;
    upstream.on('data', (chunk: Buffer) => {
      if (!silenced) client.write(chunk);
    });
    let startupDone = false;
    let buffered: Buffer = Buffer.alloc(0);
    /** Statements since BEGIN on this connection (at most TRANSACTION_KEPT of them). */
    let transaction: string[] = [];
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!startupDone) {
          // The startup message has a length but no type byte.
          if (buffered.length < 4 || buffered.length < buffered.readInt32BE(0)) break;
          buffered = buffered.subarray(buffered.readInt32BE(0));
          startupDone = true;
          continue;
        }
        if (buffered.length < 5 || buffered.length < buffered.readInt32BE(1) + 1) break;
        const length = buffered.readInt32BE(1);
        const statement = silenced ? undefined : statementOf(buffered.subarray(0, length + 1));
        if (statement !== undefined) {
          if (statement.startsWith('begin')) transaction = [];
          else if (transaction.length < TRANSACTION_KEPT) transaction.push(statement);
        }
        if (armed && statement !== undefined && commits(statement, transaction)) {
          silenced = true;
          swallowed++;
          if (armedOptions.once) armed = false;
          if (armedOptions.drop) {
            setTimeout(() => {
              client.destroy();
              upstream.destroy();
            }, DROP_AFTER_MS);
          }
        }
        if (statement?.startsWith('commit') || statement?.startsWith('rollback')) transaction = [];
        buffered = buffered.subarray(length + 1);
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    arm: (options = {}) => {
      armed = true;
      armedOptions = options;
    },
    swallowedCommits: () => swallowed,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** The SQL of a simple query (Q) or of a statement being prepared (P: name, then the SQL), lower case. */
function statementOf(message: Buffer): string | undefined {
  const body = message.subarray(5);
  if (message[0] === 0x51 /* Q */) return cString(body, 0).trim().toLowerCase();
  if (message[0] === 0x50 /* P */) {
    const nameEnd = body.indexOf(0);
    return cString(body, nameEnd + 1)
      .trim()
      .toLowerCase();
  }
  return undefined;
}

function cString(buffer: Buffer, start: number): string {
  const end = buffer.indexOf(0, start);
  return buffer.subarray(start, end === -1 ? buffer.length : end).toString('utf8');
}
