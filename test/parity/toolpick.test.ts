// Differential parity with toolpick 0.4.0 (its own tool-index tests ship only in its repository, not on npm): each
// scenario runs against toolpick and toolsift with the same catalog, options and step inputs, and asserts the
// contract toolpick documents (README, .d.ts) and implements (dist/index.js).
//
// Intended differences (each test below tests the shared contract, not these):
// - Ranking: toolsift ranks with BM25F and typo tolerance, toolpick with BM25 + TF-IDF fusion, so orders below the
//   top tool and score scales differ (so a `threshold` value can cut at different places); typos match in toolsift
//   only.
// - Unknown option names: toolsift rejects them with UNKNOWN_OPTION; toolpick ignores them.
// - onNoMatch: when nothing matches, toolsift's prepareStep (and middleware) offer every tool by default; toolpick
//   offers only `alwaysActive` (`onNoMatch: "none"` gives toolpick's behaviour).
// - smallCatalog: toolsift offers a catalog of at most 20 tools and ~3000 tokens of definitions (this one) whole,
//   ranked tools first, to every turn that is not chat only; toolpick always selects (`smallCatalog: false` gives
//   its rule).
import { describe, expect, test } from "vitest";
import * as toolpick from "toolpick";
import { ToolsiftError } from "../../src/index.js";
import { catalogNames } from "./catalog.js";
import {
  assistant,
  createBoth,
  middlewareTools,
  offered,
  runStep,
  selectBoth,
  step,
  stepBoth,
  user,
  type Both,
} from "./both.js";

const libraries = ["toolpick", "toolsift"] as const;

/** Expects the same value from both libraries. */
function expectEach<T>(results: Both<T>, expected: T) {
  for (const library of libraries) expect(results[library], library).toEqual(expected);
}

describe("createToolIndex and toolNames", () => {
  test("toolNames lists every tool of a ToolSet in the ToolSet's own order", () => {
    const indexes = createBoth();
    expectEach({ toolpick: [...indexes.toolpick.toolNames], toolsift: [...indexes.toolsift.toolNames] }, [
      "github_create_pull_request",
      "github_list_branches",
      "github_list_issues",
      "slack_post_message",
      "slack_list_channels",
      "send_email",
      "calendar_create_event",
      "weather_forecast",
      "stripe_create_refund",
      "stripe_list_invoices",
      "jira_create_issue",
      "deploy_to_production",
      "s3_upload_file",
      "translate_text",
    ]);
  });

  test("warmUp resolves and leaves selections unchanged", async () => {
    const cold = createBoth();
    const before = await selectBoth(cold, "open a pull request");
    await expect(cold.pick.warmUp()).resolves.toBeUndefined();
    await expect(cold.sift.warmUp()).resolves.toBeUndefined();
    expect(await selectBoth(cold, "open a pull request")).toEqual(before);
    expectEach(before, ["github_create_pull_request", "github_list_issues"]);
  });
});

