// prepareStep's stable set grows by tool families: the tools of one MCP server or one API (a shared description
// opening) join a change, the conversation's first request takes the families of its best-ranked tools, and a turn
// the set already serves with a family (one of its 2 best-ranked tools offered with its family) changes nothing.
import type { ModelMessage } from "ai";
import { tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EMPTY_STABLE_SET, nextStableSet } from "../../src/agent/delivery/stable-tool-rule.js";
import { descriptionOpening } from "../../src/agent/delivery/definition-text.js";
import { MAX_FAMILY_SIZE, toolFamilies } from "../../src/agent/delivery/tool-families.js";
import { readCatalog } from "../../src/core/catalog.js";
import { createToolIndex } from "../../src/index.js";

const FILES = "This tool belongs to the team's file store, which keeps shared documents. ";
const CHAT = "This tool belongs to the team chat, which carries messages between colleagues. ";
const define = (description: string) =>
  tool({ description, inputSchema: z.object({ target: z.string() }), execute: async () => ({ ok: true }) });
const tools = {
  file_read: define(`${FILES}Read a file and return its text.`),
  file_write: define(`${FILES}Write text to a file.`),
  file_delete: define(`${FILES}Delete a file.`),
  file_list: define(`${FILES}List the files of a folder.`),
  chat_send: define(`${CHAT}Send a chat message to a colleague.`),
  chat_read: define(`${CHAT}Read the chat messages of a channel.`),
  chat_delete: define(`${CHAT}Delete a chat message.`),
  weather_forecast: define("Get the weather forecast for a city."),
  // Tools of no family, so that each family is a small part of the catalog (at most a quarter of it).
  ...Object.fromEntries(
    [
      "stock quote",
      "currency rate",
      "flight status",
      "hotel booking",
      "translation",
      "timezone",
      "news headlines",
      "calendar event",
      "recipe search",
      "unit conversion",
      "package tracking",
      "dictionary lookup",
    ].map((thing) => [thing.replace(" ", "_"), define(`Look up a ${thing}.`)]),
  ),
};
const user = (content: string): ModelMessage => ({ role: "user", content });
const called = (id: string, toolName: string): ModelMessage[] => [
  { role: "assistant", content: [{ type: "tool-call", toolCallId: id, toolName, input: { target: "x" } }] },
  {
    role: "tool",
    content: [{ type: "tool-result", toolCallId: id, toolName, output: { type: "json", value: { ok: true } } }],
  },
  { role: "assistant", content: [{ type: "text", text: "Done." }] },
];
const fileFamily = ["file_read", "file_write", "file_delete", "file_list"];
const chatFamily = ["chat_send", "chat_read", "chat_delete"];

describe("tool families", () => {
  it("groups tools by MCP server, else by a shared opening sentence of 40+ characters; singletons have none", async () => {
    expect(descriptionOpening(`${FILES}Read a file.`)).toBe(FILES.trimEnd());
    expect(descriptionOpening("Get the weather. For a city, today and tomorrow.")).toBeUndefined();
    const { tools: catalog } = readCatalog([
      ...Object.entries(tools).map(([name, { description }]) => ({ name, description: description!, inputSchema: {} })),
      { name: "a__x", description: "Do x.", inputSchema: {}, server: { name: "a", toolName: "x" } },
      { name: "a__y", description: "Do y.", inputSchema: {}, server: { name: "a", toolName: "y" } },
    ]);
    const families = toolFamilies(catalog);
    expect(families.get("file_delete")).toEqual(fileFamily);
    expect(families.get("chat_send")).toEqual(chatFamily);
    expect(families.get("a__y")).toEqual(["a__x", "a__y"]);
    expect(families.has("weather_forecast")).toBe(false);
  });

  it("a group larger than MAX_FAMILY_SIZE (a big MCP server) or a quarter of the catalog is no family", () => {
    const server = (count: number, name: string) =>
      Array.from({ length: count }, (_, i) => ({
        name: `${name}__t${i}`,
        description: `Tool ${i}.`,
        inputSchema: {},
        server: { name, toolName: `t${i}` },
      }));
    const { tools: catalog } = readCatalog([
      ...server(MAX_FAMILY_SIZE, "small"),
      ...server(MAX_FAMILY_SIZE + 1, "big"),
      ...Array.from({ length: 60 }, (_, i) => ({ name: `single_${i}`, description: `Tool ${i}.`, inputSchema: {} })),
    ]);
    const families = toolFamilies(catalog);
    expect(families.get("small__t0")).toHaveLength(MAX_FAMILY_SIZE);
    expect(families.has("big__t0")).toBe(false);
    // Two 10-tool servers alone: each is half the catalog, no family.
    const { tools: two } = readCatalog([...server(10, "a"), ...server(10, "b")]);
    expect(toolFamilies(two).size).toBe(0);
  });

  it("joining tools come with a change after the missing ones and never cause one", () => {
    const first = nextStableSet(
      EMPTY_STABLE_SET,
      { selected: ["a"], joining: ["a", "f", "g"], turnStart: true, called: [] },
      64,
    );
    expect(first.tools).toEqual(["a", "f", "g"]);
    const quiet = nextStableSet(
      first,
      { selected: ["a", "b"], needed: ["a"], joining: ["z"], turnStart: true, called: [] },
      64,
    );
    expect(quiet.tools).toEqual(["a", "f", "g"]);
    const grown = nextStableSet(quiet, { selected: ["b"], joining: ["b", "c"], turnStart: true, called: [] }, 64);
    expect(grown.tools).toEqual(["a", "f", "g", "b", "c"]);
  });
});

