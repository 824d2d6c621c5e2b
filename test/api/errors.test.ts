// Bad input fails with a coded ToolsiftError naming what was wrong; odd but usable input is reported, not fatal.
import { describe, expect, it, vi } from "vitest";
import { createToolIndex, ToolsiftError, type ToolCatalog, type ToolsiftEvent } from "../../src/index.js";
import { MAX_QUERY_LENGTH } from "../../src/options.js";
import { thrown } from "../support/toolsift-error.js";

const catalog = [
  { name: "send_email", description: "Send an email to a recipient." },
  { name: "get_weather", description: "Get the weather forecast for a city." },
];

async function rejected(action: () => Promise<unknown>): Promise<ToolsiftError> {
  const error = await action().then(
    () => expect.fail("expected a ToolsiftError"),
    (rejection: unknown) => rejection,
  );
  expect(ToolsiftError.isInstance(error)).toBe(true);
  return error as ToolsiftError;
}

const badCatalog = (value: unknown): ToolsiftError => thrown(() => createToolIndex(value as ToolCatalog));

describe("invalid catalogs", () => {
  it.each([
    [42, "got 42"],
    ["send_email", '"send_email"'],
    [null, "null"],
    [undefined, "undefined"],
  ])("rejects %j as a catalog", (value, named) => {
    const error = badCatalog(value);
    expect(error.code).toBe("INVALID_CATALOG");
    expect(error.message).toContain(named);
  });

  it("rejects an array element that is not an object, naming its index", () => {
    const error = badCatalog([catalog[0], "get_weather"]);
    expect(error.code).toBe("INVALID_TOOL");
    expect(error.message).toContain("index 1");
  });

  it("rejects a ToolSet entry that is not an object, naming the tool", () => {
    const error = badCatalog({ send_email: 3 });
    expect(error.code).toBe("INVALID_TOOL");
    expect(error.message).toContain('"send_email"');
  });

  it("rejects a name that is not a string", () => {
    const error = badCatalog([catalog[0], { name: 7, description: "x" }]);
    expect(error.code).toBe("INVALID_TOOL");
    expect(error.message).toMatch(/index 1/);
    expect(error.message).toMatch(/"name" must be a string, got 7/);
    expect(badCatalog([{ type: "function", function: { name: null } }]).message).toMatch(/function\.name.*got null/);
  });

  it("rejects an empty or blank name", () => {
    expect(badCatalog([{ name: "" }]).code).toBe("INVALID_TOOL");
    expect(badCatalog([catalog[0], { name: "   " }]).message).toMatch(/index 1.*must not be empty/);
    expect(badCatalog({ "": { description: "x" } }).code).toBe("INVALID_TOOL");
  });

  it("rejects duplicate names, naming both indexes", () => {
    const error = badCatalog([catalog[0], catalog[1], { name: "send_email" }]);
    expect(error.code).toBe("DUPLICATE_TOOL");
    expect(error.message).toContain('"send_email"');
    expect(error.message).toMatch(/index 0 and 2/);
    expect(error.details).toMatchObject({ tool: "send_email", indexes: [0, 2] });
  });

  it.each([
    [42, "got 42"],
    [["a"], "an array"],
    [{ text: "a" }, "object"],
  ])("rejects a description of %j", (description, named) => {
    const error = badCatalog([{ name: "send_email", description }]);
    expect(error.code).toBe("INVALID_TOOL");
    expect(error.message).toContain('"send_email"');
    expect(error.message).toContain('"description"');
    expect(error.message).toContain(named);
  });

  it("rejects a title that is not a string", () => {
    const error = badCatalog([{ name: "send_email", title: 5 }]);
    expect(error.code).toBe("INVALID_TOOL");
    expect(error.message).toMatch(/"send_email".*"title"/);
  });

  it.each([
    [[{ name: "send_email", parameters: 5 }], '"parameters"'],
    [[{ name: "send_email", inputSchema: "object" }], '"inputSchema"'],
    [[{ name: "send_email", input_schema: [1] }], '"input_schema"'],
    [[{ type: "function", function: { name: "send_email", parameters: true } }], '"function.parameters"'],
    [{ send_email: { description: "Send.", inputSchema: 5 } }, '"inputSchema"'],
  ])("rejects a schema that is not an object: %j", (value, field) => {
    const error = badCatalog(value);
    expect(error.code).toBe("INVALID_SCHEMA");
    expect(error.message).toContain('"send_email"');
    expect(error.message).toContain(field);
  });
});

