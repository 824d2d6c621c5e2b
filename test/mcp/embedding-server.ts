// A loopback OpenAI-compatible embeddings endpoint for the gateway's tests: records every request (path, key, body)
// and answers deterministic vectors (hashed words; "folder" is read as "directory", which the bundled local model
// cannot do), or 401 as OpenAI answers a bad key.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the endpoint received. */
export interface EmbeddingRequest {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: { model: string; input: string[]; dimensions?: number; encoding_format?: string };
}

export interface EmbeddingServer {
  /** The base URL to give @ai-sdk/openai (`http://127.0.0.1:<port>/v1`). */
  readonly baseURL: string;
  readonly requests: EmbeddingRequest[];
  /** `"ok"`: vectors; `"unauthorized"`: 401 with OpenAI's error body. */
  mode: "ok" | "unauthorized";
  close(): Promise<void>;
}

const DIMENSIONS = 256;
/** The one relation this fake model knows beyond spelling. */
const SAME_AS: Readonly<Record<string, string>> = { folder: "directory" };

/** FNV-1a of a word, to one of `dimensions`. */
function dimension(word: string, dimensions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % dimensions;
}

/**
 * The vector of a text: its lower-case words (a final "s" dropped, `SAME_AS` applied) counted in hashed dimensions
 * (the request's `dimensions`, else 256).
 */
export function fakeVector(text: string, dimensions = DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const word = raw.length > 3 && raw.endsWith("s") ? raw.slice(0, -1) : raw;
    vector[dimension(SAME_AS[word] ?? word, dimensions)] += 1;
  }
  return vector;
}

/** Starts the endpoint on 127.0.0.1 (any free port). */
export async function startEmbeddingServer(): Promise<EmbeddingServer> {
  const requests: EmbeddingRequest[] = [];
  const state: { mode: EmbeddingServer["mode"] } = { mode: "ok" };
  const http: Server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      const body = JSON.parse(text) as EmbeddingRequest["body"];
      requests.push({ path: request.url ?? "", authorization: request.headers.authorization, body });
      response.setHeader("content-type", "application/json");
      if (state.mode === "unauthorized") {
        response.statusCode = 401;
        response.end(
          JSON.stringify({
            error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" },
          }),
        );
        return;
      }
      const data = body.input.map((input, index) => ({
        object: "embedding",
        index,
        embedding: fakeVector(input, body.dimensions),
      }));
      response.end(JSON.stringify({ object: "list", data, model: body.model, usage: { prompt_tokens: 1 } }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