describe("select", () => {
  test.each([
    ["refund the stripe payment", "stripe_create_refund"],
    ["weather forecast in Paris", "weather_forecast"],
    ["post a message on slack", "slack_post_message"],
    ["open a pull request", "github_create_pull_request"],
    ["send an email about the deploy", "send_email"],
    ["upload this file to the bucket", "s3_upload_file"],
  ] as const)("%j ranks %s first", async (query, expected) => {
    const results = await selectBoth(createBoth(), query);
    for (const library of libraries) expect(results[library][0], library).toBe(expected);
  });

  test("maxTools is a ceiling: exactly maxTools when more tools match (adaptive off)", async () => {
    const indexes = createBoth();
    // "list" matches four tools in both libraries (the order differs: ranking is intended to differ).
    for (const maxTools of [1, 2, 3]) {
      const results = await selectBoth(indexes, "list", { maxTools, adaptive: false });
      for (const library of libraries) expect(results[library], library).toHaveLength(maxTools);
    }
    const all = await selectBoth(indexes, "list", { maxTools: 10, adaptive: false });
    for (const library of libraries) {
      expect([...all[library]].sort(), library).toEqual([
        "github_list_branches",
        "github_list_issues",
        "slack_list_channels",
        "stripe_list_invoices",
      ]);
    }
  });

  test("the default maxTools is 5", async () => {
    // Eight tools match "create" or "list".
    const results = await selectBoth(createBoth(), "create list", { adaptive: false });
    for (const library of libraries) expect(results[library], library).toHaveLength(5);
    const wide = await selectBoth(createBoth(), "create list", { adaptive: false, maxTools: 20 });
    for (const library of libraries) expect(wide[library], library).toHaveLength(8);
  });

  test("adaptive (default true) cuts at a large score drop, keeping two or more; false does not", async () => {
    const indexes = createBoth();
    const query = "create a pull request and list the branches";
    const cut = await selectBoth(indexes, query);
    const full = await selectBoth(indexes, query, { adaptive: false });
    expectEach(cut, ["github_create_pull_request", "github_list_branches"]);
    for (const library of libraries) {
      expect(full[library], library).toHaveLength(5);
      expect(full[library].slice(0, 2), library).toEqual(cut[library]);
    }
  });

  test("threshold is a floor on each tool's score: tools under it are left out", async () => {
    const indexes = createBoth();
    const options: toolpick.SelectOptions = { maxTools: 10, adaptive: false };
    const query = "refund the stripe payment";
    expectEach(await selectBoth(indexes, query, options), ["stripe_create_refund", "stripe_list_invoices"]);
    expectEach(await selectBoth(indexes, query, { ...options, threshold: 0.5 }), ["stripe_create_refund"]);
    expectEach(await selectBoth(indexes, query, { ...options, threshold: 0 }), [
      "stripe_create_refund",
      "stripe_list_invoices",
    ]);
  });

  test("an empty, blank or stopword-only query selects nothing but alwaysActive", async () => {
    const indexes = createBoth();
    for (const query of ["", "   ", "the and of"]) {
      expectEach(await selectBoth(indexes, query), []);
      expectEach(await selectBoth(indexes, query, { alwaysActive: ["send_email"] }), ["send_email"]);
    }
  });

  test("a query matching no tool selects nothing", async () => {
    expectEach(await selectBoth(createBoth(), "xyzzy plugh"), []);
  });

  test("alwaysActive tools are appended after the ranked tools, on top of maxTools", async () => {
    const results = await selectBoth(createBoth(), "weather forecast in Paris", {
      maxTools: 1,
      alwaysActive: ["send_email", "translate_text"],
    });
    expectEach(results, ["weather_forecast", "send_email", "translate_text"]);
  });

  test("an alwaysActive tool that also ranks is returned once", async () => {
    // Difference, not among the intended ones: toolpick keeps a pinned tool that ranks at its ranked place (here
    // first) and it takes one of the maxTools slots; toolsift leaves pinned tools out of the ranking and appends
    // them (here last), filling maxTools with other tools. Shared contract: the pinned tool is there once.
    const results = await selectBoth(createBoth(), "post a message on slack", {
      maxTools: 2,
      adaptive: false,
      alwaysActive: ["slack_post_message"],
    });
    for (const library of libraries) {
      const names = results[library];
      expect(
        names.filter((name) => name === "slack_post_message"),
        library,
      ).toHaveLength(1);
      expect(names, library).toContain("slack_list_channels");
      expect(new Set(names).size, library).toBe(names.length);
    }
  });

  test("alwaysActive names that are not in the catalog are dropped", async () => {
    const indexes = createBoth();
    const plain = await selectBoth(indexes, "weather forecast in Paris");
    const withUnknown = await selectBoth(indexes, "weather forecast in Paris", {
      alwaysActive: ["nonExistentTool", "send_email"],
    });
    expectEach(plain, ["weather_forecast"]);
    expectEach(withUnknown, ["weather_forecast", "send_email"]);
    expectEach(await selectBoth(indexes, "", { alwaysActive: ["nonExistentTool"] }), []);
  });

  test("select never returns a name outside the catalog", async () => {
    const indexes = createBoth();
    const queries = ["open a pull request", "email", "", "xyzzy", "create list", "wether forcast"];
    let returned = 0;
    for (const query of queries) {
      const results = await selectBoth(indexes, query, {
        maxTools: 10,
        alwaysActive: ["nonExistentTool", "send_email"],
      });
      for (const library of libraries) {
        returned += results[library].length;
        for (const name of results[library]) expect(catalogNames, `${library}: ${query}`).toContain(name);
      }
    }
    expect(returned).toBeGreaterThan(queries.length * 2);
  });

  test("typo tolerance is toolsift's own (intended difference)", async () => {
    const results = await selectBoth(createBoth(), "wether forcast");
    expect(results.toolpick).toEqual([]);
    expect(results.toolsift).toEqual(["weather_forecast"]);
  });

  test("unknown option names: toolpick ignores them, toolsift throws UNKNOWN_OPTION (intended)", async () => {
    const indexes = createBoth();
    const options = { maxTool: 1 } as toolpick.SelectOptions;
    await expect(indexes.toolpick.select("list", options)).resolves.toHaveLength(4);
    const error = await indexes.toolsift.select("list", options).catch((caught: unknown) => caught);
    expect(ToolsiftError.isInstance(error) && error.code).toBe("UNKNOWN_OPTION");
  });
});

