// index.searchTool() + prepareStep: when the tools offered do not fit, the model searches the whole
// catalog with a meta-tool; the tools it finds are offered from the next step on.
//
//   npx node examples/search-tool.ts         (offline; with OPENAI_API_KEY: gpt-4o-mini)
import { generateText, isStepCount } from "ai";
import { createToolIndex } from "toolsift";
import { describeStep, exampleModel } from "./shared/model.ts";
import { tools as catalog } from "./shared/tools.ts";

const index = createToolIndex(catalog);
// The meta-tool joins the tools; `alwaysActive` keeps it offered on every step. `onNoMatch: "none"`: when
// nothing matches the request, the step gets the search tool instead of every tool (the default).
const tools = { ...catalog, search_tools: index.searchTool({ maxResults: 3 }) };
const selectTools = index.prepareStep({ maxTools: 3, alwaysActive: ["search_tools"], onNoMatch: "none" });

const prompt = "Save board-q3.pdf for the auditors, they need it by Friday.";
const upload = { call: "aws_s3_put_object", input: { bucket: "audit-archive", key: "2025/board-q3.pdf" } } as const;
const { model, label } = await exampleModel([
  // Like a model: use the upload tool if it was offered, otherwise search for one.
  (offered) =>
    offered.includes(upload.call) ? upload : { call: "search_tools", input: { query: "upload a file to storage" } },
  (offered) => (offered.includes(upload.call) ? upload : { text: "(The search found nothing I can use.)" }),
  { text: "Saved board-q3.pdf to s3://audit-archive/2025/ for the auditors." },
]);

console.log(`model: ${label}\nuser: ${prompt}\n`);
const result = await generateText({
  model,
  tools,
  prompt,
  stopWhen: isStepCount(5),
  prepareStep: async (step) => {
    const { activeTools } = await selectTools(step);
    console.log(`step ${step.stepNumber + 1}: offered ${activeTools?.join(", ") ?? "all tools"}`);
    return { activeTools };
  },
  onStepFinish: (step) => {
    console.log(describeStep(step).join("\n"));
    for (const result of step.toolResults) {
      if (result.toolName === "search_tools") console.log(`  search_tools found: ${JSON.stringify(result.output)}`);
    }
  },
});
console.log(`\nanswer: ${result.text}`);
