// toolsift/cloudflare-agents: toolsift's selection inside a Cloudflare Agents `AIChatAgent` (`agents`,
// `@cloudflare/ai-chat`): its own tools and its MCP servers', usage and vectors in the agent's own SQLite.

export { toolsiftChat, type ToolsiftChatEvent, type ToolsiftChatOptions } from "./toolsift-chat.js";
