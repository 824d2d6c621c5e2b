// A scripted model behind a loopback HTTP server speaking the OpenAI Responses wire format (POST /v1/responses) on
// 127.0.0.1: it records every request body, and calls the tool its script names only when the request offers it.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { listenLoopback } from "../support/loopback-http.js";

/** A Responses request body as the tests read it. */
export interface ResponsesBody {
  readonly model: string;
  readonly input: readonly { type?: string; role?: string; name?: string; content?: unknown }[];
  readonly tools?: readonly { type: string; name?: string }[];
}

/** What the script wants for one request: call a tool (with these arguments), or answer in text. */
export type ScriptedTurn =
  { readonly call: string; readonly arguments?: Record<string, unknown> } | { readonly text: string };

export interface ResponsesServer {
  /** `http://127.0.0.1:<port>/v1`: the OpenAI client's `baseURL`. */
  readonly baseURL: string;
  /** Every request body, in order. */
  readonly bodies: ResponsesBody[];
  /** Tools the script asked for that the request did not offer (each answered with text instead of a call). */
  readonly refused: string[];
  close(): Promise<void>;
}

/** The function tool names a request offers. */
export function offeredTools(body: ResponsesBody): string[] {
  return (body.tools ?? []).filter((tool) => tool.type === "function").map((tool) => tool.name ?? "");
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** A completed Responses API response holding `output`. */
function responseOf(id: number, model: string, output: unknown[]) {
  return {
    id: `resp_${id}`,
    object: "response",
    created_at: 1_700_000_000,
    model,
    status: "completed",
    output,
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    usage: {
      input_tokens: 10,
      output_tokens: 5,
      total_tokens: 15,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  };
}

/**
 * Starts the server on a free port. `script(body, position)` decides each answer (position counts every request from
 * 0). A call to a tool the body does not offer is never made: the answer is the text `not offered: <name>`, and the
 * name is recorded in `refused`.
 */
export async function startResponsesServer(
  script: (body: ResponsesBody, position: number) => ScriptedTurn,
): Promise<ResponsesServer> {
  const bodies: ResponsesBody[] = [];
  const refused: string[] = [];
  const handler: RequestListener = async (request, response) => {
    if (request.method !== "POST" || request.url !== "/v1/responses") {
      sendJson(response, 404, { error: { message: `no route ${request.method} ${request.url}`, type: "not_found" } });
      return;
    }
    const body = JSON.parse(await readBody(request)) as ResponsesBody;
    const position = bodies.push(body) - 1;
    const turn = script(body, position);
    let output: unknown[];
    if ("call" in turn && offeredTools(body).includes(turn.call)) {
      output = [
        {
          type: "function_call",
          id: `fc_${position}`,
          call_id: `call_${position}`,
          name: turn.call,
          arguments: JSON.stringify(turn.arguments ?? {}),
          status: "completed",
        },
      ];
    } else {
      if ("call" in turn) refused.push(turn.call);
      const text = "call" in turn ? `not offered: ${turn.call}` : turn.text;
      output = [
        {
          type: "message",
          id: `msg_${position}`,
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text, annotations: [] }],
        },
      ];
    }
    sendJson(response, 200, responseOf(position, body.model, output));
  };
  const { port, close } = await listenLoopback(handler);
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    bodies,
    refused,
    close,
  };
}
