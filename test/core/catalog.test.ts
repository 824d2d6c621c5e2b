// Every catalog shape toolsift accepts is read completely: names, descriptions and the whole input schema.
import { dynamicTool, jsonSchema, tool, zodSchema, type JSONSchema7 } from "ai";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { readCatalog } from "../../src/core/catalog.js";
import { collectSchemaText } from "../../src/core/schema-text.js";
import { createToolIndex, type ToolCatalog, type ToolsiftEvent } from "../../src/index.js";

// Three words found only inside the target tool's schema: a nested property name ("zephyrLevel"),
// a parameter description ("quokka") and an enum value ("marmoset").
const hiddenSchema: JSONSchema7 = {
  type: "object",
  properties: {
    options: {
      type: "object",
      properties: {
        zephyrLevel: { type: "string", description: "How much quokka to add.", enum: ["marmoset", "gibbon"] },
      },
    },
  },
};

const hiddenZod = z.object({
  options: z.object({
    zephyrLevel: z.enum(["marmoset", "gibbon"]).describe("How much quokka to add."),
  }),
});

const weatherSchema: JSONSchema7 = {
  type: "object",
  properties: { city: { type: "string", description: "City name" } },
};
const emailSchema: JSONSchema7 = {
  type: "object",
  properties: { to: { type: "string", description: "Recipient address" } },
};

/** Asserts that each schema-only word finds `target` first, and never the two distractor tools. */
async function expectSchemaRead(catalog: ToolCatalog, target: string): Promise<void> {
  const index = createToolIndex(catalog);
  for (const query of ["zephyr", "quokka", "marmoset"]) {
    const tools = await index.select(query);
    expect(tools[0], `query ${JSON.stringify(query)}`).toBe(target);
    expect(tools).not.toContain("get_weather");
    expect(tools).not.toContain("send_email");
  }
}

