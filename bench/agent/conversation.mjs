// A scripted 10-turn agent session on the 50-tool SaaS catalog (test/fixtures/paraphrase/catalog.json), run
// through the AI SDK's real generateText loop: each turn is one generateText call over the growing
// message history, so prepareStep sees the messages and steps the SDK itself builds (user, assistant
// text and tool-call parts, tool results; StepResults with toolCalls).
//
// The model is a MockLanguageModelV4 that plays a plan per turn: each planned step calls one tool
// (sometimes with a sentence of text before it, as models do) or answers with text. If the planned
// tool is not among the tools it was offered, it does what a model without the tool does: it answers
// "I don't have a tool for that" and the turn ends (a miss; counted, never hidden).
import { generateText, isStepCount, jsonSchema, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { loadParaphraseSet } from "../lib/data.mjs";
import { nowMs } from "../lib/stats.mjs";

/** The 50-tool catalog, `{ name, description, parameters }[]`. */
export function loadSaasCatalog() {
  return loadParaphraseSet().catalog;
}

/** What each tool returns (the model never reads it; it only has to look like a result). */
const OUTPUTS = {
  sentry_list_issues: {
    issues: [
      {
        id: "WEB-4821",
        title: "TypeError: Cannot read properties of undefined (reading 'total')",
        count: 214,
        firstSeen: "2025-06-03T09:12:44Z",
        release: "web-app@dpl_8f2k",
      },
    ],
  },
  datadog_query_metrics: {
    series: [
      {
        metric: "checkout.errors.rate",
        pointlist: [
          [1748941800, 0.2],
          [1748942520, 9.8],
          [1748943120, 11.4],
        ],
      },
    ],
  },
  vercel_rollback_deployment: { project: "web-app", restored: "dpl_7c1a", state: "READY" },
  pagerduty_trigger_incident: { incident_id: "Q2X7LM", status: "triggered", assigned_to: "ana@acme.dev" },
  slack_send_message: { ok: true, channel: "C024BE91L", ts: "1748943301.000200" },
  github_create_issue: { number: 1377, url: "https://github.com/acme/web-app/issues/1377" },
  datadog_mute_monitor: { id: 88412, muted_until: "2025-06-03T11:30:00Z" },
  pagerduty_acknowledge_incident: { incident_id: "Q2X7LM", status: "acknowledged" },
  google_calendar_find_free_time: { slots: [{ start: "2025-06-04T14:00:00Z", end: "2025-06-04T14:30:00Z" }] },
  zoom_create_meeting: { id: 8812345678, join_url: "https://zoom.us/j/8812345678" },
  google_calendar_create_event: { id: "evt_3k2j", htmlLink: "https://calendar.google.com/event?eid=evt_3k2j" },
  notion_create_page: { id: "pg_91ad", url: "https://notion.so/acme/Postmortem-checkout-2025-06-03-91ad" },
};

/**
 * The session: an on-call engineer and an agent working an incident. Turns 2, 3, 8 and 10 are
 * short follow-ups ("and the error rate in Datadog?", "Roll it back.") that only make sense with the
 * turn before. Turn 9 takes three tool calls in one generateText loop.
 */
export const TURNS = [
  {
    user: "Checkout has been throwing errors since this morning's deploy. Find the failing deploy: what does Sentry show for the web-app project?",
    steps: [
      { call: "sentry_list_issues", input: { project: "web-app", environment: "production", sort: "new" } },
      {
        text: "Sentry shows a new TypeError in checkout (214 events) first seen at 09:12, in release dpl_8f2k: that deploy is the culprit.",
      },
    ],
  },
  {
    user: "and the error rate in Datadog?",
    steps: [
      {
        call: "datadog_query_metrics",
        input: { query: "sum:checkout.errors.rate{env:prod}", from: "1748937600", to: "1748943300" },
      },
      { text: "The checkout error rate went from 0.2% to 9.8% at 09:12 and is at 11.4% now." },
    ],
  },
  {
    user: "Roll it back.",
    steps: [
      { call: "vercel_rollback_deployment", input: { project: "web-app" } },
      { text: "Rolled web-app back to dpl_7c1a; it is live." },
    ],
  },
  {
    user: "Page whoever is on call for checkout so they watch the recovery.",
    steps: [
      {
        call: "pagerduty_trigger_incident",
        input: { service_id: "PCHK01", title: "Checkout errors after deploy dpl_8f2k (rolled back)", urgency: "high" },
      },
      { text: "Paged Ana (incident Q2X7LM)." },
    ],
  },
  {
    user: "Tell the team in #incidents on Slack that we rolled back web-app.",
    steps: [
      {
        call: "slack_send_message",
        input: {
          channel: "#incidents",
          text: "Checkout errors since 09:12 came from deploy dpl_8f2k; web-app is rolled back to dpl_7c1a. Ana is on it.",
        },
      },
      { text: "Posted in #incidents." },
    ],
  },
  {
    user: "Open a GitHub issue in acme/web-app to track the bug, with the Sentry error in the body.",
    steps: [
      {
        call: "github_create_issue",
        input: {
          repo: "acme/web-app",
          title: "Checkout TypeError reading 'total' (dpl_8f2k)",
          body: "Sentry WEB-4821, 214 events.",
          labels: ["incident"],
        },
      },
      { text: "Opened acme/web-app#1377." },
    ],
  },
  {
    user: "Mute the checkout error-rate monitor for an hour while it recovers.",
    steps: [
      { call: "datadog_mute_monitor", input: { monitor_id: 88412, end: "2025-06-03T11:30:00Z" } },
      { text: "Muted monitor 88412 until 11:30." },
    ],
  },
  {
    user: "also acknowledge the page",
    steps: [
      { call: "pagerduty_acknowledge_incident", input: { incident_id: "Q2X7LM" } },
      { text: "Acknowledged Q2X7LM." },
    ],
  },
  {
    user: "Set up a 30-minute postmortem with Ana, Raj and Li tomorrow afternoon, with a Zoom link.",
    steps: [
      {
        call: "google_calendar_find_free_time",
        input: {
          attendees: ["ana@acme.dev", "raj@acme.dev", "li@acme.dev"],
          duration_minutes: 30,
          window_start: "2025-06-04T12:00:00Z",
          window_end: "2025-06-04T18:00:00Z",
        },
      },
      {
        text: "Everyone is free 14:00 to 14:30; creating the Zoom meeting first.",
        call: "zoom_create_meeting",
        input: { topic: "Postmortem: checkout errors", start_time: "2025-06-04T14:00:00Z", duration: 30 },
      },
      {
        call: "google_calendar_create_event",
        input: {
          summary: "Postmortem: checkout errors",
          start: "2025-06-04T14:00:00Z",
          end: "2025-06-04T14:30:00Z",
          attendees: ["ana@acme.dev", "raj@acme.dev", "li@acme.dev"],
        },
      },
      { text: "Booked tomorrow 14:00-14:30 with Ana, Raj and Li; the Zoom link is in the invite." },
    ],
  },
  {
    user: "and draft the postmortem doc in Notion",
    steps: [
      {
        call: "notion_create_page",
        input: {
          parent_id: "postmortems",
          title: "Postmortem: checkout errors 2025-06-03",
          content: "## Timeline\n- 09:12 deploy dpl_8f2k",
        },
      },
      { text: "Drafted the postmortem page in Notion." },
    ],
  },
];

/** An AI SDK ToolSet of the catalog: `tool({ description, inputSchema: jsonSchema(parameters), execute })`. */
export function saasToolSet(catalog) {
  const tools = {};
  for (const { name, description, parameters } of catalog) {
    tools[name] = tool({
      description,
      inputSchema: jsonSchema(parameters),
      execute: async () => OUTPUTS[name] ?? { ok: true },
    });
  }
  return tools;
}

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** The scripted model. `play(turn, number)` loads a turn's plan; `calls` records every model call. */
function sessionModel() {
  const calls = [];
  let turn;
  let turnNumber = 0;
  let next = 0;
  let callId = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const offered = (options.tools ?? []).filter((t) => t.type === "function");
      const names = offered.map((t) => t.name);
      const planned = turn.steps[next++] ?? { text: "Done." };
      const record = {
        turn: turnNumber,
        step: next,
        offered: names,
        definitions: offered,
        wanted: planned.call,
        hit: planned.call === undefined ? undefined : names.includes(planned.call),
      };
      calls.push(record);
      const content = [];
      let finish = "stop";
      if (planned.call !== undefined && !record.hit) {
        content.push({ type: "text", text: "I don't have a tool for that in this conversation." });
        next = turn.steps.length;
      } else {
        if (planned.text !== undefined) content.push({ type: "text", text: planned.text });
        if (planned.call !== undefined) {
          content.push({
            type: "tool-call",
            toolCallId: `call_${++callId}`,
            toolName: planned.call,
            input: JSON.stringify(planned.input ?? {}),
          });
          finish = "tool-calls";
        }
      }
      return { content, finishReason: { unified: finish, raw: undefined }, usage, warnings: [] };
    },
  });
  return {
    model,
    calls,
    play(nextTurn, number) {
      turn = nextTurn;
      turnNumber = number;
      next = 0;
    },
  };
}

/**
 * Plays the session with `prepareStep` (or none: the full catalog every step). Returns one record
 * per model call — `{ turn, step, offered, definitions, wanted, hit, prepareMs }` — where
 * `definitions` are the function tools the model was sent (name, description, inputSchema).
 */
export async function runConversation(tools, prepareStep) {
  const session = sessionModel();
  const history = [];
  const timings = [];
  const timed =
    prepareStep === undefined
      ? undefined
      : async (input) => {
          const start = nowMs();
          const result = await prepareStep(input);
          timings.push(nowMs() - start);
          return result;
        };
  for (let t = 0; t < TURNS.length; t++) {
    history.push({ role: "user", content: TURNS[t].user });
    session.play(TURNS[t], t + 1);
    const result = await generateText({
      model: session.model,
      tools,
      messages: history,
      prepareStep: timed,
      stopWhen: isStepCount(8),
    });
    history.push(...result.responseMessages);
  }
  if (timed !== undefined && timings.length !== session.calls.length)
    throw new Error("bench/agent: prepareStep was not called once per model call");
  return session.calls.map((call, i) => ({ ...call, prepareMs: timings[i] }));
}