describe("relatedTools", () => {
  const related = { github_create_pull_request: ["github_list_branches"] };

  test("index-level companions are appended after the selected tools, even beyond maxTools", async () => {
    const results = await selectBoth(createBoth({ relatedTools: related }), "open a pull request", { maxTools: 1 });
    expectEach(results, ["github_create_pull_request", "github_list_branches"]);
  });

  test("companions come after alwaysActive tools, and pinned tools bring their companions too", async () => {
    const indexes = createBoth({ relatedTools: { ...related, send_email: ["calendar_create_event"] } });
    const results = await selectBoth(indexes, "open a pull request", { maxTools: 1, alwaysActive: ["send_email"] });
    expectEach(results, ["github_create_pull_request", "send_email", "github_list_branches", "calendar_create_event"]);
  });

  test("a companion that is already selected is not repeated", async () => {
    const results = await selectBoth(
      createBoth({ relatedTools: related }),
      "create a pull request and list the branches",
    );
    expectEach(results, ["github_create_pull_request", "github_list_branches"]);
  });

  test("companions are not transitive: a companion's own companions are not added", async () => {
    const indexes = createBoth({
      relatedTools: { ...related, github_list_branches: ["github_list_issues"] },
    });
    expectEach(await selectBoth(indexes, "open a pull request", { maxTools: 1 }), [
      "github_create_pull_request",
      "github_list_branches",
    ]);
  });

  test("entries of tools that were not selected add nothing", async () => {
    const indexes = createBoth({ relatedTools: { send_email: ["calendar_create_event"] } });
    expectEach(await selectBoth(indexes, "open a pull request", { maxTools: 1 }), ["github_create_pull_request"]);
  });

  test("the select option fully replaces the index map", async () => {
    const indexes = createBoth({ relatedTools: related });
    const replaced = await selectBoth(indexes, "open a pull request", {
      maxTools: 1,
      relatedTools: { github_create_pull_request: ["github_list_issues"] },
    });
    expectEach(replaced, ["github_create_pull_request", "github_list_issues"]);
    const emptied = await selectBoth(indexes, "open a pull request", { maxTools: 1, relatedTools: {} });
    expectEach(emptied, ["github_create_pull_request"]);
  });

  test("the select option works without an index map", async () => {
    const results = await selectBoth(createBoth(), "weather forecast in Paris", {
      relatedTools: { weather_forecast: ["translate_text"] },
    });
    expectEach(results, ["weather_forecast", "translate_text"]);
  });

  test("companion names that are not in the catalog are filtered out", async () => {
    const indexes = createBoth({
      relatedTools: { github_create_pull_request: ["nonExistentTool", "github_list_branches"] },
    });
    expectEach(await selectBoth(indexes, "open a pull request", { maxTools: 1 }), [
      "github_create_pull_request",
      "github_list_branches",
    ]);
    const viaSelect = await selectBoth(createBoth(), "open a pull request", {
      maxTools: 1,
      relatedTools: { github_create_pull_request: ["nonExistentTool"] },
    });
    expectEach(viaSelect, ["github_create_pull_request"]);
  });
});