describe("AI SDK ToolSet", () => {
  it("reads a tool() with a zod 4 inputSchema", async () => {
    await expectSchemaRead(
      {
        get_weather: tool({ description: "Get the weather for a city.", inputSchema: z.object({ city: z.string() }) }),
        tune_engine: tool({ description: "Tune the engine.", inputSchema: hiddenZod }),
        send_email: tool({ description: "Send an email.", inputSchema: z.object({ to: z.string() }) }),
      },
      "tune_engine",
    );
  });

  it("reads a tool() with jsonSchema() and with zodSchema()", async () => {
    await expectSchemaRead(
      {
        get_weather: tool({ description: "Get the weather for a city.", inputSchema: jsonSchema(weatherSchema) }),
        tune_engine: tool({ description: "Tune the engine.", inputSchema: jsonSchema(hiddenSchema) }),
        send_email: tool({ description: "Send an email.", inputSchema: jsonSchema(emailSchema) }),
      },
      "tune_engine",
    );
    await expectSchemaRead(
      {
        get_weather: tool({
          description: "Get the weather for a city.",
          inputSchema: zodSchema(z.object({ city: z.string() })),
        }),
        tune_engine: tool({ description: "Tune the engine.", inputSchema: zodSchema(hiddenZod) }),
        send_email: tool({ description: "Send an email.", inputSchema: zodSchema(z.object({ to: z.string() })) }),
      },
      "tune_engine",
    );
  });

  it("waits for a jsonSchema() that resolves asynchronously", async () => {
    await expectSchemaRead(
      {
        get_weather: tool({ description: "Get the weather for a city.", inputSchema: jsonSchema(weatherSchema) }),
        tune_engine: tool({ description: "Tune the engine.", inputSchema: jsonSchema(Promise.resolve(hiddenSchema)) }),
        send_email: tool({ description: "Send an email.", inputSchema: jsonSchema(emailSchema) }),
      },
      "tune_engine",
    );
  });

  it("reads a Standard Schema that converts to JSON Schema (~standard.jsonSchema.input)", async () => {
    const targets: string[] = [];
    const standard = {
      "~standard": {
        version: 1,
        vendor: "custom",
        validate: (value: unknown) => ({ value }),
        jsonSchema: {
          input: (options: { target: string }) => {
            targets.push(options.target);
            return hiddenSchema;
          },
          output: () => hiddenSchema,
        },
      },
    };
    await expectSchemaRead(
      {
        get_weather: { description: "Get the weather for a city.", inputSchema: weatherSchema },
        tune_engine: { description: "Tune the engine.", inputSchema: standard },
        send_email: { description: "Send an email.", inputSchema: emailSchema },
      },
      "tune_engine",
    );
    expect(targets[0]).toBe("draft-07");
  });

  it("reads a lazy schema function", async () => {
    await expectSchemaRead(
      {
        get_weather: { description: "Get the weather for a city.", inputSchema: () => jsonSchema(weatherSchema) },
        tune_engine: { description: "Tune the engine.", inputSchema: () => jsonSchema(hiddenSchema) },
        send_email: { description: "Send an email.", inputSchema: () => emailSchema },
      },
      "tune_engine",
    );
  });

  it("reads the pre-AI SDK 5 `parameters` field", async () => {
    await expectSchemaRead(
      {
        get_weather: { description: "Get the weather for a city.", parameters: weatherSchema },
        tune_engine: { description: "Tune the engine.", parameters: hiddenSchema },
        send_email: { description: "Send an email.", parameters: emailSchema },
      },
      "tune_engine",
    );
  });

  it("calls a description function with { context } from the context option", async () => {
    const seen: unknown[] = [];
    const tools = {
      lookup: tool({
        contextSchema: z.object({ product: z.string() }),
        description: ({ context }) => {
          seen.push(context);
          return `Look up orders in ${context.product}.`;
        },
        inputSchema: z.object({ id: z.string() }),
      }),
      get_weather: tool({ description: "Get the weather for a city.", inputSchema: z.object({ city: z.string() }) }),
    };
    const index = createToolIndex(tools, { catalog: { context: { product: "shopify" } } });
    expect(await index.select("shopify")).toEqual(["lookup"]);
    expect(seen).toEqual([{ product: "shopify" }]);
  });

  it("indexes dynamic tools like any other tool", async () => {
    await expectSchemaRead(
      {
        get_weather: tool({ description: "Get the weather for a city.", inputSchema: jsonSchema(weatherSchema) }),
        tune_engine: dynamicTool({
          description: "Tune the engine.",
          inputSchema: jsonSchema(hiddenSchema),
          execute: async () => "done",
        }),
        send_email: tool({ description: "Send an email.", inputSchema: jsonSchema(emailSchema) }),
      },
      "tune_engine",
    );
  });

  it("never hides provider tools: always returned, pinned as provider, not ranked", async () => {
    const tools = {
      get_weather: tool({ description: "Get the weather for a city.", inputSchema: z.object({ city: z.string() }) }),
      web_search: {
        type: "provider" as const,
        id: "openai.web_search" as const,
        isProviderExecuted: true as const,
        args: {},
        inputSchema: jsonSchema({ type: "object" }),
      },
      send_email: tool({ description: "Send an email.", inputSchema: z.object({ to: z.string() }) }),
    };
    const index = createToolIndex(tools);
    expect(index.toolNames).toEqual(["get_weather", "web_search", "send_email"]);
    expect(await index.select("weather in Paris")).toEqual(["get_weather", "web_search"]);
    expect(await index.select("nothing matches this")).toEqual(["web_search"]);
    expect(await index.select("")).toEqual(["web_search"]);
    const { results } = await index.selectWithScores("web search the news", { maxTools: 1 });
    expect(results.find((result) => result.name === "web_search")?.pinned).toBe("provider");
    expect(results.filter((result) => result.pinned === undefined).map((result) => result.name)).not.toContain(
      "web_search",
    );
  });
});

