// A Next.js route on Vercel Edge (app/api/agent/route.ts): an agent loop, each step given the tools it needs (this
// small catalog is offered whole, ranked tools first: `smallCatalog`, docs/agent-loop.md).
import { generateText, isStepCount } from "ai";
import { createToolIndex } from "toolsift";
import { mockModel } from "./mock-model";
import { tools } from "./tools";

// Next marks the Edge runtime deprecated: "nodejs" (or no line at all) runs this same route on Node.
export const runtime = "edge";

// Module scope: the index is built once per isolate and reused by every request it serves. On Edge the package's
// "edge-light" export condition hands it the wasm core as a precompiled module; nothing to import or pass.
const index = createToolIndex(tools);

export async function POST(request: Request): Promise<Response> {
  const body: unknown = await request.json();
  const prompt = typeof body === "object" && body !== null ? (body as { prompt?: unknown }).prompt : undefined;
  if (typeof prompt !== "string" || prompt.trim() === "") {
    return Response.json({ error: 'Expected a JSON body { "prompt": "..." }.' }, { status: 400 });
  }
  const modelId = process.env.AGENT_MODEL ?? "openai/gpt-5-mini";
  const result = await generateText({
    // AGENT_MODEL=mock: an offline scripted model. Otherwise a model id, which goes through the AI Gateway
    // (AI_GATEWAY_API_KEY); any AI SDK model object works the same.
    model: modelId === "mock" ? mockModel() : modelId,
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
