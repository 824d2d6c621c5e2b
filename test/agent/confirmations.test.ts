// A terse reply to what the assistant proposed ("yes", "do it") is offered the tool of the proposal, on the default
// prepareStep and with stableTools: false, in real AI SDK loops whose scripted model refuses tools it was not offered;
// thanks or a plain no after it is offered nothing.
import { readFileSync } from "node:fs";
import { generateText, isStepCount, jsonSchema, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { terseCatalog } from "./terse-catalog.js";
import { scriptedModel, type ScriptStep } from "./mock-model.js";

const catalog = terseCatalog;
const index = createToolIndex(catalog);
const jsonObject = jsonSchema<Record<string, unknown>>({ type: "object", properties: {} });
const tools = Object.fromEntries(
  catalog.map(({ name, description }) => [name, { description, inputSchema: jsonObject, execute: async () => "ok" }]),
);

/** Runs one user turn after `history` with a model playing `script`; returns what each call was offered. */
async function turn(
  history: ModelMessage[],
  text: string,
  script: ScriptStep[],
  prepareStep: ReturnType<typeof index.prepareStep>,
) {
  const model = scriptedModel(script);
  const messages: ModelMessage[] = [...history, { role: "user", content: text }];
  const result = await generateText({ model: model.model, tools, messages, prepareStep, stopWhen: isStepCount(4) });
  return { offered: model.offered, messages: [...messages, ...result.response.messages] };
}

describe("a reply to the assistant's proposal", () => {
  for (const stableTools of [true, false]) {
    it(`is offered the proposed action's tool, and thanks after it nothing (stableTools: ${stableTools})`, async () => {
      const prepareStep = index.prepareStep({ stableTools });
      // Turn 1: a lookup; the assistant proposes a different action in words only.
      const first = await turn(
        [],
        "what's the status of ENG-12?",
        [
          { toolCalls: [{ toolName: "jira_get_issue", input: {} }] },
          { text: "ENG-12 (login timeout) is still open, assigned to Dana. Want me to post an update to the channel?" },
        ],
        prepareStep,
      );
      expect(first.offered[0]).toContain("jira_get_issue");
      expect(first.offered[0]).not.toContain("slack_post_message");
      // Turn 2: "do it" names nothing; the scripted model posts, which it can only do if offered slack_post_message.
      const second = await turn(
        first.messages,
        "do it",
        [{ toolCalls: [{ toolName: "slack_post_message", input: {} }] }, { text: "Posted. Anything else?" }],
        prepareStep,
      );
      expect(second.offered[0]).toContain("slack_post_message");
      // Turn 3: thanks to an open offer of more help is chat: no tool.
      const third = await turn(second.messages, "thanks!", [{ text: "You're welcome!" }], prepareStep);
      expect(third.offered).toEqual([[]]);
    });
  }

  it('the documented example on the 60-tool SaaS catalog: a reply to "Should I email them a reminder?"', async () => {
    // bench/everyday's catalog, written as developers write them: the request before ranks stripe tools, which the
    // cache-keeping set already offers, above `gmail_send` ("Send email"); the question's own ranking adds it.
    const saas = JSON.parse(readFileSync(new URL("../../bench/everyday/catalogs/saas.json", import.meta.url), "utf8"));
    const saasTools = Object.fromEntries(
      saas.tools.map((entry: { name: string; description: string; inputSchema: object }) => [
        entry.name,
        { description: entry.description, inputSchema: jsonSchema(entry.inputSchema), execute: async () => "ok" },
      ]),
    );
    const saasIndex = createToolIndex(saasTools);
    for (const stableTools of [true, false]) {
      const prepareStep = saasIndex.prepareStep({ stableTools });
      const run = async (messages: ModelMessage[], script: ScriptStep[]) => {
        const model = scriptedModel(script);
        const result = await generateText({
          model: model.model,
          tools: saasTools,
          messages,
          prepareStep,
          stopWhen: isStepCount(4),
        });
        return { offered: model.offered, messages: [...messages, ...result.response.messages] };
      };
      const asked = "Initech owes $2,400 on INV-12. Should I email them a reminder?";
      const first = await run(
        [{ role: "user", content: "any unpaid invoices for initech?" }],
        [{ toolCalls: [{ toolName: "stripe_list_invoices", input: {} }] }, { text: asked }],
      );
      expect(first.offered[0]).not.toContain("gmail_send");
      const second = await run(
        [...first.messages, { role: "user", content: "yes pls" }],
        [{ toolCalls: [{ toolName: "gmail_send", input: {} }] }, { text: "Sent." }],
      );
      expect(second.offered[0]).toContain("gmail_send");
    }
  });

  it("the proposed tools come beside the ranking: maxTools keeps its ranked tools", async () => {
    const saas = JSON.parse(readFileSync(new URL("../../bench/everyday/catalogs/saas.json", import.meta.url), "utf8"));
    const saasIndex = createToolIndex(
      saas.tools.map((entry: { name: string; description: string; inputSchema: object }) => ({
        name: entry.name,
        description: entry.description,
        inputSchema: entry.inputSchema,
      })),
    );
    const asked = (said: string, first: string): ModelMessage[] => [
      { role: "user", content: first },
      { role: "assistant", content: [{ type: "text", text: said }] },
      { role: "user", content: "yes" },
    ];
    // With maxTools: 3 the request's three ranked tools stay, and the proposed one comes beside them.
    const messages = asked("Initech owes $2,400 on INV-12. Should I email them a reminder?", "any unpaid invoices?");
    const plain = saasIndex.prepareStep({ stableTools: false, maxTools: 3 });
    const offered = (await plain({ steps: [], messages })).activeTools ?? [];
    expect(offered).toEqual(
      expect.arrayContaining(["stripe_get_invoice", "stripe_list_invoices", "stripe_create_invoice", "gmail_send"]),
    );
  });

  it("reads a go-ahead asked for without a question mark, and a plain no closes it", async () => {
    const prepareStep = index.prepareStep({ stableTools: false });
    const history: ModelMessage[] = [
      { role: "user", content: "what's open in acme/api" },
      {
        role: "assistant",
        content: [{ type: "text", text: "PR #91 (dark mode) passed CI. Just say the word and I'll merge it." }],
      },
    ];
    const yes = await turn(
      history,
      "go ahead",
      [{ toolCalls: [{ toolName: "gh_merge_pr" }] }, { text: "Merged." }],
      prepareStep,
    );
    expect(yes.offered[0]).toContain("gh_merge_pr");
    const no = await turn(history, "nah leave it", [{ text: "OK, leaving it open." }], prepareStep);
    expect(no.offered).toEqual([[]]);
  });

  it("select and selectWithScores with messages read the question too: the proposed tool leads the companions", async () => {
    const messages: ModelMessage[] = [
      { role: "user", content: "what's the status of ENG-12?" },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "jira_get_issue", input: {} }] },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c1",
            toolName: "jira_get_issue",
            output: { type: "text", value: "open" },
          },
        ],
      },
      {
        role: "assistant",
        content: [{ type: "text", text: "ENG-12 is still open. Want me to post an update to the channel?" }],
      },
    ];
    const reply = async (text: string) =>
      (await index.selectWithScores(text, { messages: [...messages, { role: "user", content: text }] })).results;
    const yes = await reply("yes pls");
    expect(yes[0]).toMatchObject({ name: "slack_post_message", reason: "asked" });
    // The conversation's own tool still comes, after it.
    expect(yes.map((tool) => tool.name)).toContain("jira_get_issue");
    expect(await index.select("do it", { messages: [...messages, { role: "user", content: "do it" }] })).toContain(
      "slack_post_message",
    );
    // A no asking for something else gets its own tools first; the proposed one comes after them.
    const instead = (await reply("no, refund it instead")).map((tool) => tool.name);
    expect(instead[0]).toBe("stripe_refund");
    // A closing reply, and a text that is not the latest user message, get no proposed tool. A reply that closes the
    // matter gets nothing at all, though its words meet a tool ("leave" and `notes_leave`).
    expect(await reply("thanks, that's all")).toEqual([]);
    const withNotes = createToolIndex([...catalog, { name: "notes_leave", description: "Leave a note" }]);
    const nah = [...messages, { role: "user" as const, content: "nah leave it" }];
    expect(await withNotes.select("nah leave it", { messages: nah })).toEqual([]);
    expect(await withNotes.select("nah leave it")).toContain("notes_leave");
    const other = await index.selectWithScores("yes pls", { messages: [...messages, { role: "user", content: "hm" }] });
    expect(other.results.map((tool) => tool.name)).not.toContain("slack_post_message");
  });
});