/** The eight tools that "create" or "list" match (toolpick's and toolsift's rankings agree on this set). */
const createOrList = [
  "github_create_pull_request",
  "github_list_branches",
  "github_list_issues",
  "slack_list_channels",
  "calendar_create_event",
  "stripe_create_refund",
  "stripe_list_invoices",
  "jira_create_issue",
];

describe("prepareStep", () => {
  // Differences found here (not among the intended ones above; each test below passes options that avoid them):
  // - toolpick's prepareStep ignores `adaptive` and `threshold` (always a full page of maxTools); toolsift applies
  //   them as select does, so by default a step may offer fewer tools ("create a pull request and list the branches":
  //   toolpick 5 tools, toolsift 2).
  // - toolsift also keeps the tools called in the last two steps (`steps.keepRecent`); toolpick instead appends their
  //   names to the query.
  // - When the page after a miss is empty, toolpick offers only alwaysActive (`activeTools: []` without any);
  //   toolsift offers every tool.
  const pullRequest = { messages: [user("open a pull request on our repository")], steps: [], stepNumber: 0 };

  test("the first step offers the best tools for the user's message, at most maxTools", async () => {
    const indexes = createBoth();
    const results = await stepBoth(indexes, pullRequest);
    for (const library of libraries) {
      const tools = results[library];
      expect(tools[0], library).toBe("github_create_pull_request");
      expect(tools.length, library).toBeLessThanOrEqual(5);
      for (const name of tools) expect(catalogNames, library).toContain(name);
    }
  });

  test("maxTools sets the page size", async () => {
    const indexes = createBoth();
    const input = { messages: [user("create a new item or list existing ones")], steps: [], stepNumber: 0 };
    const options: toolpick.SelectOptions = { maxTools: 3, adaptive: false };
    const results = await stepBoth(indexes, input, options);
    for (const library of libraries) {
      expect(results[library], library).toHaveLength(3);
      for (const name of results[library]) expect(createOrList, library).toContain(name);
    }
  });

  test("alwaysActive tools are offered on top of the ranked ones; unknown names are dropped", async () => {
    const indexes = createBoth();
    const options: toolpick.SelectOptions = { maxTools: 1, alwaysActive: ["send_email", "nonExistentTool"] };
    expectEach(await stepBoth(indexes, pullRequest, options), ["github_create_pull_request", "send_email"]);
  });

  test("after a step without a tool call the next page is offered; after two, every tool", async () => {
    const indexes = createBoth();
    const messages = [user("create a new item or list existing ones")];
    // Pages of five for both: with no maxTools given, toolsift offers an unsure match up to 8 (agent-loop.md).
    const options: toolpick.SelectOptions = { adaptive: false, maxTools: 5 };
    const first = await stepBoth(indexes, { messages, steps: [], stepNumber: 0 }, options);
    const second = await stepBoth(indexes, { messages, steps: [step([])], stepNumber: 1 }, options);
    const third = await stepBoth(indexes, { messages, steps: [step([]), step([])], stepNumber: 2 }, options);
    for (const library of libraries) {
      expect(first[library], library).toHaveLength(5);
      expect(second[library], library).toHaveLength(3);
      expect([...first[library], ...second[library]].sort(), library).toEqual([...createOrList].sort());
      expect([...third[library]].sort(), library).toEqual([...catalogNames].sort());
    }
  });

  test("a step with a tool call ends the paging", async () => {
    const indexes = createBoth();
    const steps = [step([]), step(["github_list_branches"])];
    const results = await stepBoth(indexes, { ...pullRequest, steps, stepNumber: 2 });
    for (const library of libraries) {
      expect(results[library][0], library).toBe("github_create_pull_request");
      expect(results[library].length, library).toBeLessThanOrEqual(6);
    }
  });

  test("a short follow-up is read with the user's earlier, longer message", async () => {
    const indexes = createBoth();
    const messages = [
      user("please refund the stripe payment charge of my last order"),
      assistant("Should I go ahead?"),
      user("yes"),
    ];
    const results = await stepBoth(indexes, { messages, steps: [], stepNumber: 0 });
    for (const library of libraries) expect(results[library][0], library).toBe("stripe_create_refund");
  });

  test("a conversation without user text offers every tool", async () => {
    const indexes = createBoth();
    const input = { messages: [], steps: [], stepNumber: 0 };
    expect(await runStep(indexes.pick.prepareStep(), input)).toBeUndefined();
    expect(offered(await runStep(indexes.sift.prepareStep(), input)).sort()).toEqual([...catalogNames].sort());
  });

  test("nothing matching: toolpick offers only alwaysActive, as toolsift's onNoMatch: 'none'", async () => {
    const indexes = createBoth();
    const noMatch = { messages: [user("xyzzy plugh")], steps: [], stepNumber: 0 };
    const noText = { messages: [], steps: [], stepNumber: 0 };
    for (const input of [noMatch, noText]) {
      const pinned = { alwaysActive: ["send_email"] };
      expect(offered(await runStep(indexes.pick.prepareStep(pinned), input))).toEqual(["send_email"]);
      const none = indexes.sift.prepareStep({ ...pinned, onNoMatch: "none", smallCatalog: false });
      expect(offered(await runStep(none, input))).toEqual(["send_email"]);
      // toolsift's default differs on purpose in both cases: with no user text it offers every tool (the catalog is
      // under maxOfferAll: there is nothing to rank yet), and a catalog of 20 tools or fewer is offered whole to a
      // request that asks for something no tool matches (the model decides; onNoMatch "none" is toolpick's rule).
      const byDefault = offered(await runStep(indexes.sift.prepareStep(pinned), input));
      expect(catalogNames.length).toBeLessThanOrEqual(20);
      expect(byDefault.sort()).toEqual([...catalogNames].sort());
    }
    expect(offered(await runStep(indexes.pick.prepareStep(), noMatch))).toEqual([]);
    expect(
      offered(await runStep(indexes.sift.prepareStep({ onNoMatch: "none", smallCatalog: false }), noMatch)),
    ).toEqual([]);
  });

  test("index-level relatedTools apply to prepareStep; prepareStep's own replace them", async () => {
    const indexes = createBoth({ relatedTools: { github_create_pull_request: ["github_list_branches"] } });
    const results = await stepBoth(indexes, pullRequest, { maxTools: 1 });
    expectEach(results, ["github_create_pull_request", "github_list_branches"]);
    const own = { maxTools: 1, relatedTools: { github_create_pull_request: ["github_list_issues"] } };
    expectEach(await stepBoth(indexes, pullRequest, own), ["github_create_pull_request", "github_list_issues"]);
    expectEach(await stepBoth(indexes, pullRequest, { maxTools: 1, relatedTools: {} }), ["github_create_pull_request"]);
  });

  test("related tools that are not in the catalog are dropped in prepareStep", async () => {
    const indexes = createBoth({
      relatedTools: { github_create_pull_request: ["nonExistentTool", "github_list_branches"] },
    });
    expectEach(await stepBoth(indexes, pullRequest, { maxTools: 1 }), [
      "github_create_pull_request",
      "github_list_branches",
    ]);
  });
});

