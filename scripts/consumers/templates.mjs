// The files of the consumer projects: each target's entry point, page, build script or routes, as text.

export const nodeMain = `import { check } from "./check.js";\nconsole.log(JSON.stringify(await check()));\n`;
export const browserMain =
  `import { check } from "./check.js";\n` +
  `check().then((result) => { window.__result = result; }, ` +
  `(error) => { window.__result = { error: String(error?.stack ?? error) }; });\n`;
export const indexHtml = (script) =>
  `<!doctype html>\n<html><head><meta charset="utf-8"><title>toolsift consumer</title></head>\n` +
  `<body><script type="module" src="${script}"></script></body></html>\n`;
export const workerMain =
  `import { check } from "./check.js";\n` +
  `export default { async fetch() { return Response.json(await check()); } };\n`;
export const edgeMain = `import { check } from "./check.js";\nexport function run(asset) {\n  return check(asset);\n}\n`;
// Stands for the platform's wasm binding (Vercel hands a precompiled WebAssembly.Module to a `.wasm?module`
// import; runEdge in targets.mjs holds it in this global): the only build setting the edge-light bundle gets besides
// the condition. It is not a loader for toolsift's files: a `.bin` import would still fail the build.
export const edgeBuild = () =>
  `import { build } from "esbuild";\n` +
  `const wasmBinding = { name: "platform-wasm", setup(context) {\n` +
  `  context.onResolve({ filter: /\\.wasm(\\?module)?$/ }, (args) => ({ path: args.path, namespace: "wasm" }));\n` +
  `  context.onLoad({ filter: /.*/, namespace: "wasm" }, () => ({ contents: "export default globalThis.__coreWasm;" }));\n` +
  `} };\n` +
  `await build({ entryPoints: ["edge.js"], bundle: true, format: "iife", globalName: "edge", platform: "browser",\n` +
  `  conditions: ["edge-light"], outfile: "out/edge.js", logLevel: "warning", plugins: [wasmBinding] });\n`;

// webpack through its Node API (no webpack-cli): production build for browsers, the HTML page written beside it.
export const webpackBuild =
  `import webpack from "webpack";\n` +
  `import { writeFileSync } from "node:fs";\n` +
  `const compiler = webpack({ mode: "production", target: "web", entry: "./main.js",\n` +
  `  output: { path: new URL("./dist/", import.meta.url).pathname, filename: "app.js", clean: true },\n` +
  `  performance: { hints: false } });\n` +
  `const stats = await new Promise((resolve, reject) =>\n` +
  `  compiler.run((error, result) => (error ? reject(error) : compiler.close(() => resolve(result)))));\n` +
  `if (stats.hasErrors()) throw new Error(stats.toString("errors-only"));\n` +
  `writeFileSync("dist/index.html", ${JSON.stringify(indexHtml("/app.js"))});\n`;

// A Next.js app (App Router) with the check in an Edge route and in a Node.js route.
export const nextRoute = (runtime) =>
  `import { check } from "../../../check.js";\n` +
  (runtime === "edge" ? `export const runtime = "edge";\n` : "") +
  `export const dynamic = "force-dynamic";\n` +
  `export async function GET() {\n  return Response.json(await check());\n}\n`;
// An Edge route that passes the core itself: Next's `.wasm?module` import of the package's `toolsift/core.wasm?module`.
const nextModuleRoute =
  `import wasm from "toolsift/core.wasm?module";\n` +
  `import { createToolIndex } from "toolsift";\n` +
  `export const runtime = "edge";\n` +
  `export const dynamic = "force-dynamic";\n` +
  `const tools = [{ name: "stripe_create_refund", description: "Refund a card charge." },\n` +
  `  { name: "send_email", description: "Send an email to an address." }];\n` +
  `export async function GET() {\n` +
  `  const index = createToolIndex(tools, { runtime: { wasm } });\n` +
  `  return Response.json({ selected: await index.select("refund the card charge"), wasm: Object.prototype.toString.call(wasm) });\n` +
  `}\n`;

/**
 * The Next.js app: the check in an Edge route and in a Node.js route, an Edge route that imports the core itself, and
 * the files of examples/vercel-edge (`example`, name → text) as written in app/api/agent/ and, with its runtime line
 * set to "nodejs", in app/api/agent-node/.
 */
export const nextFiles = (example) => {
  const files = {
    "app/layout.js": `export default function RootLayout({ children }) {\n  return <html><body>{children}</body></html>;\n}\n`,
    "app/page.js": `export default function Page() {\n  return null;\n}\n`,
    "app/api/edge/route.js": nextRoute("edge"),
    "app/api/node/route.js": nextRoute("nodejs"),
    "app/api/edge-module/route.js": nextModuleRoute,
  };
  for (const [name, text] of Object.entries(example)) {
    files[`app/api/agent/${name}`] = text;
    const onNode = text.replace(/^export const runtime = "edge";$/m, 'export const runtime = "nodejs";');
    if (name === "route.ts" && onNode === text)
      throw new Error('examples/vercel-edge/route.ts has no runtime = "edge" line');
    files[`app/api/agent-node/${name}`] = onNode;
  }
  return files;
};

