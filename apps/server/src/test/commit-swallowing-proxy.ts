import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy between the server and PostgreSQL for crash tests. It passes everything through
 * until it is armed; from then on, each connection that sends a COMMIT gets it delivered to
 * PostgreSQL (so the transaction commits) but never hears back. The server is left with
 * transactions that are durable but that it never answered: the worst moment for a crash, which
 * a kill at a random time rarely hits.
 */
export interface CommitSwallowingProxy {
  port: number;
  arm(): void;
  /** COMMITs passed on but not answered since arming. */
  swallowedCommits(): number;
  close(): Promise<void>;
}

export async function startCommitSwallowingProxy(target: {
  host: string;
  port: number;
}): Promise<CommitSwallowingProxy> {
  let armed = false;
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
        if (armed && !silenced && buffered[0] === 0x51 /* Q */) {
          const text = buffered.subarray(5, length).toString('utf8').trim().toLowerCase();
          if (text.startsWith('commit')) {
            silenced = true;
            swallowed++;
          }
        }
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
    arm: () => {
      armed = true;
    },
    swallowedCommits: () => swallowed,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
