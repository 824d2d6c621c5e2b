// The chat lexicon (src/conversation/small-talk-words.ts) is generated from the blind lexicons under
// bench/everyday/lexicon/: it stays in step with them, and ships of the multilingual one its thanks only.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isChitChat } from "../../src/conversation/small-talk.js";
import { SMALL_TALK_OTHER_WORDS } from "../../src/conversation/small-talk-words.js";

describe("the chat lexicon", () => {
  it("is what scripts/build-small-talk-words.mjs makes of the lexicons", () => {
    const out = join(mkdtempSync(join(tmpdir(), "small-talk-")), "small-talk-words.ts");
    execFileSync(process.execPath, ["scripts/build-small-talk-words.mjs", "--out", out], { stdio: "pipe" });
    expect(readFileSync(out, "utf8")).toBe(readFileSync("src/conversation/small-talk-words.ts", "utf8"));
  });

  it("holds the multilingual list's thanks, not its goodbyes or reactions", () => {
    const lexicon = JSON.parse(readFileSync("bench/everyday/lexicon/multilingual-chat.json", "utf8")) as {
      words: Record<string, string[]>;
    };
    const shipped = new Set(SMALL_TALK_OTHER_WORDS.split(" "));
    for (const word of ["gracias", "danke", "谢谢", "спасибо"]) expect(shipped, word).toContain(word);
    expect(lexicon.words.thanks.length).toBeGreaterThan(100);
    // A goodbye, a reaction and a greeting of the list ship as no word of chat.
    for (const turn of ["tschüss", "génial", "привет"]) {
      expect(Object.values(lexicon.words).flat(), turn).toContain(turn);
      expect(isChitChat(turn), turn).toBe(false);
    }
    expect(isChitChat("muchas gracias")).toBe(true);
  });
});
