// A port on 127.0.0.1 that nothing listened on a moment ago (for the local servers the benches and checks start).
//
// Drawn below the range the OS hands out for port 0 (32768–60999 on Linux): a port the OS picked for us is the next
// one it may hand to the server's own helpers. Seen in CI: wrangler's miniflare bound its loopback server to the port
// just freed, and the check's fetch got that server's "403 Forbidden" instead of the Worker's answer.
import { createServer } from "node:net";

const LOWEST = 20_000;
const BELOW = 32_768;

/** Whether nothing listens on `port` of 127.0.0.1 now. */
function isFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** Resolves with a port that was free when asked, outside the OS's range for port 0 when one is. */
export async function freePort() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (BELOW - LOWEST));
    if (await isFree(port)) return port;
  }
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
