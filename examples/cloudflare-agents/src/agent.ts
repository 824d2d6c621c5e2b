// A chat agent (an AIChatAgent Durable Object, one per user or chat) whose every turn is offered toolsift's selection
// over its own tools and the tools of the MCP servers it connects to; what it learns and the tool vectors stay in its
// own SQLite, so an agent evicted and woken again neither re-embeds nor forgets.
import { AIChatAgent } from "@cloudflare/ai-chat";
import { convertToModelMessages, isStepCount, streamText, type GenerateTextOnFinishCallback, type ToolSet } from "ai";
import { toolsiftChat, type ToolsiftChatEvent } from "toolsift/cloudflare-agents";
import { tools } from "../../worker-agent/src/tools.js";

export interface Env {
  /** Model id for the AI Gateway (`AI_GATEWAY_API_KEY` as a secret). Default "openai/gpt-5-mini". */
  readonly AGENT_MODEL?: string;
  /** MCP servers every agent connects to, as JSON `{ "name": "https://…/mcp" }`. Optional. */
  readonly MCP_SERVERS?: string;
}

export class SupportChat extends AIChatAgent<Env> {
  /** Connects the servers of `MCP_SERVERS` this agent has not connected yet (agents keeps them across evictions). */
  override async onStart(): Promise<void> {
    const wanted = JSON.parse(this.env.MCP_SERVERS ?? "{}") as Record<string, string>;
    const connected = new Set(this.mcp.listServers().map((server) => server.name));
    for (const [name, url] of Object.entries(wanted)) if (!connected.has(name)) await this.addMcpServer(name, url);
  }

  override async onChatMessage(onFinish: GenerateTextOnFinishCallback<ToolSet>) {
    // A server still connecting would miss this turn's catalog; one that is down is reported and left out.
    await this.mcp.waitForConnections({ timeout: 2_000 });
    const chat = await toolsiftChat(this, tools, {
      onEnd: onFinish,
      onEvent: (event: ToolsiftChatEvent) => console.warn(`[toolsift] ${event.type}`),
    });
    const messages = await convertToModelMessages(this.messages);
    return streamText({
      model: this.env.AGENT_MODEL ?? "openai/gpt-5-mini",
      system: "You are a support agent for a SaaS company. Use the tools to act; say what you did.",
      messages,
      ...chat,
      stopWhen: isStepCount(8),
    }).toUIMessageStreamResponse();
  }
}