describe("middleware", () => {
  // Differences found here (not among the intended ones): toolpick's middleware is specificationVersion "v3",
  // toolsift's "v4" (AI SDK 7); toolpick removes function tools the index does not know (a search meta-tool not in
  // alwaysActive) and provider tools, toolsift keeps them; toolpick reads only the last user message and never
  // applies the adaptive cut (5 tools where toolsift keeps 2).
  const slack = [user("post a message on slack")];

  test("keeps the selected tools of the call, in the call's own order", async () => {
    const indexes = createBoth();
    const results = {
      toolpick: await middlewareTools(indexes.pick.middleware(), slack, catalogNames),
      toolsift: await middlewareTools(indexes.sift.middleware({ smallCatalog: false }), slack, catalogNames),
    };
    expectEach(results, ["slack_post_message", "slack_list_channels"]);
  });

  test("maxTools and alwaysActive", async () => {
    const indexes = createBoth();
    const options: toolpick.SelectOptions = { maxTools: 1, alwaysActive: ["translate_text"] };
    const results = {
      toolpick: await middlewareTools(indexes.pick.middleware(options), slack, catalogNames),
      toolsift: await middlewareTools(
        indexes.sift.middleware({ ...options, smallCatalog: false }),
        slack,
        catalogNames,
      ),
    };
    expectEach(results, ["slack_post_message", "translate_text"]);
  });

  test("a call without user text keeps every tool", async () => {
    const indexes = createBoth();
    const results = {
      toolpick: await middlewareTools(indexes.pick.middleware(), [], catalogNames),
      toolsift: await middlewareTools(indexes.sift.middleware({ smallCatalog: false }), [], catalogNames),
    };
    expectEach(results, [...catalogNames]);
  });

  test("nothing matching: toolpick keeps only alwaysActive, as toolsift's onNoMatch: 'none'", async () => {
    const indexes = createBoth();
    const prompt = [user("xyzzy plugh")];
    const options: toolpick.SelectOptions = { alwaysActive: ["send_email"] };
    const results = {
      toolpick: await middlewareTools(indexes.pick.middleware(options), prompt, catalogNames),
      toolsift: await middlewareTools(
        indexes.sift.middleware({ ...options, onNoMatch: "none", smallCatalog: false }),
        prompt,
        catalogNames,
      ),
    };
    expectEach(results, ["send_email"]);
  });

  test("index-level relatedTools keep companions", async () => {
    const indexes = createBoth({ relatedTools: { slack_post_message: ["slack_list_channels", "send_email"] } });
    const options: toolpick.SelectOptions = { maxTools: 1 };
    const results = {
      toolpick: await middlewareTools(indexes.pick.middleware(options), slack, catalogNames),
      toolsift: await middlewareTools(
        indexes.sift.middleware({ ...options, smallCatalog: false }),
        slack,
        catalogNames,
      ),
    };
    expectEach(results, ["slack_post_message", "slack_list_channels", "send_email"]);
  });

  test("the middleware's own relatedTools replace the index's", async () => {
    const indexes = createBoth({ relatedTools: { slack_post_message: ["slack_list_channels"] } });
    const options: toolpick.SelectOptions = { maxTools: 1, relatedTools: { slack_post_message: ["send_email"] } };
    const results = {
      toolpick: await middlewareTools(indexes.pick.middleware(options), slack, catalogNames),
      toolsift: await middlewareTools(
        indexes.sift.middleware({ ...options, smallCatalog: false }),
        slack,
        catalogNames,
      ),
    };
    expectEach(results, ["slack_post_message", "send_email"]);
  });
});
