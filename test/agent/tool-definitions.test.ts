// ToolDefinitions (src/agent/delivery/tool-definitions.ts): a schema read once and shared; one that failed to resolve
// is read again by the next call instead of failing for good.
import { jsonSchema, tool, type JSONSchema7 } from "ai";
import { describe, expect, it } from "vitest";
import { ToolDefinitions } from "../../src/agent/delivery/tool-definitions.js";

const schema: JSONSchema7 = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };

/** A tool with a lazy schema (a function, called whenever the tool is read): `failures` rejections, then the schema. */
function flakySchemaTool(failures: number) {
  const calls = { count: 0 };
  const weather = tool({
    description: "Get the weather for a city.",
    inputSchema: (() =>
      jsonSchema(() =>
        ++calls.count <= failures ? Promise.reject(new Error("schema server unreachable")) : Promise.resolve(schema),
      )) as never,
  });
  return { tools: { weather }, calls };
}

describe("ToolDefinitions", () => {
  it("a schema that failed to resolve is asked again by the next call, and then kept", async () => {
    const { tools, calls } = flakySchemaTool(1);
    const definitions = new ToolDefinitions(tools);
    await expect(definitions.definition("weather")).rejects.toThrow("schema server unreachable");
    await expect(definitions.definition("weather")).resolves.toEqual({
      name: "weather",
      description: "Get the weather for a city.",
      inputSchema: schema,
    });
    expect(await definitions.text(["weather"], "json")).toEqual([
      JSON.stringify({ name: "weather", description: "Get the weather for a city.", inputSchema: schema }),
    ]);
    const asked = calls.count;
    await definitions.definition("weather");
    await definitions.text(["weather"], "json");
    expect(calls.count).toBe(asked);
  });

  it("a schema that keeps failing is asked once per call, each failure the caller's", async () => {
    const { tools, calls } = flakySchemaTool(3);
    const definitions = new ToolDefinitions(tools);
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(definitions.definition("weather")).rejects.toThrow("schema server unreachable");
    }
    expect((await definitions.definition("weather")).inputSchema).toEqual(schema);
    expect(calls.count).toBe(4);
  });

  it("the JSON line of a failed definition is not kept either", async () => {
    const { tools } = flakySchemaTool(1);
    const definitions = new ToolDefinitions(tools);
    await expect(definitions.text(["weather"], "json")).rejects.toThrow("schema server unreachable");
    expect(JSON.parse((await definitions.text(["weather"], "json"))[0]).inputSchema).toEqual(schema);
  });

  it("callers during one read share it", async () => {
    const { tools, calls } = flakySchemaTool(0);
    const definitions = new ToolDefinitions(tools);
    const [a, b] = await Promise.all([definitions.definition("weather"), definitions.definition("weather")]);
    expect(a).toBe(b);
    expect(calls.count).toBe(1);
  });
});