// The framework entries' consumers: each runs its framework's own loop offline with a scripted model that records
// the tools it is offered and calls the refund tool only when it is offered.
const frameworkTools = [
  ["stripe_create_refund", "Refund a card charge."],
  ["weather_forecast", "Get the weather forecast for a city."],
  ["send_email", "Send an email to an address."],
];

// A language model (AI SDK specification v4) that calls `refund` (the refund tool by the name the agent gives it) once
// when offered, then answers.
const scriptedModelSource = (refund) =>
  `const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },\n` +
  `  outputTokens: { total: 1, text: 1, reasoning: 0 } };\n` +
  `function scriptedModel(offered) {\n` +
  `  const answer = (content, unified) => ({ content, finishReason: { unified, raw: unified }, usage, warnings: [] });\n` +
  `  return { specificationVersion: "v4", provider: "scripted", modelId: "scripted", supportedUrls: {},\n` +
  `    async doGenerate(options) {\n` +
  `      const names = (options.tools ?? []).map((tool) => tool.name);\n` +
  `      offered.push(names);\n` +
  `      if (offered.length === 1 && names.includes(${JSON.stringify(refund)})) {\n` +
  `        const call = { type: "tool-call", toolCallId: "call_1", toolName: ${JSON.stringify(refund)}, input: '{"id":"ch_1"}' };\n` +
  `        return answer([call], "tool-calls");\n` +
  `      }\n` +
  `      return answer([{ type: "text", text: "Refunded." }], "stop");\n` +
  `    },\n` +
  `    async doStream() { throw new Error("the scripted model does not stream"); } };\n` +
  `}\n`;

const scriptedModelV4 = scriptedModelSource("stripe_create_refund");

// A Worker with an AIChatAgent (a Durable Object with SQLite) whose turns go through toolsiftChat; /check runs one
// turn with generateText inside the agent and reports the tools offered, the call made and the usage row it saved.
export const cloudflareAgentWorker =
  `import { AIChatAgent } from "@cloudflare/ai-chat";\n` +
  `import { getAgentByName } from "agents";\n` +
  `import { convertToModelMessages, generateText, isStepCount, jsonSchema, streamText, tool } from "ai";\n` +
  `import { toolsiftChat } from "toolsift/cloudflare-agents";\n` +
  scriptedModelV4 +
  `const input = jsonSchema({ type: "object", properties: { id: { type: "string" } }, required: ["id"] });\n` +
  `const tools = Object.fromEntries(${JSON.stringify(frameworkTools)}.map(([name, description]) =>\n` +
  `  [name, tool({ description, inputSchema: input, execute: async () => name + " done" })]));\n` +
  `export class Chat extends AIChatAgent {\n` +
  `  async onChatMessage(onFinish) {\n` +
  `    const chat = await toolsiftChat(this, tools, { onEnd: onFinish });\n` +
  `    const messages = await convertToModelMessages(this.messages);\n` +
  `    return streamText({ model: scriptedModel([]), messages, ...chat, stopWhen: isStepCount(4) }).toUIMessageStreamResponse();\n` +
  `  }\n` +
  `  async turn(text) {\n` +
  `    const offered = [];\n` +
  `    const events = [];\n` +
  `    const chat = await toolsiftChat(this, tools, { delivery: "prepare-step", prepareStep: { maxTools: 1, smallCatalog: false },\n` +
  `      onEvent: (event) => events.push(event.type) });\n` +
  `    const result = await generateText({ model: scriptedModel(offered), messages: [{ role: "user", content: text }],\n` +
  `      ...chat, stopWhen: isStepCount(4) });\n` +
  `    await chat.onEnd(result);\n` +
  `    const called = result.steps.flatMap((step) => step.toolCalls.map((call) => call.toolName));\n` +
  `    const saved = this.sql\`SELECT snapshot FROM toolsift_usage WHERE id = 1\`[0]?.snapshot ?? null;\n` +
  `    return { offered, called, text: result.text, usageSaved: saved !== null && saved.includes("stripe_create_refund"), events };\n` +
  `  }\n` +
  `}\n` +
  `export default { async fetch(request, env) {\n` +
  `  try {\n` +
  `    const agent = await getAgentByName(env.CHAT, "consumer");\n` +
  `    return Response.json(await agent.turn("refund the card charge"));\n` +
  `  } catch (error) {\n` +
  `    return Response.json({ error: String(error?.stack ?? error) });\n` +
  `  }\n` +
  `} };\n`;