describe("unknown options", () => {
  it.each([
    [{ maxTool: 3 }, "maxTool", "maxTools"],
    [{ minRelevanse: 0.2 }, "minRelevanse", "minRelevance"],
    [{ alwaysActiv: ["send_email"] }, "alwaysActiv", "alwaysActive"],
  ])("select rejects a misspelt option %j, naming the nearest valid one", async (options, given, suggestion) => {
    const index = createToolIndex(catalog);
    for (const call of [
      () => index.select("email", options as never),
      () => index.selectWithScores("email", options as never),
      () => index.explain("email", "send_email", options as never),
    ]) {
      const error = await rejected(call);
      expect(error.code).toBe("UNKNOWN_OPTION");
      expect(error.message).toContain(`unknown option "${given}"; did you mean "${suggestion}"?`);
      expect(error.details).toMatchObject({ option: given, suggestion });
    }
  });

  it.each([
    [{ embedingModel: {} }, "embedingModel", "embeddingModel"],
    [{ stratgy: "keyword" }, "stratgy", "strategy"],
    [{ keyword: { fields: { title: { weight: 2 } } } }, "keyword.fields.title", undefined],
    [{ keyword: { fields: { name: { wieght: 2 } } } }, "keyword.fields.name.wieght", "keyword.fields.name.weight"],
    [{ embedding: { fusion: { metod: "rrf" } } }, "embedding.fusion.metod", "embedding.fusion.method"],
    [{ keyword: { typoTolerance: { weigth: 0.5 } } }, "keyword.typoTolerance.weigth", "keyword.typoTolerance.weight"],
    [{ embedding: { cach: {} } }, "embedding.cach", "embedding.cache"],
    [{ totallyDifferent: 1 }, "totallyDifferent", undefined],
  ])("createToolIndex rejects unknown option %j", (options, given, suggestion) => {
    const error = thrown(() => createToolIndex(catalog, options as never));
    expect(error.code).toBe("UNKNOWN_OPTION");
    expect(error.message).toContain(`createToolIndex: unknown option "${given}"`);
    if (suggestion === undefined) expect(error.message).not.toContain("did you mean");
    else expect(error.message).toContain(`did you mean "${suggestion}"?`);
  });
});

describe("an option of another function", () => {
  it("says where a select or prepareStep option goes when given to createToolIndex (found outside-in)", () => {
    const error = thrown(() => createToolIndex(catalog, { maxTools: 5 } as never));
    expect(error.code).toBe("UNKNOWN_OPTION");
    expect(error.message).toBe(
      'createToolIndex: "maxTools" is an option of select and prepareStep, not of createToolIndex.',
    );
    expect(error.details).toEqual({ option: "maxTools" });
  });
});

describe("a group's option given at the top level", () => {
  it.each([
    ["limits", "catalog.limits"],
    ["k1", "keyword.k1"],
    ["typoTolerance", "keyword.typoTolerance"],
    ["dimensions", "embedding.dimensions"],
    ["maxRetries", "embedding.maxRetries"],
    ["abortSignal", "embedding.abortSignal"],
  ])("createToolIndex refuses %s: did you mean %s", (given, path) => {
    const error = thrown(() => createToolIndex(catalog, { [given]: 1 } as never));
    expect(error.code).toBe("UNKNOWN_OPTION");
    expect(error.message).toContain(`unknown option "${given}"; did you mean "${path}"?`);
    expect(error.details).toEqual({ option: given, suggestion: path });
  });
});

