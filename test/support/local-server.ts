/** Test HTTP servers: listening on 127.0.0.1 at a free port, and stopping with every connection. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `server` on 127.0.0.1 at a free port; `close` drops open connections and stops it. */
export async function listenLocal(server: Server): Promise<{ port: number; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = (): Promise<void> =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port, close };
}
