// generateText + index.prepareStep(): each step of the agent loop is offered the few tools that match
// the conversation, out of 30. Two user turns (the second a short follow-up); prints the tools offered
// at every step and what the model did with them.
//
//   npx node examples/prepare-step.ts        (offline; with OPENAI_API_KEY: gpt-4o-mini)
import { generateText, isStepCount, type ModelMessage } from "ai";
import { createToolIndex } from "toolsift";
import { callIfOffered, describeStep, exampleModel } from "./shared/model.ts";
import { tools } from "./shared/tools.ts";

const index = createToolIndex(tools);
await index.warmUp(); // optional: loads the wasm core and builds the index now

const turns = [
  "Customer cus_4821 was charged twice for order 1042. Find the duplicate charge and refund it.",
  "and email sam@example.com to confirm",
];
const { model, label } = await exampleModel([
  // turn 1
  callIfOffered("stripe_list_charges", { customer: "cus_4821" }),
  callIfOffered("stripe_create_refund", { charge: "ch_2" }),
  { text: "Refunded the duplicate $49.00 charge (ch_2) on order 1042." },
  // turn 2
  callIfOffered("gmail_send_email", {
    to: "sam@example.com",
    subject: "Your refund for order 1042",
    body: "We refunded the duplicate $49.00 charge.",
  }),
  { text: "Emailed sam@example.com." },
]);

const selectTools = index.prepareStep({ maxTools: 5 });
const total = Object.keys(tools).length;
console.log(`model: ${label}`);

const messages: ModelMessage[] = [];
for (const turn of turns) {
  console.log(`\nuser: ${turn}`);
  messages.push({ role: "user", content: turn });
  const result = await generateText({
    model,
    tools,
    messages,
    stopWhen: isStepCount(6),
    prepareStep: async (step) => {
      const { activeTools } = await selectTools(step); // reads step.messages and step.steps
      console.log(
        `step ${step.stepNumber + 1}: offered ${activeTools?.length ?? total} of ${total} tools: ${activeTools?.join(", ") ?? "all"}`,
      );
      return { activeTools };
    },
    onStepFinish: (step) => console.log(describeStep(step).join("\n")),
  });
  messages.push(...result.responseMessages);
}
