// toolsift/openai-agents: per-model-call tool selection for OpenAI Agents SDK agents (function tools and MCP servers).

export { toolsiftAgent } from "./toolsift-agent.js";
export type { ToolsiftAgentEvent, ToolsiftAgentOptions } from "./options.js";
