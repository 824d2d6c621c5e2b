// The one conversation → query rule (src/conversation): the same query from AI SDK messages, V4 prompts and LangChain
// messages; short follow-ups joined; the latest turn kept whole under the 2,000-character cap.
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { conversationQuery, endsInSmallTalk } from "../../src/conversation/model-messages.js";
import { leansOnConversation, queryFromConversation } from "../../src/conversation/query-rule.js";
import { isRemark } from "../../src/conversation/remark.js";
import { isChitChat } from "../../src/conversation/small-talk.js";
import { selectionQuery } from "../../src/langchain/message-query.js";

// The documented cap (docs/agent-loop.md: "capped at 2,000 characters").
const CAP = 2000;

describe("conversationQuery (AI SDK messages)", () => {
  it("reads the latest user message, and joins a short follow-up with the one before", () => {
    const question = "What's the weather forecast for Paris this weekend?";
    expect(conversationQuery([{ role: "user", content: question }])).toBe(question);
    const followUp = [
      { role: "user", content: question },
      { role: "assistant", content: [{ type: "text", text: "Sunny." }] },
      { role: "user", content: [{ type: "text", text: "and in Berlin?" }] },
    ];
    expect(conversationQuery(followUp)).toBe(`${question}\nand in Berlin?`);
  });

  it("joins only an elliptic follow-up: a short turn that names its own task, or only converses, is read alone", () => {
    const task = "and post a note in #billing on Slack";
    const after = (text: string) => [
      { role: "user", content: task },
      { role: "assistant", content: [{ type: "text", text: "Posted." }] },
      { role: "user", content: text },
    ];
    expect(conversationQuery(after("What's on my calendar tomorrow?"))).toBe("What's on my calendar tomorrow?");
    expect(conversationQuery(after("thanks!"))).toBe("thanks!");
    // Back-references and connectives lean on the turn before.
    expect(conversationQuery(after("cancel the first one"))).toBe(`${task}\ncancel the first one`);
    expect(conversationQuery(after("same for #sales"))).toBe(`${task}\nsame for #sales`);
    expect(conversationQuery(after("what about #ops?"))).toBe(`${task}\nwhat about #ops?`);
    expect(endsInSmallTalk(after("thanks!"))).toBe(true);
    // An assent to the assistant's question carries the task on.
    const asked = [
      { role: "user", content: task },
      { role: "assistant", content: [{ type: "text", text: "Should I post it now?" }] },
      { role: "user", content: "yes" },
    ];
    expect(conversationQuery(asked)).toBe(`${task}\nShould I post it now?\nyes`);
    expect(endsInSmallTalk(asked)).toBe(false);
    expect(endsInSmallTalk(after("ok great, and the other one?"))).toBe(false);
  });

  describe("a reply to what the assistant asked", () => {
    const task = "any unpaid invoices for initech?";
    const answered = (said: string, reply: string) => [
      { role: "user", content: task },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "1", toolName: "stripe_list", input: {} }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "1", toolName: "stripe_list", output: ok }] },
      { role: "assistant", content: [{ type: "text", text: said }] },
      { role: "user", content: reply },
    ];
    const ok = { type: "json", value: { ok: true } };

    it("reads the question among the assistant's last sentences: the action a terse reply agrees to", () => {
      const said = "Initech owes $2,400 on INV-12 (due May 1). Should I email them a reminder? I'll cc Dana too.";
      expect(conversationQuery(answered(said, "yes pls"))).toBe(`${task}\nShould I email them a reminder?\nyes pls`);
      expect(endsInSmallTalk(answered(said, "yes pls"))).toBe(false);
      // A choice among options, and an answer that adds to it, read the question too.
      const options = "I can book 2pm or 4pm.\nWhich works for you?";
      // A question of a few words comes with the sentence before it, where the action is.
      expect(conversationQuery(answered(options, "4 is better"))).toBe(
        `${task}\nI can book 2pm or 4pm. Which works for you?\n4 is better`,
      );
      const long = "yes please, and cc Bob and Priya on it as well";
      expect(conversationQuery(answered(said, long))).toBe(`Should I email them a reminder?\n${long}`);
    });

    it("reads a request for a go-ahead without a question mark", () => {
      for (const [said, asking] of [
        [
          "I'll cancel the Wayne Enterprises subscription. Reply yes to confirm.",
          "I'll cancel the Wayne Enterprises subscription. Reply yes to confirm.",
        ],
        ["Ready to merge #91. Just say the word.", "Ready to merge #91. Just say the word."],
        ["The draft is ready. Let me know if I should send it.", "Let me know if I should send it."],
        ["I'll cancel it once you confirm.", "I'll cancel it once you confirm."],
      ]) {
        expect(conversationQuery(answered(said, "do it"))).toBe(`${task}\n${asking}\ndo it`);
        expect(endsInSmallTalk(answered(said, "do it"), isChitChat)).toBe(false);
      }
    });

    it("a statement, a sign-off, a link or code asks nothing: an acknowledgement after it is chat", () => {
      for (const said of [
        "Sent. Delivery confirmed by the mail server.",
        "PR #91 approved.",
        "Done. Let me know if you have any questions.",
        "Here is the report: https://acme.io/open?id=1",
        "Use `user?.name ?? 'anon'` there.",
        "Done: it's on your calendar, and I emailed Dana to confirm the time.",
        "Once you approve the budget, finance will release funds.",
        "Let me know and I'll be here.",
      ]) {
        for (const reply of ["great", "ok cool", "👍"]) {
          expect(endsInSmallTalk(answered(said, reply), isChitChat)).toBe(true);
          expect(conversationQuery(answered(said, reply))).toBe(reply);
        }
      }
    });

    it("finds the question above a list and past a title's full stop; a number answers, a closing reply stands alone", () => {
      const list = "Should I delete these stale branches?\n- feat/a\n- feat/b\n- fix/c";
      expect(conversationQuery(answered(list, "yes"))).toBe(`${task}\nShould I delete these stale branches?\nyes`);
      const titled = "Found it. Should I email Mr. Smith the agenda?";
      expect(conversationQuery(answered(titled, "yes"))).toBe(`${task}\nShould I email Mr. Smith the agenda?\nyes`);
      const proposal = "Should I refund the full amount?";
      expect(conversationQuery(answered(proposal, "no, $25"))).toBe(`${task}\n${proposal}\nno, $25`);
      expect(endsInSmallTalk(answered(proposal, "no, $25"), isChitChat)).toBe(false);
      expect(endsInSmallTalk(answered("Which one, 1 or 2?", "1"), isChitChat)).toBe(false);
      // A time answers a question, though alone it reads as a greeting.
      expect(endsInSmallTalk(answered("Tuesday 9 AM or 4 PM, which suits you?", "afternoon"), isChitChat)).toBe(false);
      expect(endsInSmallTalk(answered("Done.", "afternoon"), isChitChat)).toBe(true);
      for (const reply of ["nah leave it", "thank you so much", "never mind", "cheers mate", "no that’s all"]) {
        expect(endsInSmallTalk(answered(proposal, reply), isChitChat)).toBe(true);
        expect(conversationQuery(answered(proposal, reply))).toBe(reply);
      }
      // A yes beside thanks agrees; so does a yes of any wording, chat or not.
      for (const reply of ["ok thanks", "sure, thanks", "why not", "that works", "cool", "👍"]) {
        expect(endsInSmallTalk(answered(proposal, reply), isChitChat)).toBe(false);
        expect(conversationQuery(answered(proposal, reply))).toBe(`${task}\n${proposal}\n${reply}`);
      }
      // A question that only points back is read with the sentence before it.
      const pointing = "I can send Initech a reminder email. Want me to do that?";
      expect(conversationQuery(answered(pointing, "yes"))).toBe(`${task}\n${pointing}\nyes`);
      // Emphasis and full-width punctuation end a question too.
      expect(conversationQuery(answered("Found 3 stale threads. **Should I archive them all?**", "yes"))).toBe(
        `${task}\n**Should I archive them all?**\nyes`,
      );
      expect(conversationQuery(answered("已找到。要我发邮件提醒他们吗？", "yes"))).toBe(
        `${task}\n已找到。 要我发邮件提醒他们吗？\nyes`,
      );
      // A long reply that opens with a no asks for something else.
      const own = "no I'll answer her myself. can you block 2 hours tomorrow morning";
      expect(conversationQuery(answered(proposal, own))).toBe(own);
    });

    it("a no with approving words declines; a long message's code is no question; requests for a go-ahead", () => {
      const proposal = "Should I email them a reminder?";
      for (const reply of [
        "no that's ok",
        "not right now",
        "nah I'm good",
        "no it's cool",
        "no don't",
        "of course not",
      ]) {
        expect(endsInSmallTalk(answered(proposal, reply), isChitChat)).toBe(true);
        expect(conversationQuery(answered(proposal, reply))).toBe(reply);
      }
      for (const reply of ["great, thanks", "lol"])
        expect(endsInSmallTalk(answered(proposal, reply), isChitChat)).toBe(true);
      // A patch of more than 2,000 characters, then the question: the code is masked before the end is read.
      const patch = "```ts\n" + "const name = user?.profile?.name ?? fallback;\n".repeat(60) + "```";
      const long = `Here is the fix:\n${patch}\nShould I open a pull request with this change?`;
      expect(conversationQuery(answered(long, "yes"))).toBe(
        `${task}\nShould I open a pull request with this change?\nyes`,
      );
      for (const [said, asking] of [
        ["Squash is set. Let me know and I'll merge it.", "Let me know and I'll merge it."],
        [
          "The reminder is drafted. Once you confirm, I'll send it to Initech.",
          "Once you confirm, I'll send it to Initech.",
        ],
        ["The refund is $40. **Please confirm.**", "The refund is $40. **Please confirm.**"],
      ])
        expect(conversationQuery(answered(said, "do it"))).toContain(`\n${asking}\ndo it`);
      for (const said of [
        'Dana replied "Can we move it to 3?"',
        "Finance gave the go-ahead yesterday.",
        "If they reply yes, I will book the room.",
        "Squash is set. Let me know and I'll be here.",
      ])
        expect(endsInSmallTalk(answered(said, "cool"), isChitChat)).toBe(true);
    });

    it("a reply that names its own task is read alone", () => {
      const proposal = "Should I email them a reminder?";
      for (const request of [
        "share the Q3 deck with Dana",
        "k8s pods in staging keep crashing since the deploy, check?",
      ])
        expect(conversationQuery(answered(proposal, request))).toBe(request);
    });

    it("thanks or a plain no closes the matter; an open offer of more help asks nothing", () => {
      const proposal = "Should I email them a reminder?";
      for (const reply of ["thanks!", "ty", "nah leave it", "no thanks", "not now"]) {
        expect(endsInSmallTalk(answered(proposal, reply), isChitChat)).toBe(true);
        expect(conversationQuery(answered(proposal, reply))).toBe(reply);
      }
      // "no, …" with a request of its own answers.
      expect(conversationQuery(answered(proposal, "no, slack them instead"))).toContain(proposal);
      const done = "Done, the reminder is out. Anything else?";
      expect(endsInSmallTalk(answered(done, "thanks!"), isChitChat)).toBe(true);
      expect(endsInSmallTalk(answered(done, "ok"), isChitChat)).toBe(true);
      expect(conversationQuery(answered(done, "ok"))).toBe("ok");
      // A long new request is read as its own, whatever the assistant asked.
      const request = "What's on my calendar tomorrow afternoon in Berlin?";
      expect(conversationQuery(answered(proposal, request))).toBe(request);
    });

    it("reads a word typed with a letter held, or a laugh run on, as the word it stretches", () => {
      // Chat after a task, as its plain spelling is: "thanksss" asks for nothing, as "thanks" does.
      const done = "Done, the reminder is out.";
      for (const [typed, plain] of [
        ["thanksss", "thanks"],
        ["okkk", "ok"],
        ["byeeee", "bye"],
        ["sooo good", "so good"],
        ["Thank youuu!", "Thank you!"],
        ["awesomeee thx", "awesome thx"],
        ["hahahaha", "haha"],
        ["lololol", "lol"],
      ]) {
        expect(isChitChat(plain)).toBe(true);
        expect(isChitChat(typed)).toBe(true);
        expect(endsInSmallTalk(answered(done, typed), isChitChat)).toBe(true);
      }
      // A follow-up word among chat words still points back; "too" does only at the end.
      expect(isChitChat("haha do the week after too")).toBe(false);
      expect(isChitChat("haha u know me too well")).toBe(true);
      // A request stays one however its chat words are typed, and a held stop word with no word of chat beside it may
      // lean on what was said ("again", "all of them"): it is left as typed.
      for (const typed of ["sooo send it to Bob", "okkk now the invoices", "hahaha ok refund it", "alll of them"])
        expect(isChitChat(typed)).toBe(false);
      expect(endsInSmallTalk(answered(done, "againnn"), isChitChat)).toBe(false);
      // After a question a held yes agrees and a held no closes, as their plain spellings do.
      const proposal = "Should I refund the full amount?";
      for (const [typed, plain, closes] of [
        ["yesss", "yes", false],
        ["yesss pls", "yes pls", false],
        ["coool", "cool", false],
        ["nooo", "no", true],
        ["naaah leave it", "nah leave it", true],
        ["thanksss", "thanks", true],
      ] as const) {
        expect(endsInSmallTalk(answered(proposal, plain), isChitChat)).toBe(closes);
        expect(endsInSmallTalk(answered(proposal, typed), isChitChat)).toBe(closes);
      }
    });

    it("reads a no with a pause, or leaving things alone, as closing the matter; a no that redirects answers", () => {
      const proposal = "Want me to merge those two?";
      for (const reply of ["no wait", "NOOO wait not yet", "no, leave them", "nah leave those"]) {
        expect(endsInSmallTalk(answered(proposal, reply), isChitChat), reply).toBe(true);
        expect(conversationQuery(answered(proposal, reply))).toBe(reply);
      }
      for (const reply of ["no don't wait", "no, don't leave them", "no wait, her", "no, her", "not those, these"])
        expect(endsInSmallTalk(answered(proposal, reply), isChitChat), reply).toBe(false);
    });

    it("reads a reply of stop words only as an answer to what was asked", () => {
      for (const [asked, reply] of [
        ["Who should I share it with, Bob or Alice?", "both"],
        ["Who should I share it with?", "all of them"],
        ["Should I share the whole folder or just the deck?", "all"],
        ["I drafted it. When should I send it?", "now"],
        ["Should I also email the link?", "ofc"],
      ]) {
        expect(endsInSmallTalk(answered(asked, reply), isChitChat), reply).toBe(false);
        expect(conversationQuery(answered(asked, reply))).toContain(asked.split(". ").at(-1));
      }
    });
  });

  it("later in the loop: the assistant's text and the request, or the request plus the tools it called", () => {
    const afterCall = [
      { role: "user", content: "Refund the last payment of customer 42" },
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "1", toolName: "stripe_list_payments", input: {} }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "1",
            toolName: "stripe_list_payments",
            output: { type: "json", value: { secret: "TOOL OUTPUT" } },
          },
        ],
      },
    ];
    const query = conversationQuery(afterCall);
    expect(query).toBe("Refund the last payment of customer 42\nstripe_list_payments");
    expect(query).not.toContain("TOOL OUTPUT");
    const withText = [
      ...afterCall,
      { role: "assistant", content: [{ type: "text", text: "Found payment py_1; refunding it now." }] },
    ];
    expect(conversationQuery(withText)).toBe(
      "Found payment py_1; refunding it now.\nRefund the last payment of customer 42",
    );
  });

  it("is empty without user text, and ignores system prompts", () => {
    expect(conversationQuery([])).toBe("");
    expect(conversationQuery([{ role: "system", content: "You send emails." }])).toBe("");
    expect(conversationQuery([{ role: "user", content: "   " }])).toBe("");
  });

  it("caps a long message at 2,000 characters", () => {
    expect(conversationQuery([{ role: "user", content: "refund ".repeat(1000) }])).toBe(
      "refund ".repeat(1000).slice(0, CAP),
    );
  });

  it("a long message followed by a short follow-up keeps the follow-up whole and cuts the earlier message", () => {
    // 1,990 characters: the old rule cut the joined text at 2,000 and sent "…\nand in B".
    const long = "Please check the weather forecast in Paris for the whole week. ".repeat(40).slice(0, 1990);
    const messages = [
      { role: "user", content: long },
      { role: "assistant", content: "Done." },
      { role: "user", content: "and in Berlin?" },
    ];
    const query = conversationQuery(messages);
    expect(query).toBe(`${long.slice(0, CAP - "\nand in Berlin?".length)}\nand in Berlin?`);
    expect(query).toHaveLength(CAP);
  });

  it("under a smaller cap (the service's TOOLSIFT_MAX_QUERY_LENGTH) the follow-up still survives", () => {
    const messages = [
      { role: "user", content: "Please check the weather forecast in Paris for the whole week and the weekend." },
      { role: "user", content: "and in Berlin?" },
    ];
    const query = conversationQuery(messages, 40);
    expect(query).toHaveLength(40);
    expect(query.endsWith("\nand in Berlin?")).toBe(true);
    expect(query).toBe(`${messages[0].content.slice(0, 40 - "\nand in Berlin?".length)}\nand in Berlin?`);
  });

  it("keeps the latest user message whole when the assistant's words are long, cutting them instead", () => {
    const words = "I am looking at the charges now. ".repeat(100);
    const request = "Refund the duplicate charge of customer 42";
    const query = conversationQuery([
      { role: "user", content: request },
      { role: "assistant", content: [{ type: "text", text: words }] },
    ]);
    expect(query).toBe(`${words.trim().slice(0, CAP - request.length - 1)}\n${request}`);
  });

  it("reads V4 prompts (user content as parts, system content as a string)", () => {
    const prompt = [
      { role: "system", content: "You are helpful." },
      {
        role: "user",
        content: [
          { type: "text", text: "Translate this menu" },
          { type: "file", data: "x", mediaType: "image/png" },
        ],
      },
    ];
    expect(conversationQuery(prompt)).toBe("Translate this menu");
  });
});

