// toolsift/mastra: per-step tool selection for Mastra agents, through the index's prepareStep.

export { toolsiftProcessor } from "./processor.js";
export { toolsiftMcpTools } from "./mcp-tools.js";
