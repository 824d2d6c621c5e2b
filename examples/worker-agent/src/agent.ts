// POST /agent inside your own Worker: generateText where each step is offered the tools toolsift picks for it (this
// 15-tool catalog is small enough to be offered whole to every request: `smallCatalog`, docs/agent-loop.md).
import { generateText, isStepCount, type LanguageModel, type ModelMessage } from "ai";
import { createToolIndex, type ToolIndex } from "toolsift";
import { kvCache, type KvNamespaceLike } from "toolsift/storage";
import { localEmbeddingModel } from "toolsift/local";
import { tools } from "./tools.js";

export interface Env {
  /** KV namespace for the tool embeddings (wrangler.toml binds it): a restarted isolate reads them, not re-embeds. */
  readonly TOOL_EMBEDDINGS: KvNamespaceLike;
  /** Model id for the AI Gateway (`AI_GATEWAY_API_KEY` as a secret). Default "openai/gpt-5-mini". */
  readonly AGENT_MODEL?: string;
}

export interface AgentWorkerOptions {
  /** The language model per request. Default: `env.AGENT_MODEL` (a model id string, through the AI Gateway). */
  model?: (env: Env) => LanguageModel;
  /** Tools offered per step. Default 5. */
  maxTools?: number;
  /** Model calls per request. Default 6. */
  maxSteps?: number;
}

function badRequest(message: string, status = 400, headers: Record<string, string> = {}): Response {
  return Response.json({ error: message }, { status, headers });
}

/** The prompt or the conversation of a request body: `{ prompt }` or `{ messages }`. */
function readInput(body: unknown): { prompt: string } | { messages: ModelMessage[] } | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { prompt, messages } = body as { prompt?: unknown; messages?: unknown };
  if (typeof prompt === "string" && prompt.trim() !== "") return { prompt };
  if (Array.isArray(messages) && messages.length > 0) return { messages: messages as ModelMessage[] };
  return undefined;
}

export function createAgentWorker(options: AgentWorkerOptions = {}) {
  const local = localEmbeddingModel();
  // One index per isolate, made on the first request (the KV binding only exists then) and reused by every later one.
  let index: ToolIndex<keyof typeof tools> | undefined;
  const indexFor = (env: Env) =>
    (index ??= createToolIndex(tools, {
      embeddingModel: local,
      keyword: { queryExpansion: local },
      embedding: { cache: kvCache(env.TOOL_EMBEDDINGS) },
    }));

  return {
    async fetch(request: Request, env: Env): Promise<Response> {
      const { pathname } = new URL(request.url);
      if (pathname !== "/agent") return badRequest("Not found: POST /agent", 404);
      if (request.method !== "POST") return badRequest("Use POST /agent", 405, { Allow: "POST" });
      const input = readInput(await request.json().catch(() => undefined));
      if (input === undefined) return badRequest('Expected a JSON body { "prompt": "..." } or { "messages": [...] }.');

      const result = await generateText({
        model: options.model?.(env) ?? env.AGENT_MODEL ?? "openai/gpt-5-mini",
        tools,
        prepareStep: indexFor(env).prepareStep({ maxTools: options.maxTools ?? 5 }),
        stopWhen: isStepCount(options.maxSteps ?? 6),
        ...input,
      });
      return Response.json({
        text: result.text,
        steps: result.steps.map((step) => ({
          toolCalls: step.toolCalls.map((call) => ({ toolName: call.toolName, input: call.input })),
        })),
      });
    },
  };
}