describe("isRemark: a statement framed as chat, with no mark of a request", () => {
  it("reads a chat-framed statement about the world as a remark", () => {
    for (const text of ["the printer hates me lol", "ugh mondays are the worst", "that was fast 😅", "im so done smh"])
      expect(isRemark(text), text).toBe(true);
  });

  it("reads no remark in a question, a request, a follow-up, a value, a name or a plain statement", () => {
    for (const text of [
      "lol is the build green", // a question without its mark
      "the printer is jammed lol?",
      "lol can you ping her",
      "ugh i need a day off",
      "lol and the other one is broken", // a follow-up
      "lol send it, she's waiting", // an action word first
      "ugh it's 5 degrees outside",
      "lol Priya is out today",
      "Greta is gonna love this lol",
      "lol she said 'ship it'",
      "the printer is jammed again", // no chat frame: a problem may be a task
      "haha yes he's the best", // an answer
      "ugh the export is all broken lol", // something gone wrong: a fix may be wanted
      "oops that's my old address lol",
      "lol the printer is jammed\nfix it",
    ])
      expect(isRemark(text), text).toBe(false);
  });

  it("reads a complaint of how things go as a remark; a slip or a problem now is none", () => {
    for (const text of [
      "lol we always forget that one",
      "smh the wifi is down every time it rains",
      "ugh he's usually late",
      "smh the train is late every single day",
    ])
      expect(isRemark(text), text).toBe(true);
    for (const text of [
      "lol i forgot to cc legal",
      "smh it broke",
      "ugh he's late again",
      // The habit's clause only: the slip before it asks for a fix.
      "lmao wrong kim, i always pick the wrong one",
      "ugh it's broken again - every time we deploy",
    ])
      expect(isRemark(text), text).toBe(false);
  });

  it("reads a chat-framed fragment with no statement in it as a remark", () => {
    for (const text of [
      "poor printer lol",
      "so much rain smh",
      "coffee number four 😅",
      "ugh traffic lmao",
      "ice cream 😋",
    ])
      expect(isRemark(text), text).toBe(true);
  });

  it("reads a chat word typed with a letter held as the word", () => {
    for (const text of [
      "the printer hates me lmaooo",
      "mondays huhhh",
      "so much rain ughhh",
      "Lmaooo that was wild",
      "the printer hates me sorryyy",
    ])
      expect(isRemark(text), text).toBe(true);
    expect(isRemark("the printer hates me aaaa")).toBe(false);
    expect(isRemark("yesss he's the best lol")).toBe(false); // a held yes answers as a yes does
    expect(isRemark("lmaooo the other two")).toBe(false); // passed over: the fragment opens with a determiner
    // A held opener is passed over as the opener is: what follows asks ("so how many …" is no remark either).
    expect(isRemark("sooo how many points are left in the sprint")).toBe(false);
    expect(isRemark("ohhh greta is a legend lol")).toBe(true);
  });

  it("reads no remark in a request after thanks and a connective, though it holds a statement", () => {
    for (const text of [
      "thanks, now email dana that its done",
      "thx, now post in #eng that the deploy is done",
      "ty! also send the invoice, it's ready",
      "thanks, now ping dana that it's done",
    ])
      expect(isRemark(text), text).toBe(false);
    // A statement after chat words stays a remark, its subject a verb's word or not.
    for (const text of [
      "ugh i'll look at them after lunch lol",
      "phew. that was close lol",
      "thanks, that was fast lol",
      "thanks, print shop was packed lol",
      "ty, run club was brutal lol",
    ])
      expect(isRemark(text), text).toBe(true);
  });

  it("reads chat shorthand that also abbreviates a thing as a remark, for the ranking to judge; not a request's", () => {
    for (const text of ["tx", "ta!", "mb", "gl"]) expect(isRemark(text), text).toBe(true);
    for (const text of ["lmk", "eod", "wfh", "tx 4411", "tx?"]) expect(isRemark(text), text).toBe(false);
  });

  it("reads no remark in a fragment that leans on what was said, opens a follow-up or holds an action", () => {
    // Each would be a remark but for the rule its comment names.
    for (const text of [
      "lol the other two", // names a thing: maybe what to act on next
      "yay now the blue team", // a follow-up word opens it past the chat words
      "ups instead lol", // a follow-up word anywhere
      "paris next lol", // "next", "as well"
      "raj as well lol",
      "cool, ping bob lol", // an everyday word for an action
      "fwd to ana lol", // fwd → forward → send
      "loop in ana lol", // a two-word everyday phrase for an action
      "ugh fine, rename the folder lol", // an action word
      "lmao what a week", // a question word opens it
      "smh yes poor raj", // an answer past the chat words
      "nah the big one lol",
      "that spreadsheet lol",
      "lol them", // leans on the turn before
      "greta is a legend 🙏", // a plea, statement or not
    ])
      expect(isRemark(text), text).toBe(false);
  });
});

