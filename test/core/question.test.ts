import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { asksQuestion, writers } from "../../src/core/question.js";
import { queryFromConversation } from "../../src/conversation/query-rule.js";
import { tokenize } from "../../src/core/tokenizer.js";

const question = (text: string) => asksQuestion(text);
/** Each text read as a question (or not), naming the text that is not. */
const expectQuestions = (texts: readonly string[], expected: boolean) => {
  for (const text of texts) expect(question(text), text).toBe(expected);
};

describe("asksQuestion", () => {
  it("reads questions by their first words, after lead-in words", () => {
    expectQuestions(
      [
        "what's on my plate tomorrow",
        "whats the p99 latency on search-api",
        "how many vacation days do I have left",
        "anything paging right now?",
        "is CI green on main?",
        "are the nightly builds done",
        "did the contract from Umbrella come in by email?",
        "has Globex paid what they owe us",
        "do we get juneteenth off",
        "ok so who's on call",
        "and where's the Q3 deck",
      ],
      true,
    );
  });

  it("does not read requests for an action, clauses or a bare question mark as questions", () => {
    expectQuestions(
      [
        "close issue 12",
        "can you close issue 12?",
        "could you send the deck to Ana?",
        "when you post the tweet, add a comment",
        "what I need is a new channel",
        "do a backup of the db",
        "do the deploy now",
        "have Bob review the PR",
        "have the team review the PR",
        "are you able to create an issue?",
        "is it possible to delete the repo?",
        "any chance you can close issue 12",
        "and staging?",
        "",
      ],
      false,
    );
  });
});

describe("writers", () => {
  const read = (names: string[]) => {
    const flags = writers(names.map((name) => tokenize(name)));
    return names.filter((_, at) => flags[at] === 1);
  };

  it("reads a writer by its action: the first word, or the word after a product prefix two tools share", () => {
    expect(
      read([
        "gh_close_issue",
        "gh_get_issue",
        "pd_trigger_incident",
        "pd_list_incidents",
        "create_issue",
        "search_code",
        "API-patch-page",
        "API-post-search",
        "deploy_status",
        "deploy_rollback",
        "set_status",
        "lookup_history",
      ]),
    ).toEqual([
      "gh_close_issue",
      "pd_trigger_incident",
      "create_issue",
      "API-patch-page",
      "deploy_rollback",
      "set_status",
    ]);
  });

  it("reads a writing verb undone as a writer: unlock, unpin, unmute; not update, nor a reader undone", () => {
    expect(
      read([
        "august_unlockDoor",
        "august_getLockActivity",
        "slack_unpin_message",
        "slack_list_pins",
        "unmute_channel",
        "update_record",
        "unread_count",
      ]),
    ).toEqual(["august_unlockDoor", "slack_unpin_message", "unmute_channel", "update_record"]);
  });

  it("reads past a server's namespace that repeats the product's name", () => {
    expect(
      read([
        "linear__linear_createIssue",
        "linear__linear_getIssues",
        "linear__linear_searchIssues",
        "slack__slack_post_message",
        "slack__slack_list_channels",
      ]),
    ).toEqual(["linear__linear_createIssue", "slack__slack_post_message"]);
  });

  it("does not read a noun later in a name as its action when the name has no product prefix", () => {
    // "scale" and "change" are nouns here; "musical" and "entropy" begin one tool each, so they are no prefix.
    expect(read(["musical_scale", "entropy_change.calculate", "get_weather"])).toEqual([]);
  });
});

describe("a question ranks the tools that change something after the ones that read", () => {
  const index = createToolIndex({
    gh_close_issue: { description: "Close an issue" },
    gh_get_issue: { description: "Get an issue: its title, its state (open or closed) and its labels" },
    gh_list_issues: { description: "List the issues of a repository" },
    slack_post: { description: "Post a message to a channel" },
  });
  const first = async (text: string) => (await index.select(text, { maxTools: 3, adaptive: false }))[0];

  it("asks to see an issue's state, not to close it", async () => {
    expect(await first("is issue 12 closed?")).toBe("gh_get_issue");
    expect(await first("did anyone close issue 12")).toBe("gh_get_issue");
  });

  it("keeps the writer first for a request to act, however it is phrased", async () => {
    expect(await first("close issue 12")).toBe("gh_close_issue");
    expect(await first("can you close issue 12?")).toBe("gh_close_issue");
  });

  it("reads only the request itself: not the assistant's words or an earlier message on a line before it", async () => {
    expect(await first("Is that the login bug? Closing it now.\nclose issue 12")).toBe("gh_close_issue");
    // "close it" after a question is read with it (queryFromConversation): the question's line comes first.
    const query = queryFromConversation([
      { role: "user", text: "is issue 12 closed?", toolCalls: [] },
      { role: "user", text: "close it", toolCalls: [] },
    ]);
    expect(query).toBe("is issue 12 closed?\nclose it");
    expect(await first(query)).toBe("gh_close_issue");
  });

  it("says so in explain: the question, and whether the tool's score was halved", async () => {
    const closing = await index.explain("is issue 12 closed?", "gh_close_issue");
    expect(closing.question).toEqual({ halved: true, factor: 0.5 });
    expect((await index.explain("is issue 12 closed?", "gh_get_issue")).question).toEqual({
      halved: false,
      factor: 0.5,
    });
    expect((await index.explain("close issue 12", "gh_close_issue")).question).toBeUndefined();
  });
});
