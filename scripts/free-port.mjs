// A port on 127.0.0.1 that nothing listened on a moment ago (for the local servers the benches and checks start).
import { createServer } from "node:net";

/** Resolves with a port that was free when asked (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
