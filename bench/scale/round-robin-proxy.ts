import net from 'node:net';

export interface Proxy {
  url: string;
  close(): Promise<void>;
}

/**
 * The load balancer of the several-instance runs: a TCP proxy that hands each new connection to
 * the next backend in turn, as a layer-4 balancer does. Keep-alive connections stay with the
 * instance they were given, so 50 connections split 25 and 25 over two instances.
 */
export async function startRoundRobinProxy(backends: string[], port = 0): Promise<Proxy> {
  const targets = backends.map((b) => new URL(b));
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const target = targets[next++ % targets.length]!;
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
