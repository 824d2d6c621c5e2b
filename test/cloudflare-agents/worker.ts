// The test Worker: `ToolsChat`, an AIChatAgent whose onChatMessage spreads toolsiftChat into streamText with a
// scripted model (one script per agent name, set by the test), and `FilesMcp`, a real MCP server as an McpAgent.
import { AIChatAgent } from "@cloudflare/ai-chat";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { routeAgentRequest } from "agents";
import { McpAgent } from "agents/mcp";
import { convertToModelMessages, isStepCount, streamText, type ModelMessage, type ToolSet } from "ai";
import { z } from "zod";
import { toolsiftChat, type ToolsiftChatEvent, type ToolsiftChatOptions } from "../../src/cloudflare-agents/index.js";
import { hashingEmbeddingModel } from "../../src/testing/index.js";
import { tools } from "../../examples/worker-agent/src/tools.js";
import { scriptedModel, type RequestScript, type ScriptStep } from "../agent/mock-model.js";

/** The bindings of wrangler.toml (workers-types are not loaded by the repo's tsconfig: only what is used). */
export interface Env {
  CHAT: { idFromName(name: string): unknown; get(id: unknown): ToolsChat };
  FILES_MCP: unknown;
}

/** What one agent (by name) plays and records; set from the test, read inside the Durable Object (one isolate). */
export interface Session {
  /** The scripted model, one per agent for the whole test (across turns and evictions): its `doStreamCalls`. */
  model: ReturnType<typeof scriptedModel>["model"];
  /** Tool names offered on each model call. */
  offered: string[][];
  options?: ToolsiftChatOptions;
  events: ToolsiftChatEvent[];
  /** Messages of the errors the turns' streams ended with. */
  errors: string[];
  /** Texts the embedding model embedded (tools and queries), per agent. */
  embedded: string[];
  /** The agent's own tools (default: the example's); the test may change them between turns. */
  tools?: ToolSet;
}

export const sessions = new Map<string, Session>();

export function session(name: string, script: ScriptStep[] | RequestScript, options?: ToolsiftChatOptions): Session {
  const { model, offered } = scriptedModel(script);
  const entry: Session = { model, offered, events: [], errors: [], embedded: [], ...(options ? { options } : {}) };
  sessions.set(name, entry);
  return entry;
}

/** The session's options, with an embedding model that records what it embeds and an onEvent that records events. */
function chatOptions(current: Session): ToolsiftChatOptions {
  const embeddings = hashingEmbeddingModel({ dimensions: 64 });
  const counted = new Proxy(embeddings, {
    get(target, key, receiver) {
      if (key !== "doEmbed") return Reflect.get(target, key, receiver);
      return (options: { values: string[] }) => {
        current.embedded.push(...options.values);
        return target.doEmbed(options as never);
      };
    },
  });
  const given = current.options ?? {};
  return {
    ...given,
    index: { embeddingModel: counted, ...given.index },
    onEvent: (event) => current.events.push(event),
  };
}

export class ToolsChat extends AIChatAgent<Env> {
  override async onChatMessage(onFinish: never) {
    const current = sessions.get(this.name);
    if (current === undefined) throw new Error(`no script for agent "${this.name}"`);
    const chat = await toolsiftChat(this, current.tools ?? tools, { ...chatOptions(current), onEnd: onFinish });
    const messages: ModelMessage[] = await convertToModelMessages(this.messages);
    const result = streamText({
      model: current.model,
      messages,
      ...chat,
      stopWhen: isStepCount(6),
      onError: ({ error }) => void current.errors.push((error as Error).message),
    });
    return result.toUIMessageStreamResponse();
  }

  /** Continues the last assistant message without a new user message (as auto-continue after a tool result does). */
  async continueTurn(): Promise<string> {
    return (await this.continueLastTurn()).status;
  }

  /** Connects the files MCP server (an McpAgent of this Worker, over its binding). */
  async connectFiles(): Promise<string> {
    const { id } = await this.addMcpServer("files", (this as unknown as { env: Env }).env.FILES_MCP as never);
    return id;
  }

  async disconnect(id: string): Promise<void> {
    await this.removeMcpServer(id);
  }

  /** Adds a server at a URL nothing answers. */
  async connectDown(): Promise<void> {
    await this.addMcpServer("down", "http://127.0.0.1:9/mcp").catch(() => undefined);
  }

  /** What this instance's index holds as learnt (the index made from storage when this instance has none yet). */
  async learntUsage(): Promise<string> {
    const current = sessions.get(this.name)!;
    const chat = await toolsiftChat(this, current.tools ?? tools, chatOptions(current));
    return JSON.stringify(chat.index.usage());
  }

  /** The message of what toolsiftChat throws for `options`, or "" when it does not throw. */
  async refusal(options: object): Promise<string> {
    return toolsiftChat(this, tools, options as never).then(
      () => "",
      (error: Error) => error.message,
    );
  }

  /** Replaces every stored decision of the stable set with `text` (a damaged table). */
  damageStableSets(text: string): void {
    void this.sql`UPDATE toolsift_stable_sets SET decision = ${text}`;
  }

  usageRow(): string | undefined {
    return this.sql<{ snapshot: string }>`SELECT snapshot FROM toolsift_usage WHERE id = 1`[0]?.snapshot;
  }
}

export class FilesMcp extends McpAgent<Env> {
  server = new McpServer({ name: "files", version: "1.0.0", title: "Acme file store" });

  async init() {
    this.server.registerTool(
      "read_file",
      { description: "Read a text file from the Acme file store by its path.", inputSchema: { path: z.string() } },
      async ({ path }) => ({ content: [{ type: "text", text: `contents of ${path}` }] }),
    );
    this.server.registerTool(
      "search_files",
      {
        description: "Search the Acme file store for files whose name matches a pattern.",
        inputSchema: { pattern: z.string() },
      },
      async ({ pattern }) => ({ content: [{ type: "text", text: `report-${pattern}.txt` }] }),
    );
  }
}

export default {
  async fetch(request: Request, env: Env) {
    return (await routeAgentRequest(request, env)) ?? new Response("not found", { status: 404 });
  },
};
