// The everyday benchmark's data (bench/everyday/, issue 37) is honest: every tool a request expects is in its catalog,
// every tool has a family, every turn's kinds are the format's. The check is scripts/everyday-data.mjs, the one the
// bench runs on load; here it runs on the committed data (when there is any) and on fixtures made to fail it.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { readEverydayData } from "../../scripts/everyday-data.mjs";

const DATA = fileURLToPath(new URL("../../bench/everyday/", import.meta.url));
// The held-out set (written blind in session 28, measured before any ranking change that followed it).
const HELD_OUT = fileURLToPath(new URL("../../bench/everyday-heldout/", import.meta.url));
const hasDataIn = (dir: string) => existsSync(join(dir, "catalogs")) && readdirSync(join(dir, "catalogs")).length > 0;
const hasData = hasDataIn(DATA);

const schema = { type: "object", properties: { id: { type: "string" } } };
const catalog = {
  id: "tiny",
  source: "written",
  description: "a two-tool fixture",
  tools: [
    { name: "gcal_create_event", description: "Create event", inputSchema: schema, family: "google-calendar" },
    { name: "slack_send_message", description: "Post a message", inputSchema: schema, family: "slack" },
  ],
};
const requests = {
  catalog: "tiny",
  written: "by this test",
  conversations: [
    {
      id: "tiny-001",
      turns: [
        { text: "DM Priya that the build is fixed", kinds: ["slang"], steps: [["slack_send_message"]] },
        { text: "thanks!", kinds: ["chit-chat", "follow-up"], steps: [] },
      ],
    },
  ],
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data directory holding `catalog` and `requests` as tiny.json. */
function fixture(catalogValue: unknown, requestsValue: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "everyday-data-"));
  dirs.push(dir);
  mkdirSync(join(dir, "catalogs"));
  mkdirSync(join(dir, "requests"));
  writeFileSync(join(dir, "catalogs", "tiny.json"), JSON.stringify(catalogValue));
  writeFileSync(join(dir, "requests", "tiny.json"), JSON.stringify(requestsValue));
  return dir;
}

describe("the everyday data check", () => {
  it("passes a well-formed catalog and its requests", () => {
    const { catalogs, problems } = readEverydayData(fixture(catalog, requests));
    expect(problems).toEqual([]);
    expect(catalogs.map((entry) => entry.conversations.length)).toEqual([1]);
  });

  it("names an unknown tool in steps, a tool without family and an unknown kind, with catalog, conversation and turn", () => {
    const noFamily = structuredClone(catalog);
    delete (noFamily.tools[1] as { family?: string }).family;
    const bad = structuredClone(requests);
    bad.conversations[0]!.turns[0]!.steps = [["slack_send_dm"]];
    bad.conversations[0]!.turns[1]!.kinds = ["smalltalk"];
    const { problems } = readEverydayData(fixture(noFamily, bad));
    expect(problems).toEqual(
      expect.arrayContaining([
        'catalogs/tiny.json: tool "slack_send_message": family is missing',
        'requests/tiny.json: conversation tiny-001, turn 1, step 1: unknown tool "slack_send_dm" (not in catalog "tiny")',
        'requests/tiny.json: conversation tiny-001, turn 2: unknown kind "smalltalk"',
      ]),
    );
  });

  it("refuses a turn whose kinds and steps disagree", () => {
    const bad = structuredClone(requests);
    bad.conversations[0]!.turns[1]!.kinds = ["paraphrase"];
    const { problems } = readEverydayData(fixture(catalog, bad));
    expect(problems).toEqual([
      "requests/tiny.json: conversation tiny-001, turn 2: no steps, but kinds name neither off-topic nor chit-chat nor follow-up",
    ]);
  });

  it.runIf(hasData)("holds for every catalog and requests file in bench/everyday/", () => {
    const { catalogs, problems } = readEverydayData(DATA);
    expect(problems).toEqual([]);
    expect(catalogs.length).toBeGreaterThan(0);
  });

  it.runIf(hasDataIn(HELD_OUT))("holds for every catalog and requests file in bench/everyday-heldout/", () => {
    const { catalogs, problems } = readEverydayData(HELD_OUT);
    expect(problems).toEqual([]);
    expect(catalogs.length).toBeGreaterThan(0);
  });
});
