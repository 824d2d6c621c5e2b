// An HTTP server on 127.0.0.1 (a free port) for the tests' scripted endpoints, closed with its open connections.
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface LoopbackServer {
  readonly port: number;
  /** Stops listening and destroys open (keep-alive) connections, so it resolves at once. */
  close(): Promise<void>;
}

export async function listenLoopback(handler: RequestListener): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const server = createServer(handler);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