describe("prepareStep's stable set by families", () => {
  it("front-loads the family at the first request, keeps a turn it serves, and adds a new family whole", async () => {
    const index = createToolIndex(tools);
    // a small catalog is offered whole by default (20 tools); this test is about selection
    const prepare = index.prepareStep({ maxTools: 1, smallCatalog: false });
    const turn1 = [user("Read the file notes.txt")];
    const first = await prepare({ steps: [], messages: turn1 });
    expect(first.toolOrder).toEqual(fileFamily);
    // The second turn's best-ranked tool was not selected before, but its family is offered with it: no rewrite.
    const text2 = "Delete the file old.txt";
    expect(await index.select(text2, { maxTools: 1 })).toEqual(["file_delete"]);
    const turn2 = [...turn1, ...called("c1", "file_read"), user(text2)];
    expect(await prepare({ steps: [], messages: turn2 })).toEqual(first);
    // A turn of another family: the family joins whole, after the tools already offered.
    const turn3 = [...turn2, ...called("c2", "file_delete"), user("Send a chat message to Bob")];
    const third = await prepare({ steps: [], messages: turn3 });
    expect(third.toolOrder!.slice(0, first.toolOrder!.length)).toEqual(first.toolOrder);
    expect(third.toolOrder!.slice(first.toolOrder!.length)).toEqual(expect.arrayContaining(chatFamily));
  });

  it("does not rewrite for a lower-ranked tool of another family when the turn's best tool is offered with its own", async () => {
    const index = createToolIndex(tools);
    // a small catalog is offered whole by default (20 tools); this test is about selection
    const prepare = index.prepareStep({ maxTools: 3, smallCatalog: false });
    const turn1 = [user("List the files in the folder docs")];
    const first = await prepare({ steps: [], messages: turn1 });
    expect([...first.toolOrder!].sort()).toEqual([...fileFamily].sort());
    const text2 = "Delete the file old.txt";
    // The turn's best tool is offered with its family; the next one belongs to another family.
    expect((await index.select(text2, { maxTools: 3 })).slice(0, 2)).toEqual(["file_delete", "chat_delete"]);
    const turn2 = [...turn1, ...called("c1", "file_list"), user(text2)];
    expect(await prepare({ steps: [], messages: turn2 })).toEqual(first);
  });

  it("keeps today's rule for tools without a family (each missing best-ranked tool is a change)", async () => {
    // a small catalog is offered whole by default (20 tools); this test is about selection
    const prepare = createToolIndex(tools).prepareStep({ maxTools: 1, smallCatalog: false });
    const turn1 = [user("What is the weather forecast for Rome?")];
    const first = await prepare({ steps: [], messages: turn1 });
    expect(first.toolOrder).toEqual(["weather_forecast"]);
  });
});
