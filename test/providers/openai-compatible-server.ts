// A local OpenAI-compatible embeddings server for provider tests: POST /v1/embeddings on 127.0.0.1, deterministic
// vectors in OpenAI's response shape (with usage), every request recorded, failures scripted per request.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { listenLoopback } from "../support/loopback-http.js";

/** One request the server received. */
export interface EmbeddingRequest {
  readonly model: string;
  readonly input: readonly string[];
  readonly dimensions: number | undefined;
  readonly authorization: string | undefined;
}

/** What the server does with a request: answer normally, answer with an error status, or never answer. */
export type Reply =
  | { readonly kind: "vectors" }
  | {
      readonly kind: "error";
      readonly status: number;
      readonly message: string;
      readonly headers?: Record<string, string>;
    }
  | { readonly kind: "hang" };

export interface OpenAICompatibleServer {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseURL: string;
  readonly requests: EmbeddingRequest[];
  /** Tokens reported in `usage.prompt_tokens` over every successful answer. */
  readonly reportedTokens: () => number;
  close(): Promise<void>;
}

const DEFAULT_DIMENSIONS = 16;

/** Whitespace-separated words: the server's token count for a text. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

/** A deterministic vector: each word adds 1 to a hashed dimension (FNV-1a), so shared words mean similarity. */
export function serverVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193) >>> 0;
    vector[hash % dimensions] += 1;
  }
  vector[dimensions - 1] += 0.01;
  return vector;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/**
 * Starts the server on 127.0.0.1 (a free port). `reply(request, position)` decides per request (position counts
 * from 0 over every request to /v1/embeddings); by default every request gets vectors.
 */
export async function startOpenAICompatibleServer(
  reply: (request: EmbeddingRequest, position: number) => Reply = () => ({ kind: "vectors" }),
): Promise<OpenAICompatibleServer> {
  const requests: EmbeddingRequest[] = [];
  let tokens = 0;
  const handler: RequestListener = async (request, response) => {
    if (request.method !== "POST" || request.url !== "/v1/embeddings") {
      sendJson(response, 404, { error: { message: `no route ${request.method} ${request.url}`, type: "not_found" } });
      return;
    }
    const body = JSON.parse(await readBody(request)) as {
      model: string;
      input: string[] | string;
      dimensions?: number;
    };
    const embeddingRequest: EmbeddingRequest = {
      model: body.model,
      input: Array.isArray(body.input) ? body.input : [body.input],
      dimensions: body.dimensions,
      authorization: request.headers.authorization,
    };
    const position = requests.push(embeddingRequest) - 1;
    const decision = reply(embeddingRequest, position);
    if (decision.kind === "hang") return;
    if (decision.kind === "error") {
      const error = { message: decision.message, type: "invalid_request_error", param: null, code: null };
      sendJson(response, decision.status, { error }, decision.headers);
      return;
    }
    const dimensions = embeddingRequest.dimensions ?? DEFAULT_DIMENSIONS;
    const promptTokens = embeddingRequest.input.reduce((sum, text) => sum + wordCount(text), 0);
    tokens += promptTokens;
    sendJson(response, 200, {
      object: "list",
      data: embeddingRequest.input.map((text, index) => ({
        object: "embedding",
        index,
        embedding: serverVector(text, dimensions),
      })),
      model: embeddingRequest.model,
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    });
  };
  const { port, close } = await listenLoopback(handler);
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reportedTokens: () => tokens,
    close,
  };
}
