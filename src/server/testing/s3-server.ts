import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** The store as the app reaches it: through a proxy that can cut an upload off. */
  endpoint: string;
  /** FILE_STORE=s3 and the S3_ variables for this server's bucket. */
  env: Record<string, string>;
  /** The bucket's own folder on disk, where s3rver keeps the objects. */
  directory: string;
  /** Stops the S3 server the moment the next upload (a PUT) starts sending: the store goes down mid-upload. */
  stopOnNextUpload(): void;
  /** Whether the server has been stopped. */
  readonly stopped: boolean;
  close(): Promise<void>;
}

export const TEST_BUCKET = 'firemark-test';

/**
 * A real S3-compatible server (s3rver, which speaks S3's HTTP API and knows its access key) on a
 * random port, keeping its objects in a temporary folder, behind a TCP proxy so that a test
 * can stop it while an upload is on its way.
 */
export async function startS3Server(prefix = 'firemark/'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'firemark-s3-'));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port: s3Port } = (await s3.run()) as net.AddressInfo;
  let stopped = false;
  let stopOnUpload = false;
  const sockets = new Set<net.Socket>();
  const stopS3 = async () => {
    if (stopped) return;
    stopped = true;
    const server = s3.httpServer as Server;
    server.closeAllConnections();
    await s3.close();
  };
  const proxy = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (stopped) return client.destroy();
    const upstream = net.connect(s3Port, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (chunk: Buffer) => {
      if (stopOnUpload && chunk.includes('PUT /')) {
        // The request's head (and perhaps part of the photo) reaches the server, then both
        // connections are cut and the server stops: the rest of the upload never arrives.
        stopOnUpload = false;
        upstream.write(chunk, () => {
          client.destroy();
          upstream.destroy();
          void stopS3();
        });
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  return {
    endpoint,
    directory,
    env: {
      FILE_STORE: 's3',
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's own key pair (it refuses another access key id).
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: prefix,
    },
    stopOnNextUpload() {
      stopOnUpload = true;
    },
    get stopped() {
      return stopped;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await stopS3();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
