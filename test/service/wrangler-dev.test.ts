// The service as `npm start` runs it (wrangler dev --local, the built-in dev admin token), spoken to over real HTTP:
// what the runtime answers itself for methods the app never sees.

import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalService, type LocalService } from "./local-service.js";

let service: LocalService;
beforeAll(async () => {
  service = await startLocalService();
}, 180_000);
afterAll(() => service?.stop());

/** Sends `head` (a request line and headers) over a plain socket; resolves with everything the server answered. */
function rawRequest(head: string): Promise<string> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.write(`${head}\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
  });
}

describe("methods over HTTP (src/worker/README.md, Routes)", () => {
  it("a method the runtime knows reaches the app: 405 METHOD_NOT_ALLOWED in the documented shape", async () => {
    for (const method of ["PATCH", "TRACE", "PROPFIND", "QUERY"]) {
      const answer = await rawRequest(`${method} /health HTTP/1.1`);
      expect(answer).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer).toMatch(/\r\nAllow: GET, HEAD\r\n/i);
      expect(answer).toContain(`{"error":{"code":"METHOD_NOT_ALLOWED","message":"${method} is not allowed on /health`);
    }
  });

  it("CONNECT and an unregistered method are answered by the runtime in plain text, as documented", async () => {
    for (const target of ["/health", "127.0.0.1:80"]) {
      const answer = await rawRequest(`CONNECT ${target} HTTP/1.1`);
      expect(answer).toMatch(/^HTTP\/1\.1 500 /);
      expect(answer.split("\r\n\r\n")[1]).toBe("Internal Server Error");
    }
    const foo = await rawRequest("FOO /health HTTP/1.1");
    expect(foo).toMatch(/^HTTP\/1\.1 501 /);
    expect(foo.split("\r\n\r\n")[1]).toBe("ERROR: Unrecognized request method.");
    // The app still answers afterwards.
    expect((await fetch(`${service.url}/health`)).status).toBe(200);
  });
});
