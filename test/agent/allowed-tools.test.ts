// allowedTools bounds every tool an adapter offers: ranked, related, "every tool", and together with rules.
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";

const tools = {
  send_email: { description: "Send an email message to a person" },
  send_sms: { description: "Send an SMS text message to a phone" },
  get_weather: { description: "Get the weather forecast" },
};
const index = createToolIndex(tools);
const message = [{ role: "user" as const, content: "send a message to Bob" }];
const miss = { toolCalls: [] };

describe("prepareStep with allowedTools", () => {
  it("never activates a related tool outside allowedTools", async () => {
    const repoTools = {
      create_pull_request: { description: "Open a pull request" },
      list_branches: { description: "List branches" },
      delete_repo: { description: "Delete a repository" },
    };
    const repo = createToolIndex(repoTools, {
      relatedTools: { create_pull_request: ["delete_repo", "list_branches"] },
    });
    const allowedTools = ["create_pull_request", "list_branches"];
    const messages = [{ role: "user" as const, content: "open a pull request" }];
    // The related tool that is allowed comes with it (so the related map is in use), the other does not.
    expect(
      (await repo.prepareStep({ stableTools: false, allowedTools })({ messages, steps: [] })).activeTools?.sort(),
    ).toEqual(allowedTools);
  });

  it("with rules: a tool must pass both (the rules narrow allowedTools, never replace it)", async () => {
    const rules = { allowedTools: () => ["send_email", "send_sms"] };
    const options = { allowedTools: ["send_sms", "get_weather"], rules };
    expect(await index.prepareStep({ stableTools: false, ...options })({ messages: message, steps: [] })).toEqual({
      activeTools: ["send_sms"],
    });
    const stable = await index.prepareStep({ ...options, stableTools: true })({ messages: message, steps: [] });
    expect(stable.activeTools).toEqual(["send_sms"]);
  });

  it('"every tool" means every allowed tool: no user text, and after two misses', async () => {
    const prepare = index.prepareStep({ stableTools: false, allowedTools: ["send_sms"] });
    const system = [{ role: "system" as const, content: "Be brief." }];
    expect(await prepare({ messages: system, steps: [] })).toEqual({ activeTools: ["send_sms"] });
    expect(await prepare({ messages: message, steps: [miss, miss] })).toEqual({ activeTools: ["send_sms"] });
    const stable = index.prepareStep({ allowedTools: ["send_sms"], stableTools: true });
    expect((await stable({ messages: system, steps: [] })).activeTools).toEqual(["send_sms"]);
  });

  it("with rules and allowedTools, every tool is what both allow", async () => {
    const rules = { allowedTools: () => ["send_email", "send_sms"] };
    const prepare = index.prepareStep({ stableTools: false, allowedTools: ["send_sms", "get_weather"], rules });
    expect(await prepare({ messages: message, steps: [miss, miss] })).toEqual({ activeTools: ["send_sms"] });
  });
});

describe("middleware with allowedTools", () => {
  const functionTools = [...Object.keys(tools), "search_tools"].map((name) => ({ type: "function", name }));
  const names = (params: { tools?: ReadonlyArray<{ name: string }> }) => params.tools?.map((tool) => tool.name);

  it('"every tool" is every allowed tool (tools the index does not know stay)', async () => {
    const middleware = index.middleware({ allowedTools: ["send_sms"] });
    const system = [{ role: "system" as const, content: "Be brief." }];
    const params = await middleware.transformParams({ params: { prompt: system, tools: functionTools } });
    expect(names(params)).toEqual(["send_sms", "search_tools"]);
  });

  it("a ranked selection stays within allowedTools", async () => {
    // a small catalog is offered whole by default; this test is about selection
    const middleware = index.middleware({ allowedTools: ["send_sms", "get_weather"], smallCatalog: false });
    const params = await middleware.transformParams({ params: { prompt: message, tools: functionTools } });
    expect(names(params)).toEqual(["send_sms", "search_tools"]);
  });
});
