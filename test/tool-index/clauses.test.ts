// A request of several tasks: each task's best tool is offered beside the whole request's ranking, in an agent loop.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { requestClauses } from "../../src/tool-index/clauses.js";

describe("requestClauses", () => {
  it("splits at 'then', ';', a new line, and 'and' before a verb of work", () => {
    expect(requestClauses("restart the api pods, then resolve the open incident")).toEqual([
      "restart the api pods",
      "resolve the open incident",
    ]);
    expect(requestClauses("export the weekly signups and post the numbers in #growth")).toEqual([
      "export the weekly signups",
      "post the numbers in #growth",
    ]);
    expect(requestClauses("archive the old board; notify the team")).toEqual([
      "archive the old board",
      "notify the team",
    ]);
  });

  it("reads one task where 'and' joins nouns, and none in fragments", () => {
    expect(requestClauses("when can Raj and I both meet next week")).toEqual([]);
    expect(requestClauses("compare the staging and production configs")).toEqual([]);
    expect(requestClauses("ok then")).toEqual([]);
  });
});

describe("clause tools", () => {
  const tools = createToolIndex({
    snowflake_query: { description: "Run a SQL query on the warehouse" },
    snowflake_list_tables: { description: "List tables in a schema" },
    snowflake_describe_table: { description: "Columns of a table" },
    snowflake_query_history: { description: "Recent queries" },
    snowflake_warehouses: { description: "List warehouses" },
    slack_post_message: { description: "Post a message to a channel" },
  });
  const text = "run a sql query on the warehouse tables in snowflake, then post the numbers";

  it("offers each task's best tool in a conversation, with reason 'clause'", async () => {
    const { results } = await tools.selectWithScores(text, { maxTools: 1, adaptive: false, messages: [] });
    expect(results[0]).toMatchObject({ name: "snowflake_query", reason: "ranked" });
    expect(results.find((result) => result.name === "slack_post_message")?.reason).toBe("clause");
  });

  it("offers each task's tool beyond maxTools: the ranking keeps its places", async () => {
    const more = createToolIndex({
      snowflake_query: { description: "Run a SQL query on the warehouse" },
      snowflake_sql_history: { description: "Recent sql queries run on the warehouse" },
      snowflake_warehouses: { description: "List warehouses in snowflake" },
      slack_post_message: { description: "Post a message to a channel" },
    });
    const plain = await more.selectWithScores(text, { maxTools: 2, adaptive: false });
    expect(plain.results.map((result) => result.name)).toEqual(["snowflake_query", "snowflake_sql_history"]);
    const { results } = await more.selectWithScores(text, { maxTools: 2, adaptive: false, messages: [] });
    expect(results.map((result) => [result.name, result.reason])).toEqual([
      ["snowflake_query", "ranked"],
      ["snowflake_sql_history", "ranked"],
      ["slack_post_message", "clause"],
    ]);
  });

  it("leaves a plain select as the ranking has it", async () => {
    const { results } = await tools.selectWithScores(text, { maxTools: 1, adaptive: false });
    expect(results.map((result) => [result.name, result.reason])).toEqual([["snowflake_query", "ranked"]]);
  });
});

describe("a task's look-up beside its action", () => {
  const object = (...names: string[]) => ({
    type: "object",
    properties: Object.fromEntries(names.map((name) => [name, { type: "string" }])),
  });
  const tools = createToolIndex([
    { name: "stripe_refund", description: "Refund a Stripe charge", parameters: object("charge") },
    { name: "stripe_get_invoice", description: "Stripe invoice details", parameters: object("invoice") },
    { name: "paypal_refund", description: "Refund a PayPal charge", parameters: object("transaction") },
    { name: "jira_get_issue", description: "Get a Jira issue by key", parameters: object("key") },
    { name: "jira_transition", description: "Change a Jira issue's status", parameters: object("key", "to") },
    { name: "zd_reply", description: "Reply on a Zendesk ticket", parameters: object("ticket_id", "body") },
    { name: "zd_get_ticket", description: "Zendesk ticket details", parameters: object("ticket_id") },
    { name: "zd_update_ticket", description: "Update a Zendesk ticket", parameters: object("ticket_id", "status") },
    { name: "slack_post", description: "Post a message to a Slack channel", parameters: object("channel", "text") },
  ]);
  const clauseTools = async (text: string) => {
    const { results } = await tools.selectWithScores(text, { maxTools: 1, adaptive: false, messages: [] });
    return results.filter((result) => result.reason === "clause").map((result) => result.name);
  };

  it("offers a task's look-up of the same product beside its tool: the invoice beside the refund", async () => {
    // The everyday SaaS catalog, written as developers write them: "refund INV-2041" ranks the refund first, then Jira
    // tools that take a key, then the invoice; the whole request's ranking is led by the product it names, Zendesk.
    const saas = createToolIndex(
      (
        JSON.parse(readFileSync(new URL("../../bench/everyday/catalogs/saas.json", import.meta.url), "utf8")) as {
          tools: { name: string; description: string; inputSchema: object }[];
        }
      ).tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
    );
    const ranked = await saas.select("refund INV-2041", { maxTools: 5, minRelevance: 0, adaptive: false });
    expect(ranked[0]).toBe("stripe_refund");
    expect(ranked.indexOf("stripe_get_invoice")).toBeGreaterThan(1);
    const text = "refund INV-2041 and let the customer know on zendesk ticket 7781";
    const { results } = await saas.selectWithScores(text, { maxTools: 1, adaptive: false, messages: [] });
    const clause = results.filter((result) => result.reason === "clause").map((result) => result.name);
    expect(clause).toEqual(expect.arrayContaining(["stripe_refund", "stripe_get_invoice"]));
    expect(clause.filter((name) => name.startsWith("jira_"))).toEqual([]);
  });

  it("offers no next tool of another product", async () => {
    const text = "post the numbers in #growth and refund the stripe charge";
    const found = await clauseTools(text);
    expect(found).not.toContain("paypal_refund");
    expect((await tools.select("refund the stripe charge", { minRelevance: 0 })).slice(0, 2)).toEqual([
      "stripe_refund",
      "paypal_refund",
    ]);
  });
});