describe("arrays of tool definitions", () => {
  const distractors = [
    { name: "get_weather", description: "Get the weather for a city.", inputSchema: weatherSchema },
    { name: "send_email", description: "Send an email.", inputSchema: emailSchema },
  ];

  it("reads MCP tools/list entries, bare and wrapped in { tools }", async () => {
    const mcp = [
      distractors[0],
      { name: "tune_engine", title: "Engine tuner", description: "Tune the engine.", inputSchema: hiddenSchema },
      distractors[1],
    ];
    await expectSchemaRead(mcp, "tune_engine");
    await expectSchemaRead({ tools: mcp }, "tune_engine");
    expect(await createToolIndex({ tools: mcp }).select("tuner")).toEqual(["tune_engine"]);
  });

  it("reads OpenAI Chat Completions definitions", async () => {
    const chat = [
      {
        type: "function" as const,
        function: { name: "get_weather", description: "Get the weather for a city.", parameters: weatherSchema },
      },
      {
        type: "function" as const,
        function: { name: "tune_engine", description: "Tune the engine.", parameters: hiddenSchema },
      },
      {
        type: "function" as const,
        function: { name: "send_email", description: "Send an email.", parameters: emailSchema },
      },
    ];
    await expectSchemaRead(chat, "tune_engine");
  });

  it("reads OpenAI Responses definitions", async () => {
    const responses = [
      {
        type: "function" as const,
        name: "get_weather",
        description: "Get the weather for a city.",
        parameters: weatherSchema,
      },
      { type: "function" as const, name: "tune_engine", description: "Tune the engine.", parameters: hiddenSchema },
      { type: "function" as const, name: "send_email", description: "Send an email.", parameters: emailSchema },
    ];
    await expectSchemaRead(responses, "tune_engine");
  });

  it("reads Anthropic definitions and keeps server tools visible as provider tools", async () => {
    const anthropic = [
      { name: "get_weather", description: "Get the weather for a city.", input_schema: weatherSchema },
      { name: "tune_engine", description: "Tune the engine.", input_schema: hiddenSchema },
      { type: "web_search_20250305", name: "web_search", max_uses: 5 },
      { name: "send_email", description: "Send an email.", input_schema: emailSchema },
    ];
    const index = createToolIndex(anthropic);
    for (const query of ["zephyr", "quokka", "marmoset"])
      expect(await index.select(query)).toEqual(["tune_engine", "web_search"]);
    const { results } = await index.selectWithScores("email");
    expect(results.map((result) => [result.name, result.pinned])).toEqual([
      ["send_email", undefined],
      ["web_search", "provider"],
    ]);
  });

  it("reads plain { name, description, parameters }", async () => {
    await expectSchemaRead(
      [
        { name: "get_weather", description: "Get the weather for a city.", parameters: weatherSchema },
        { name: "tune_engine", description: "Tune the engine.", parameters: hiddenSchema },
        { name: "send_email", description: "Send an email.", parameters: emailSchema },
      ],
      "tune_engine",
    );
  });

  it("keeps catalog order and reads a tool without description or schema by its name", async () => {
    const { tools } = readCatalog([{ name: "zeta_sync" }, { name: "alpha_export", description: "Export." }]);
    expect(tools.map((entry) => entry.name)).toEqual(["zeta_sync", "alpha_export"]);
    expect(await createToolIndex([{ name: "zeta_sync" }, { name: "alpha_export" }]).select("sync")).toEqual([
      "zeta_sync",
    ]);
  });
});

describe("schemas that cannot be read", () => {
  it("reports a Standard Schema without JSON Schema conversion and indexes the tool by name", async () => {
    const events: ToolsiftEvent[] = [];
    const opaque = { "~standard": { version: 1, vendor: "opaque", validate: (value: unknown) => ({ value }) } };
    const index = createToolIndex(
      { archive_ticket: { description: "Archive a ticket.", inputSchema: opaque } },
      { onEvent: (event) => events.push(event) },
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "catalog-warning", tool: "archive_ticket", field: "inputSchema" });
    expect((events[0] as { message: string }).message).toContain("opaque");
    expect(await index.select("archive")).toEqual(["archive_ticket"]);
  });

  it("reports a lazy schema or an async schema that fails, and keeps the tool", async () => {
    const events: ToolsiftEvent[] = [];
    const index = createToolIndex(
      {
        broken_lazy: {
          description: "Rotate keys.",
          inputSchema: () => {
            throw new Error("boom");
          },
        },
        broken_async: { description: "Rotate logs.", inputSchema: jsonSchema(Promise.reject(new Error("late boom"))) },
      },
      { onEvent: (event) => events.push(event) },
    );
    expect(await index.select("rotate keys")).toContain("broken_lazy");
    expect(await index.select("rotate logs")).toContain("broken_async");
    expect(events.map((event) => event.type === "catalog-warning" && event.tool).sort()).toEqual([
      "broken_async",
      "broken_lazy",
    ]);
  });
});

