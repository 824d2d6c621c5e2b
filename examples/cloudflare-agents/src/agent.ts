// A chat agent (an AIChatAgent Durable Object, one per user or chat) whose every turn is offered toolsift's selection
// over its own tools and the tools of the MCP servers it connects to; what it learns and the tool vectors stay in its
// own SQLite, so an agent evicted and woken again neither re-embeds nor forgets.
import { AIChatAgent } from "@cloudflare/ai-chat";
import {
  convertToModelMessages,
  isStepCount,
  streamText,
  type GenerateTextOnFinishCallback,
  type LanguageModel,
  type ToolSet,
  type UIMessage,
} from "ai";
import { toolsiftChat, type ToolsiftChatEvent } from "toolsift/cloudflare-agents";
import { mockModel } from "./mock-model.js";
import { tools } from "./tools.js";

export interface Env {
  /** "mock" for the offline scripted model, or a model id for the AI Gateway. Default "openai/gpt-5-mini". */
  readonly AGENT_MODEL?: string;
  /** The AI Gateway's key, which a model id needs (`.dev.vars` locally, `wrangler secret put` deployed). */
  readonly AI_GATEWAY_API_KEY?: string;
  /** MCP servers every agent connects to, as JSON `{ "name": "https://…/mcp" }`. Optional. */
  readonly MCP_SERVERS?: string;
}

/** The turn's model; a model id without the gateway's key fails here, saying how to set one, before any request. */
function chatModel(env: Env): LanguageModel {
  const modelId = env.AGENT_MODEL ?? "openai/gpt-5-mini";
  if (modelId === "mock") return mockModel();
  if (env.AI_GATEWAY_API_KEY === undefined || env.AI_GATEWAY_API_KEY === "") {
    throw new Error(
      `AGENT_MODEL "${modelId}" goes through the AI Gateway, which needs AI_GATEWAY_API_KEY: put it in .dev.vars ` +
        "(wrangler dev) or run `wrangler secret put AI_GATEWAY_API_KEY` (deployed); AGENT_MODEL=mock answers offline.",
    );
  }
  return modelId;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class SupportChat extends AIChatAgent<Env> {
  /** Connects the servers of `MCP_SERVERS` this agent has not connected yet (agents keeps them across evictions). */
  override async onStart(): Promise<void> {
    const wanted = JSON.parse(this.env.MCP_SERVERS ?? "{}") as Record<string, string>;
    const connected = new Set(this.mcp.listServers().map((server) => server.name));
    for (const [name, url] of Object.entries(wanted)) if (!connected.has(name)) await this.addMcpServer(name, url);
  }

  override async onChatMessage(onFinish: GenerateTextOnFinishCallback<ToolSet>) {
    const model = chatModel(this.env);
    // A server still connecting would miss this turn's catalog; one that is down is reported and left out.
    await this.mcp.waitForConnections({ timeout: 2_000 });
    const chat = await toolsiftChat(this, tools, {
      onEnd: onFinish,
      onEvent: (event: ToolsiftChatEvent) => console.warn(`[toolsift] ${event.type}`),
    });
    const messages = await convertToModelMessages(this.messages);
    return streamText({
      model,
      system: "You are a support agent for a SaaS company. Use the tools to act; say what you did.",
      messages,
      ...chat,
      stopWhen: isStepCount(8),
      // The AI SDK sends the chat client "An error occurred." unless told otherwise; this example shows the
      // message (a provider's error may name your account: mask it in production).
    }).toUIMessageStreamResponse({ onError: errorText });
  }

  /**
   * `POST /agents/support-chat/<name>` with `{ "message": "…" }`: one chat turn over plain HTTP (curl), answered as
   * JSON `{ text, toolCalls }`, or `{ error }` when the turn failed. The chat client's WebSocket is the other way in.
   */
  override async onRequest(request: Request): Promise<Response> {
    if (request.method !== "POST") {
      return Response.json({ error: 'POST { "message": "…" } to send one chat turn.' }, { status: 405 });
    }
    const body = (await request.json().catch(() => undefined)) as { message?: unknown } | undefined;
    const message = body?.message;
    if (typeof message !== "string" || message.trim() === "") {
      return Response.json({ error: 'Expected a JSON body { "message": "…" }.' }, { status: 400 });
    }
    const user: UIMessage = { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text: message }] };
    let result: Awaited<ReturnType<typeof this.saveMessages>>;
    try {
      result = await this.saveMessages((messages) => [...messages, user]);
    } catch (error) {
      // onChatMessage threw before streaming (chatModel's missing key, say): its message is the answer.
      return Response.json({ error: errorText(error) }, { status: 500 });
    }
    if (result.status !== "completed") {
      return Response.json({ error: result.error ?? `the turn ended ${result.status}` }, { status: 500 });
    }
    const reply = this.messages.at(-1);
    const parts = reply?.role === "assistant" ? reply.parts : [];
    return Response.json({
      text: parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join(""),
      toolCalls: parts.flatMap((part) => (part.type.startsWith("tool-") ? [part.type.slice("tool-".length)] : [])),
    });
  }
}