describe("one rule for every adapter", () => {
  it("LangChain: a short turn that names its own task is not swallowed by the one before", () => {
    const turns = [
      new HumanMessage("and post a note in #billing on Slack"),
      new AIMessage("Posted."),
      new HumanMessage("What's on my calendar tomorrow?"),
    ];
    expect(selectionQuery(turns)).toBe("What's on my calendar tomorrow?");
    const elliptic = [...turns.slice(0, 2), new HumanMessage("and in #sales?")];
    expect(selectionQuery(elliptic)).toBe("and post a note in #billing on Slack\nand in #sales?");
  });

  it("LangChain messages give the same query as the same AI SDK conversation", () => {
    const request = "Refund the last payment of customer 42";
    const aiSdk = [
      { role: "system", content: "You handle payments." },
      { role: "user", content: request },
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "1", toolName: "stripe_list_payments", input: {} }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "1",
            toolName: "stripe_list_payments",
            output: { type: "text", value: "py_1" },
          },
        ],
      },
    ];
    const langChain = [
      new SystemMessage("You handle payments."),
      new HumanMessage(request),
      new AIMessage({ content: "", tool_calls: [{ name: "stripe_list_payments", args: {}, id: "1" }] }),
      new ToolMessage({ content: "py_1", tool_call_id: "1" }),
    ];
    expect(selectionQuery(langChain)).toBe(`${request}\nstripe_list_payments`);
    expect(conversationQuery(aiSdk)).toBe(selectionQuery(langChain));
    const long = "weather ".repeat(400);
    expect(selectionQuery([new HumanMessage(long), new HumanMessage("and in Berlin?")])).toBe(
      conversationQuery([
        { role: "user", content: long },
        { role: "user", content: "and in Berlin?" },
      ]),
    );
  });

  it("the neutral rule reads roles, text and tool calls only", () => {
    const query = queryFromConversation([
      { role: "user", text: "Book a hotel room in Rome", toolCalls: [] },
      { role: "other", text: "TOOL OUTPUT", toolCalls: [] },
      { role: "assistant", text: "", toolCalls: ["hotel_search", "hotel_booking"] },
    ]);
    expect(query).toBe("Book a hotel room in Rome\nhotel_search hotel_booking");
  });
});