describe("schemas with types that are not JSON Schema's (BFCL's dialect)", () => {
  const bfcl = [
    {
      name: "get_weather",
      description: "Get the current weather in a city.",
      parameters: {
        type: "dict",
        properties: {
          city: { type: "string", description: "The city." },
          days: { type: "array", items: { type: "float" } },
          units: { type: ["string", "null"] },
          when: { anyOf: [{ type: "timestamp" }, { type: "integer" }] },
          extra: { type: "any" },
        },
        required: ["city"],
      },
    },
    { name: "send_email", description: "Send an email.", parameters: { type: "object", properties: {} } },
  ];

  it("reports each such type with the tool, where it is and what to write, and indexes the tool as it is", async () => {
    const events: ToolsiftEvent[] = [];
    const index = createToolIndex(bfcl, { onEvent: (event) => events.push(event), runtime: { warnings: false } });
    expect(await index.select("weather in Paris")).toEqual(["get_weather"]);
    const warnings = events.filter((event) => event.type === "catalog-warning");
    expect(warnings.map((event) => [event.tool, event.field, event.path])).toEqual([
      ["get_weather", "inputSchema", ""],
      ["get_weather", "inputSchema", "properties.days.items"],
      ["get_weather", "inputSchema", "properties.when.anyOf.0"],
      ["get_weather", "inputSchema", "properties.extra"],
    ]);
    expect(warnings[0].message).toBe(
      'Tool "get_weather": its inputSchema has "type": "dict" at the top, which is not a JSON Schema type; a provider ' +
        'refuses the tool when it is sent as it is. Write "object" there (JSON Schema types: string, number, integer, ' +
        'boolean, object, array, null; "Schemas providers refuse" in docs/search.md).',
    );
    expect(warnings[1].message).toContain('"type": "float" at properties.days.items,');
    expect(warnings[1].message).toContain('Write "number" there');
    expect(warnings[2].message).toContain("Write one of JSON Schema's types there (JSON Schema types: string,");
    expect(warnings[3].message).toContain('Leave "type" out there to allow any value');
    // Reported once per build, not again when the index is used.
    await index.select("send an email");
    expect(events.filter((event) => event.type === "catalog-warning")).toHaveLength(4);
  });

  it("reports a properties keyword that is not an object, naming the tool and where, and indexes the tool", async () => {
    const events: ToolsiftEvent[] = [];
    const tools = [
      { name: "get_weather", description: "Get the weather.", inputSchema: { type: "object", properties: 5 } },
      {
        name: "send_email",
        description: "Send an email.",
        inputSchema: { type: "object", properties: { to: { type: "object", properties: ["address"] } } },
      },
    ];
    const index = createToolIndex(tools, { onEvent: (event) => events.push(event), runtime: { warnings: false } });
    expect(await index.select("weather")).toEqual(["get_weather"]);
    const warnings = events.filter((event) => event.type === "catalog-warning");
    expect(warnings.map((event) => [event.tool, event.field, event.path])).toEqual([
      ["get_weather", "inputSchema", "properties"],
      ["send_email", "inputSchema", "properties.to.properties"],
    ]);
    expect(warnings[0].message).toBe(
      'Tool "get_weather": its inputSchema has "properties": 5 at the top, which must be an object of parameter ' +
        "schemas by name; those parameters are not indexed, and a provider refuses the tool when it is sent as it is.",
    );
  });

  it("says so in the first fallback's console line when no onEvent listens", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await createToolIndex(bfcl).select("weather");
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toMatch(/^\[toolsift\] catalog-warning: Tool "get_weather": .*"dict"/);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("collectSchemaText", () => {
  it("collects nested objects, arrays of objects, anyOf branches, enum and const values", () => {
    const text = collectSchemaText({
      type: "object",
      description: "Root description.",
      properties: {
        filter: {
          type: "object",
          properties: { status: { type: "string", enum: ["open", "closed", 3, true] } },
        },
        lineItems: {
          type: "array",
          items: { type: "object", properties: { sku: { type: "string", description: "Stock keeping unit." } } },
        },
        target: {
          anyOf: [
            { type: "object", title: "By email", properties: { email: { type: "string" } } },
            { type: "object", properties: { kind: { const: "phone" }, phone: { type: "string" } } },
          ],
        },
      },
    });
    expect(text.parameterNames).toEqual(["filter", "status", "lineItems", "sku", "target", "email", "kind", "phone"]);
    expect(text.parameterDescriptions).toEqual(["Root description.", "Stock keeping unit.", "By email"]);
    expect(text.enumValues).toEqual(["open", "closed", "3", "true", "phone"]);
  });

  it("indexes a paging parameter's name, not its prose, which every list tool shares", () => {
    const text = collectSchemaText({
      type: "object",
      properties: {
        channel_id: { type: "string", description: "The channel to read." },
        limit: { type: "number", description: "Maximum number of messages to return." },
        cursor: { type: "string", description: "Cursor for the next page of results." },
        pageSize: { type: "number", title: "Page size" },
        nested: { type: "object", properties: { per_page: { type: "number", description: "Results per page." } } },
      },
    });
    expect(text.parameterNames).toEqual(["channel_id", "limit", "cursor", "pageSize", "nested", "per_page"]);
    expect(text.parameterDescriptions).toEqual(["The channel to read."]);
  });

  it("follows $ref into $defs and definitions", () => {
    const text = collectSchemaText({
      type: "object",
      properties: {
        shipping: { $ref: "#/$defs/Address" },
        billing: { $ref: "#/definitions/Card" },
      },
      $defs: { Address: { type: "object", properties: { postcode: { type: "string", description: "Postal code." } } } },
      definitions: { Card: { type: "object", properties: { brand: { enum: ["visa", "amex"] } } } },
    });
    expect(text.parameterNames).toEqual(["shipping", "postcode", "billing", "brand"]);
    expect(text.parameterDescriptions).toEqual(["Postal code."]);
    expect(text.enumValues).toEqual(["visa", "amex"]);
  });

  it("reads a self-referential tree schema once, without hanging", () => {
    const tree = {
      $ref: "#/$defs/Node",
      $defs: {
        Node: {
          type: "object",
          properties: {
            label: { type: "string", description: "Node label." },
            children: { type: "array", items: { $ref: "#/$defs/Node" } },
            parent: { $ref: "#" },
          },
        },
      },
    };
    const text = collectSchemaText(tree);
    expect(text.parameterNames).toEqual(["label", "children", "parent"]);
    expect(text.parameterDescriptions).toEqual(["Node label."]);
  });

  it("indexes a recursive zod schema through the catalog", async () => {
    type Category = { name: string; subcategories: Category[] };
    const category: z.ZodType<Category> = z.lazy(() =>
      z.object({ name: z.string().describe("Taxonomy node"), subcategories: z.array(category) }),
    );
    const index = createToolIndex({
      edit_taxonomy: tool({ description: "Edit the catalog.", inputSchema: z.object({ root: category }) }),
    });
    expect(await index.select("taxonomy")).toEqual(["edit_taxonomy"]);
  });

  it("returns nothing for a schema that is not an object", () => {
    expect(collectSchemaText(true)).toEqual({ parameterNames: [], parameterDescriptions: [], enumValues: [] });
    expect(collectSchemaText(undefined)).toEqual({ parameterNames: [], parameterDescriptions: [], enumValues: [] });
  });
});
