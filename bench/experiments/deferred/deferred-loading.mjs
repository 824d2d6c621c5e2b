// How index.deferredTools() loads tools on the BFCL multi-turn sessions (no model, no bill: the cost bench prices it).
//
// Before each ground-truth call, `prepareStep` is given the conversation as the SDK would (the app's messages, the
// calls so far); what it preloads (after the user's message and after each step's results, the Anthropic shape: a
// search result of tool_reference blocks) and the model's searches are what is loaded; a call is "preloaded" when its
// tool was loaded before it. A call that was not is
// what the model has to search for: the searcher sends one query per missing tool, either the turn's user text
// (`request`: what a model that knows nothing of the tool might type) or the tool's own purpose, the first sentence
// of its "Tool description:" (`intent`: an upper bound, the query names the tool's job), and the call counts as
// served when the search returns the tool. Learned rows run 2-fold (each half learns the other's conversations).
//
//   npx node bench/experiments/deferred/deferred-loading.mjs [--max-results N] [--json]
import { createToolIndex } from "../../../dist/index.js";
import { toToolSet } from "../../lib/data.mjs";
import { callMessages, conversationMessages, loadSessions } from "../../sessions-data.mjs";

const { tools, conversations } = loadSessions();
const maxResultsAt = process.argv.indexOf("--max-results");
const maxResults = maxResultsAt < 0 ? 5 : Number(process.argv[maxResultsAt + 1]);
const toolSet = toToolSet(tools);
const descriptionOf = new Map(tools.map((tool) => [tool.name, tool.description]));

/** The first sentence of the part of a BFCL description after "Tool description:". */
function intentQuery(name) {
  const description = descriptionOf.get(name) ?? name;
  const own = description.split("Tool description:").at(-1).trim();
  return own.split(/(?<=\.)\s/)[0];
}

/** The names a message list's search results loaded (tool_reference parts). */
function referenced(messages) {
  const names = [];
  for (const message of messages) {
    if (message.role !== "tool" || !Array.isArray(message.content)) continue;
    for (const part of message.content) {
      if (part.output?.type !== "content") continue;
      for (const item of part.output.value) names.push(item.providerOptions.anthropic.toolName);
    }
  }
  return names;
}

async function replay(index, conversation, searcher) {
  const delivery = index.deferredTools(toolSet, { provider: "anthropic", maxResults });
  const search = delivery.tools.search_tools;
  const counts = { turns: 0, calls: 0, preloaded: 0, served: 0, searches: 0, loaded: 0, turnsServed: 0 };
  const history = [];
  let searchId = 0;
  for (const turn of conversation.turns) {
    history.push({ role: "user", content: turn.user });
    counts.turns++;
    let turnServed = true;
    for (const call of turn.calls) {
      const sent = (await delivery.prepareStep({ messages: history })).messages ?? history;
      const loaded = new Set(referenced(sent));
      counts.calls++;
      if (loaded.has(call.name)) {
        counts.preloaded++;
        counts.served++;
      } else {
        counts.searches++;
        const query = searcher === "intent" ? intentQuery(call.name) : turn.user;
        const output = await search.execute({ query }, { toolCallId: `s${searchId}`, messages: [] });
        const toolCallId = `search_${++searchId}`;
        history.push(
          {
            role: "assistant",
            content: [{ type: "tool-call", toolCallId, toolName: "search_tools", input: { query } }],
          },
          {
            role: "tool",
            content: [
              {
                type: "tool-result",
                toolCallId,
                toolName: "search_tools",
                output: search.toModelOutput({ toolCallId, input: { query }, output }),
              },
            ],
          },
        );
        // The search returns the tools it found as definitions ({ name, description, inputSchema, relevance }).
        for (const found of output.tools) loaded.add(found.name);
        if (loaded.has(call.name)) counts.served++;
        else turnServed = false;
      }
      history.push(...callMessages(call));
    }
    if (turnServed) counts.turnsServed++;
    history.push({ role: "assistant", content: [{ type: "text", text: "Done." }] });
  }
  const sent = (await delivery.prepareStep({ messages: history })).messages ?? history;
  counts.loaded = referenced(sent).length - referenced(history).length;
  return counts;
}

function add(total, counts) {
  for (const [key, value] of Object.entries(counts)) total[key] = (total[key] ?? 0) + value;
  return total;
}

async function run(learned, searcher) {
  const total = {};
  for (let fold = 0; fold < (learned ? 2 : 1); fold++) {
    const index = createToolIndex(toolSet);
    const tested = conversations.filter((_, position) => !learned || position % 2 === fold);
    if (learned) {
      conversations
        .filter((_, position) => position % 2 !== fold)
        .forEach((conversation) => index.learn(conversationMessages(conversation)));
    }
    for (const conversation of tested) add(total, await replay(index, conversation, searcher));
  }
  return {
    name: `${learned ? "learned (2-fold)" : "cold"}, searcher: ${searcher}`,
    preloaded: total.preloaded / total.calls,
    callsServed: total.served / total.calls,
    turnsServed: total.turnsServed / total.turns,
    searchesPerTurn: total.searches / total.turns,
    preloadedToolsPerTurn: total.loaded / total.turns,
  };
}

const rows = [];
for (const learned of [false, true])
  for (const searcher of ["request", "intent"]) rows.push(await run(learned, searcher));
if (process.argv.includes("--json")) console.log(JSON.stringify({ rows }, null, 2));
else {
  const percent = (value) => `${(value * 100).toFixed(1)}%`;
  console.log(
    `BFCL multi-turn, ${conversations.length} conversations, ${tools.length} tools, maxResults ${maxResults}`,
  );
  console.log(
    "| run | calls preloaded | calls served | turns served | searches / turn | tools loaded by preload / turn |",
  );
  console.log("| --- | --: | --: | --: | --: | --: |");
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${percent(row.preloaded)} | ${percent(row.callsServed)} | ${percent(row.turnsServed)} | ` +
        `${row.searchesPerTurn.toFixed(2)} | ${row.preloadedToolsPerTurn.toFixed(2)} |`,
    );
  }
}
