// wrapLanguageModel + index.middleware(): the model itself drops the tools a call does not need, so
// any generateText / streamText / agent that uses it sends fewer tool definitions, with no
// prepareStep. A second middleware after it prints what the model really receives.
//
//   npx node examples/middleware.ts          (offline; with OPENAI_API_KEY: gpt-4o-mini)
import { generateText, isStepCount, wrapLanguageModel, type LanguageModelMiddleware } from "ai";
import { createToolIndex } from "toolsift";
import { callIfOffered, describeStep, exampleModel } from "./shared/model.ts";
import { tools } from "./shared/tools.ts";

const index = createToolIndex(tools);

const prompts = [
  "What's the weather going to be in Lisbon this weekend?",
  "Roll back the web-app project on Vercel to the previous deployment.",
  "Open a Zendesk ticket for jo@example.com: the invoice PDF does not download.",
];
const { model: base, label } = await exampleModel([
  callIfOffered("weather_forecast", { city: "Lisbon", days: 3 }),
  { text: "Sunny, 24°C highs, 16°C lows." },
  callIfOffered("vercel_rollback_deployment", { project: "web-app" }),
  { text: "web-app is back on dpl_7c1a." },
  callIfOffered("zendesk_create_ticket", {
    subject: "Invoice PDF does not download",
    description: "The invoice PDF link fails.",
    requester_email: "jo@example.com",
  }),
  { text: "Opened ticket 90211." },
]);

const total = Object.keys(tools).length;
const printOffered: LanguageModelMiddleware = {
  transformParams: async ({ params }) => {
    const names = (params.tools ?? []).map((tool) => tool.name);
    console.log(`  the model receives ${names.length} of ${total} tools: ${names.join(", ")}`);
    return params;
  },
};
// Middlewares apply in order: toolsift's selection first, then the printer sees its result.
const model = wrapLanguageModel({ model: base, middleware: [index.middleware({ maxTools: 3 }), printOffered] });

console.log(`model: ${label}`);
for (const prompt of prompts) {
  console.log(`\nuser: ${prompt}`);
  // Every tool is passed; the middleware trims them per call.
  await generateText({
    model,
    tools,
    prompt,
    stopWhen: isStepCount(4),
    onStepFinish: (step) => console.log(describeStep(step).join("\n")),
  });
}