describe("invalid options", () => {
  it.each([
    [{ keyword: { k1: 0 } }, "k1"],
    [{ keyword: { k1: -1 } }, "k1"],
    [{ keyword: { k1: Number.NaN } }, "k1"],
    [{ keyword: { fields: { name: { weight: -1 } } } }, "keyword.fields.name.weight"],
    [{ keyword: { fields: { description: { b: 2 } } } }, "keyword.fields.description.b"],
    [{ keyword: { typoTolerance: { weight: 1.5 } } }, "typoTolerance.weight"],
    [{ keyword: { typoTolerance: "yes" } }, "typoTolerance"],
    [{ keyword: { abbreviations: { weight: -0.1 } } }, "abbreviations.weight"],
    [{ onEvent: "log" }, "onEvent"],
  ])("rejects index option %j", (options, named) => {
    const error = thrown(() => createToolIndex(catalog, options as never));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toContain(named);
  });

  it.each([
    [{ maxTools: 0 }, "maxTools", "0"],
    [{ maxTools: 2.5 }, "maxTools", "2.5"],
    [{ maxTools: "5" }, "maxTools", 'the string "5"'],
    [{ minRelevance: 1.5 }, "minRelevance", "1.5"],
    [{ minRelevance: -0.1 }, "minRelevance", "-0.1"],
    [{ adaptive: "no" }, "adaptive", 'the string "no"'],
    [{ alwaysActive: "send_email" }, "alwaysActive", 'the string "send_email"'],
    [{ alwaysActive: ["send_email", 3] }, "alwaysActive[1]", "3"],
  ])("rejects select option %j", async (options, option, value) => {
    const index = createToolIndex(catalog);
    for (const call of [
      () => index.select("email", options as never),
      () => index.selectWithScores("email", options as never),
      () => index.explain("email", "send_email", options as never),
    ]) {
      const error = await rejected(call);
      expect(error.code).toBe("INVALID_OPTION");
      expect(error.message).toContain(`"${option}"`);
      expect(error.message).toContain(`got ${value}`);
    }
  });
});

describe("invalid queries and tool names", () => {
  it.each([
    [42, "number"],
    [null, "null"],
    [undefined, "undefined"],
    [{ text: "email" }, "object"],
  ])("rejects the query %j", async (query, named) => {
    const index = createToolIndex(catalog);
    const error = await rejected(() => index.select(query as never));
    expect(error.code).toBe("INVALID_QUERY");
    expect(error.message).toContain(named);
    expect((await rejected(() => index.explain(query as never, "send_email"))).code).toBe("INVALID_QUERY");
  });

  it("rejects explaining a tool that is not in the catalog, naming it", async () => {
    const error = await rejected(() => createToolIndex(catalog).explain("email", "send_mail"));
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.message).toContain('"send_mail"');
    expect((await rejected(() => createToolIndex(catalog).explain("email", 5 as never))).code).toBe("INVALID_TOOL");
  });

  it("names the tool an unknown name most likely meant: a misspelling, or the tool its words describe", async () => {
    const github = createToolIndex([
      ...catalog,
      { name: "email_send", description: "Send an email." },
      { name: "merge_pull_request", description: "Merge a pull request (PR) in a GitHub repository." },
      { name: "create_issue", description: "Open a new issue in a GitHub repository." },
      { name: "list_commits", description: "List the commits of a branch." },
    ]);
    const typo = await rejected(() => github.explain("email Ana", "email_sned"));
    expect(typo.message).toMatch(/no tool named "email_sned" in the catalog \(6 tools\); did you mean "email_send"\?$/);
    const words = await rejected(() => github.explain("merge my PR", "github_merge_pr"));
    expect(words.code).toBe("UNKNOWN_TOOL");
    expect(words.message).toMatch(/"github_merge_pr".*did you mean "merge_pull_request"/);
    expect(words.details.suggestions).toEqual(expect.arrayContaining(["merge_pull_request"]));
    // Nothing near: no guess.
    const nothing = await rejected(() => github.explain("email", "zzz_qqq"));
    expect(nothing.message).not.toContain("did you mean");
  });
});

