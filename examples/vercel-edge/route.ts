// A Next.js route on Vercel Edge (app/api/agent/route.ts): an agent loop, each step given only the tools it needs.
import { generateText, isStepCount } from "ai";
import { createToolIndex } from "toolsift";
// Vercel Edge forbids compiling wasm from bytes; Next's `?module` import hands over a precompiled WebAssembly.Module.
import wasm from "toolsift/core.wasm?module";
import { tools } from "./tools";

export const runtime = "edge";

// Module scope: the index is built once per isolate and reused by every request it serves.
const index = createToolIndex(tools, { runtime: { wasm } });

export async function POST(request: Request): Promise<Response> {
  const body: unknown = await request.json();
  const prompt = typeof body === "object" && body !== null ? (body as { prompt?: unknown }).prompt : undefined;
  if (typeof prompt !== "string" || prompt.trim() === "") {
    return Response.json({ error: 'Expected a JSON body { "prompt": "..." }.' }, { status: 400 });
  }
  const result = await generateText({
    // A model id string goes through the AI Gateway; any AI SDK model object works the same.
    model: "openai/gpt-5-mini",
    tools,
    prepareStep: index.prepareStep({ maxTools: 3 }),
    stopWhen: isStepCount(4),
    prompt,
  });
  return Response.json({
    text: result.text,
    toolCalls: result.steps.flatMap((step) => step.toolCalls.map((call) => call.toolName)),
  });
}