// The OpenAI Agents SDK's run() loop with a scripted Model: toolsiftAgent offers one of the agent's three tools.
export const openaiAgentsMain =
  `import { Agent, run, setTracingDisabled, tool, Usage } from "@openai/agents";\n` +
  `import { toolsiftAgent } from "toolsift/openai-agents";\n` +
  `import { z } from "zod";\n` +
  `setTracingDisabled(true);\n` +
  `const tools = ${JSON.stringify(frameworkTools)}.map(([name, description]) =>\n` +
  `  tool({ name, description, parameters: z.object({ id: z.string() }), execute: async () => name + " done" }));\n` +
  `const offered = [];\n` +
  `const model = {\n` +
  `  async getResponse(request) {\n` +
  `    const names = request.tools.map((entry) => entry.name);\n` +
  `    offered.push(names);\n` +
  `    const output = offered.length === 1 && names.includes("stripe_create_refund")\n` +
  `      ? [{ type: "function_call", callId: "call_1", name: "stripe_create_refund", arguments: '{"id":"ch_1"}', status: "completed" }]\n` +
  `      : [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Refunded." }] }];\n` +
  `    return { usage: new Usage(), output };\n` +
  `  },\n` +
  `  getStreamedResponse() { throw new Error("the scripted model does not stream"); },\n` +
  `};\n` +
  `const { agent } = toolsiftAgent(new Agent({ name: "assistant", model, tools }), { maxTools: 1, smallCatalog: false });\n` +
  `const result = await run(agent, "refund the card charge");\n` +
  `const called = result.newItems.filter((item) => item.type === "tool_call_item").map((item) => item.rawItem.name);\n` +
  `console.log(JSON.stringify({ offered, called, text: result.finalOutput }));\n`;

// Mastra's Agent.generate loop with a scripted model: toolsiftProcessor (an input processor) offers one tool.
export const mastraMain =
  `import { Agent } from "@mastra/core/agent";\n` +
  `import { createTool } from "@mastra/core/tools";\n` +
  `import { createToolIndex } from "toolsift";\n` +
  `import { toolsiftProcessor } from "toolsift/mastra";\n` +
  `import { z } from "zod";\n` +
  scriptedModelV4 +
  `const tools = Object.fromEntries(${JSON.stringify(frameworkTools)}.map(([id, description]) =>\n` +
  `  [id, createTool({ id, description, inputSchema: z.object({ id: z.string() }), execute: async () => id + " done" })]));\n` +
  `const offered = [];\n` +
  `const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Help.", model: scriptedModel(offered),\n` +
  `  tools, inputProcessors: [toolsiftProcessor(createToolIndex(tools), { maxTools: 1, smallCatalog: false })] });\n` +
  `const result = await agent.generate("refund the card charge");\n` +
  `const called = result.steps.flatMap((step) => step.toolCalls.map((call) => call.toolName ?? call.payload?.toolName));\n` +
  `console.log(JSON.stringify({ offered, called, text: result.text }));\n`;

// A stdio MCP server (the MCP SDK, toolsift's own dependency) serving the framework tools, each `{ id }`.
export const frameworkMcpServer =
  `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n` +
  `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n` +
  `import { z } from "zod";\n` +
  `const server = new McpServer({ name: "payments", version: "1.0.0" });\n` +
  `for (const [name, description] of ${JSON.stringify(frameworkTools)}) {\n` +
  `  server.registerTool(name, { description, inputSchema: { id: z.string() } },\n` +
  `    async () => ({ content: [{ type: "text", text: name + " done" }] }));\n` +
  `}\n` +
  `await server.connect(new StdioServerTransport());\n`;

// Mastra with the same tools served by that MCP server (mcp-server.js) through @mastra/mcp's MCPClient:
// toolsiftMcpTools names them <server>__<tool> and toolsiftProcessor offers one.
export const mastraMcpMain =
  `import { Agent } from "@mastra/core/agent";\n` +
  `import { MCPClient } from "@mastra/mcp";\n` +
  `import { createToolIndex } from "toolsift";\n` +
  `import { toolsiftMcpTools, toolsiftProcessor } from "toolsift/mastra";\n` +
  scriptedModelSource("payments__stripe_create_refund") +
  `const mcp = new MCPClient({ id: "consumer", servers: {\n` +
  `  payments: { command: process.execPath, args: ["mcp-server.js"], stderr: "ignore" } } });\n` +
  `const index = createToolIndex({});\n` +
  `const offered = [];\n` +
  `const mcpEvents = [];\n` +
  `const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Help.", model: scriptedModel(offered),\n` +
  `  tools: toolsiftMcpTools(index, mcp, { onEvent: (event) => mcpEvents.push(event.message) }),\n` +
  `  inputProcessors: [toolsiftProcessor(index, { maxTools: 1, smallCatalog: false })] });\n` +
  `const result = await agent.generate("refund the card charge");\n` +
  `await mcp.disconnect();\n` +
  `const called = result.steps.flatMap((step) => step.toolCalls.map((call) => call.toolName ?? call.payload?.toolName));\n` +
  `console.log(JSON.stringify({ offered, called, text: result.text, mcpEvents }));\n`;