describe("ToolsiftError", () => {
  it("is recognised by isInstance, also across copies of the class", () => {
    const error = new ToolsiftError("INVALID_QUERY", "bad");
    expect(ToolsiftError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ToolsiftError");
    const foreign = Object.assign(new Error("bad"), { [Symbol.for("toolsift.error")]: true, code: "INVALID_QUERY" });
    expect(ToolsiftError.isInstance(foreign)).toBe(true);
    for (const other of [new Error("bad"), { code: "INVALID_QUERY" }, null, undefined, "ToolsiftError"])
      expect(ToolsiftError.isInstance(other)).toBe(false);
  });
});

describe("empty and edge inputs", () => {
  it("returns [] for an empty catalog, in every accepted shape", async () => {
    for (const empty of [[], {}, { tools: [] }] as ToolCatalog[]) {
      const index = createToolIndex(empty);
      expect(index.toolNames).toEqual([]);
      expect(await index.select("send an email")).toEqual([]);
    }
  });

  it("returns [] for an empty or blank query, or only the pinned tools", async () => {
    const index = createToolIndex(catalog);
    for (const query of ["", "   ", "\n\t", "the of and", "!!! ???"]) {
      expect(await index.select(query), JSON.stringify(query)).toEqual([]);
      expect(await index.select(query, { alwaysActive: ["get_weather"] })).toEqual(["get_weather"]);
    }
  });

  it("cuts a query over 2,000 characters and reports it through onEvent", async () => {
    const events: ToolsiftEvent[] = [];
    const index = createToolIndex(catalog, { onEvent: (event) => events.push(event) });
    const query = "weather ".repeat(300) + "email";
    expect(query.length).toBeGreaterThan(MAX_QUERY_LENGTH);
    // "email" sits beyond the cut: only the weather tool matches what was read.
    expect(await index.select(query)).toEqual(["get_weather"]);
    expect(events).toEqual([{ type: "query-truncated", length: query.length, keptLength: MAX_QUERY_LENGTH }]);
    events.length = 0;
    await index.select("weather".padEnd(MAX_QUERY_LENGTH, " "));
    expect(events).toEqual([]);
  });

  it("never cuts a query inside a surrogate pair", async () => {
    const events: ToolsiftEvent[] = [];
    const index = createToolIndex(catalog, { onEvent: (event) => events.push(event) });
    await index.select("a".repeat(MAX_QUERY_LENGTH - 1) + "😀 weather");
    expect(events).toEqual([
      { type: "query-truncated", length: MAX_QUERY_LENGTH + 9, keptLength: MAX_QUERY_LENGTH - 1 },
    ]);
  });

  it("reports a description function that throws, naming the tool, and indexes the tool by name", async () => {
    const events: ToolsiftEvent[] = [];
    const cause = new Error("no context");
    const index = createToolIndex(
      {
        refund_payment: {
          description: () => {
            throw cause;
          },
        },
        get_weather: { description: "Get the weather." },
      },
      { onEvent: (event) => events.push(event) },
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "catalog-warning", tool: "refund_payment", field: "description", cause });
    expect((events[0] as { message: string }).message).toContain('"refund_payment"');
    expect(await index.select("refund")).toEqual(["refund_payment"]);
  });

  it("logs the first warning once, in one sentence per part, naming the option that silences it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      createToolIndex({ refund_payment: { description: () => 42 as unknown as string } });
      expect(warn).toHaveBeenCalledTimes(1);
      const line = String(warn.mock.calls[0][0]);
      expect(line).toMatch(/^\[toolsift\] catalog-warning: /);
      expect(line).not.toMatch(/\.\./);
      expect(line).toContain("runtime: { warnings: false }");
      expect(line).toContain("first warning is logged");
    } finally {
      warn.mockRestore();
    }
  });

  it("reports a description function that returns something other than a string", () => {
    const events: ToolsiftEvent[] = [];
    createToolIndex(
      { refund_payment: { description: () => 42 as unknown as string } },
      { onEvent: (event) => events.push(event) },
    );
    expect(events).toEqual([
      expect.objectContaining({ type: "catalog-warning", tool: "refund_payment", field: "description" }),
    ]);
  });
});

describe("ToolsiftError identity", () => {
  it("answers instanceof for an error made by another copy of the module (dist's loaders import their own)", async () => {
    // A query string makes the module loader evaluate src/errors.ts a second time: another class, same marker.
    const specifier = "../../src/errors.js?another-copy";
    const copy = (await import(/* @vite-ignore */ specifier)) as typeof import("../../src/errors.js");
    expect(copy.ToolsiftError).not.toBe(ToolsiftError);
    const foreign = new copy.ToolsiftError("INVALID_MODEL_ASSET", "from the other copy");
    expect(foreign instanceof ToolsiftError).toBe(true);
    expect(new ToolsiftError("INVALID_OPTION", "here") instanceof copy.ToolsiftError).toBe(true);
    expect(new Error("plain") instanceof ToolsiftError).toBe(false);
    expect({ code: "INVALID_OPTION" } instanceof ToolsiftError).toBe(false);
    expect((null as unknown as object) instanceof ToolsiftError).toBe(false);
  });
});
