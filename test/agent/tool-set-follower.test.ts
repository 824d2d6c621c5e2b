// The one rule by which an adapter's index follows its host's tools: new tools join, tools no longer handed leave, a
// tool redefined under its name is indexed again, and only the tools whose text changed are embedded again.
import { describe, expect, it } from "vitest";
import { toolSetFollower } from "../../src/agent/tool-set-follower.js";
import { createToolIndex } from "../../src/index.js";
import { hashingEmbeddingModel } from "../../src/testing/index.js";

/** A hashing embedding model that records every text it embeds. */
function recordingModel() {
  const model = hashingEmbeddingModel();
  const embedded: string[] = [];
  const doEmbed: typeof model.doEmbed = (options) => {
    embedded.push(...options.values);
    return model.doEmbed(options);
  };
  return { model: { ...model, doEmbed }, embedded };
}

const tool = (name: string, description: string, parameters: string[] = []) => ({
  name,
  description,
  inputSchema: { type: "object", properties: Object.fromEntries(parameters.map((p) => [p, { type: "string" }])) },
});

describe("toolSetFollower", () => {
  it("adds new tools, removes those no longer handed, re-indexes a redefined one; only changed text is embedded", async () => {
    const initial = [
      tool("send_email", "Send an email", ["to"]),
      tool("get_weather", "Weather forecast"),
      tool("book_hotel", "Book a room"),
    ];
    const { model, embedded } = recordingModel();
    const index = createToolIndex(initial, { embeddingModel: model });
    await index.warmUp();
    const follower = toolSetFollower(index, { initial });
    expect(await follower.follow(initial)).toEqual({ added: [], changed: [], removed: [] });

    embedded.length = 0;
    const next = [
      tool("send_email", "Send an email", ["to", "subject"]), // a new parameter: the schema changed
      tool("get_weather", "Weather forecast"),
      tool("translate_text", "Translate text"),
    ];
    expect(await follower.follow(next)).toEqual({
      added: ["translate_text"],
      changed: ["send_email"],
      removed: ["book_hotel"],
    });
    expect(index.toolNames).toEqual(["send_email", "get_weather", "translate_text"]);
    await index.select("translate");
    expect(embedded.some((text) => text.includes("Translate text"))).toBe(true);
    expect(embedded.some((text) => text.includes("subject"))).toBe(true);
    expect(embedded.some((text) => text.includes("Weather forecast"))).toBe(false);
    // Nothing changed: nothing done.
    expect(await follower.follow(next)).toEqual({ added: [], changed: [], removed: [] });
  });

  it("over an index the user made: takes the tools it holds as they are, leaves skipped names to others", async () => {
    const index = createToolIndex({
      send_email: { description: "Send an email" },
      github__create_issue: { description: "Create an issue" },
    });
    const follower = toolSetFollower(index, { whole: false, skip: (name) => name.includes("__") });
    // First sight: the index's own tools are current; a new one joins.
    expect(
      await follower.follow({ send_email: { description: "Send an email" }, get_weather: { description: "Weather" } }),
    ).toEqual({ added: ["get_weather"], changed: [], removed: [] });
    // Redefined, and a tool gone: the MCP tool, never handed here, stays.
    expect(await follower.follow({ send_email: { description: "Send a message to a colleague" } })).toEqual({
      added: [],
      changed: ["send_email"],
      removed: ["get_weather"],
    });
    expect([...index.toolNames].sort()).toEqual(["github__create_issue", "send_email"]);
    expect(await index.select("message a colleague")).toEqual(["send_email"]);
  });
});
