// A Worker that indexes a catalog with one tool whose name is `length` letters (issue 13's 1 MiB name), for
// bench/cost/one-name.mjs to time from outside. It imports only createToolIndex, so it also runs against older trees.
import { createToolIndex } from "../../src/index.js";

let name = "";

/** `length` letters a–z from a xorshift32 stream (the same seed, the same name). */
function letters(length: number, seed: number): string {
  let state = (seed * 2654435761) >>> 0 || 1;
  const codes = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    codes[i] = 97 + (state % 26);
  }
  return new TextDecoder().decode(codes);
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const params = url.searchParams;
    if (url.pathname === "/prepare") {
      name = letters(Number(params.get("length")), Number(params.get("seed")));
      return Response.json({ length: name.length });
    }
    if (url.pathname === "/index") {
      // Trees with catalog limits refuse such a name by default: `limits=1` raises the name limit for it.
      const options = params.get("limits") === "1" ? { limits: { nameLength: name.length } } : undefined;
      const index = createToolIndex(
        [
          { name, description: "A tool with an absurd name." },
          { name: "send_email", description: "Send an email to a recipient." },
        ],
        options as Parameters<typeof createToolIndex>[1],
      );
      await index.warmUp();
      const selected = await index.select("send an email");
      return Response.json({ length: name.length, selected });
    }
    return new Response("not found", { status: 404 });
  },
};