describe("leansOnConversation", () => {
  it("reads fragments, connectives and words that point back as leaning on what was said", () => {
    for (const text of [
      "and staging?",
      "only mine",
      "warmer too",
      "great, same for utils.py",
      "oh and she works at Spotify now",
      "actually make that every day",
      "it's asking for a name now, put Bob",
      "next page pls",
      "ok so what about prod",
      "in the eu-west region as well",
      "Lyon on saturday morning please",
      "when will the package arrive",
    ])
      expect(leansOnConversation(text), text).toBe(true);
  });

  it("reads a turn that names its own task or asks its own question as leaning on nothing", () => {
    for (const text of [
      "who won the 1998 world cup",
      "how do I make a sourdough starter",
      "explain the difference between TCP and UDP",
      "what's a good name for a golden retriever",
      "ok",
      "thanks!",
    ])
      expect(leansOnConversation(text), text).toBe(false);
  });
});

describe("chat said to someone", () => {
  it("reads a greeting or thanks followed by whom it is for as chat", () => {
    for (const text of ["thanks team", "good morning team!", "good morning everyone", "thanks Bob", "cheers mate"])
      expect(isChitChat(text), text).toBe(true);
  });

  it("reads anything more, or a question, as asking", () => {
    for (const text of [
      "thanks Bob, now send the invoice",
      "okkk now do the same for Acme",
      "and people?",
      "DM Priya",
      "ping the team",
      "tell the team",
    ])
      expect(isChitChat(text), text).toBe(false);
  });
});
