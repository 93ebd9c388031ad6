import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the server and PostgreSQL that counts what the server asks for, read from
 * the frontend messages of the wire protocol: simple queries (`Q`), extended-protocol executions
 * (`E`) and syncs (`S`, one per round trip of the extended protocol). It changes nothing in the
 * traffic, so the server runs as it always does; only a short profiling run goes through it.
 */
export interface StatementCounts {
  /** Statements run: simple queries plus executions (BEGIN and COMMIT included). */
  statements: number;
  /** Round trips the server waited for: simple queries plus syncs. */
  roundTrips: number;
  /** BEGINs sent as simple queries (how node-postgres starts a transaction). */
  begins: number;
}

export interface StatementCounter {
  port: number;
  counts(): StatementCounts;
  /** How often each statement text was run (simple queries and bound statements), most frequent first. */
  texts(): [string, number][];
  reset(): void;
  close(): Promise<void>;
}

export async function startStatementCounter(target: {
  host: string;
  port: number;
}): Promise<StatementCounter> {
  const totals: StatementCounts = { statements: 0, roundTrips: 0, begins: 0 };
  const byText = new Map<string, number>();
  const countText = (text: string) => {
    const short = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    byText.set(short, (byText.get(short) ?? 0) + 1);
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    for (const socket of [client, upstream]) socket.on('close', () => sockets.delete(socket));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    upstream.pipe(client);
    let buffered: Buffer = Buffer.alloc(0);
    let startupDone = false;
    const statementTexts = new Map<string, string>();
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!startupDone) {
          // The startup message (and an SSL request before it) has a length but no type byte.
          if (buffered.length < 8) break;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) break;
          const code = buffered.readInt32BE(4);
          if (code !== 80877103) startupDone = true; // 80877103: SSLRequest, the startup follows it
          buffered = buffered.subarray(length);
          continue;
        }
        if (buffered.length < 5) break;
        const length = buffered.readInt32BE(1);
        if (buffered.length < length + 1) break;
        const type = String.fromCharCode(buffered[0] ?? 0);
        if (type === 'Q') {
          totals.statements++;
          totals.roundTrips++;
          const text = cString(buffered, 5);
          countText(text);
          if (text.trim().toUpperCase().startsWith('BEGIN')) totals.begins++;
        } else if (type === 'P') {
          // Parse: the statement's name, then its text. Unnamed statements are parsed before each
          // run; named (prepared) ones once per connection, then only bound.
          const name = cString(buffered, 5);
          statementTexts.set(name, cString(buffered, 5 + Buffer.byteLength(name) + 1));
        } else if (type === 'B') {
          // Bind: the portal's name, then the statement's.
          const portal = cString(buffered, 5);
          countText(statementTexts.get(cString(buffered, 5 + Buffer.byteLength(portal) + 1)) ?? '?');
        } else if (type === 'E') totals.statements++;
        else if (type === 'S') totals.roundTrips++;
        buffered = buffered.subarray(length + 1);
      }
    });
    client.on('end', () => upstream.end());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    counts: () => ({ ...totals }),
    texts: () => [...byText].sort((a, b) => b[1] - a[1]),
    reset: () => {
      byText.clear();
      totals.statements = 0;
      totals.roundTrips = 0;
      totals.begins = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** A NUL-terminated string of a message. */
function cString(buffer: Buffer, from: number): string {
  const end = buffer.indexOf(0, from);
  return buffer.subarray(from, end === -1 ? buffer.length : end).toString('utf8');
}
