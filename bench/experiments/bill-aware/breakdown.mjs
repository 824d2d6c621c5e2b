// Where a delivery's bill goes: bench/session-cost.mjs's replay of the chosen rows (and the floor), each request's
// bill split over what its parts hold — the tools block (app tools, meta-tools), the system prompt, user text,
// delivered definitions (instruction line and definitions), preloads (search calls, results, the definitions they
// load), tool calls (direct, dispatched), tool results, assistant text — per conversation, cold rows.
//
//   npm run build && npx node bench/experiments/bill-aware/breakdown.mjs [--production] [modes…]
//
// A part's bill is what the cache model of scripts/session-cost/bill.mjs charges it (Anthropic: read 0.1× up to the
// longest written prefix, written 1.25× up to the last breakpoint, 1× after; OpenAI: the cached prefix, 1,024 + a
// multiple of 128 tokens, 0.1×, the rest 1×), shared over the blocks of a message in proportion to their tokens.
import { createHash } from "node:crypto";
import { PRICES, countTokens, openaiCachedTokens, renderParts } from "../../../scripts/session-cost/bill.mjs";
import { ROWS, SIZES, measureSessionCost } from "../../session-cost.mjs";
import { loadSessions } from "../../sessions-data.mjs";

const args = process.argv.slice(2);
const production = args.includes("--production");
const modes = args.filter((arg) => !arg.startsWith("--"));
const learned = args.includes("--learned");
const rows = ROWS.filter(
  (row) =>
    row.floor || (modes.includes(row.mode) && row.learned === learned) || (modes.length === 0 && row.mode === "all"),
);

const META = new Set(["call_tool", "search_tools", "tool_search"]);

/** A content block's category (Anthropic messages, OpenAI input items). */
function category(block, role) {
  if (typeof block === "string") return role === "user" ? "user text" : "assistant text";
  const type = block.type;
  const text = block.text;
  if (typeof text === "string") {
    if (text.startsWith("Tools to call with")) return "delivered definitions";
    return role === "assistant" || type === "output_text" ? "assistant text" : "user text";
  }
  if (type === "tool_use" || type === "function_call" || type === "tool_search_call") {
    const id = String(block.id ?? block.call_id ?? "");
    if (id.includes("toolsift_preload_")) return "preload call";
    if (block.name === "call_tool") return "dispatched call";
    return "direct call";
  }
  if (type === "tool_result" || type === "function_call_output" || type === "tool_search_output") {
    const id = String(block.tool_use_id ?? block.call_id ?? "");
    if (id.includes("toolsift_preload_")) return "preload result";
    if (type === "tool_search_output") return "search result";
    return "tool result";
  }
  return `other (${type})`;
}

/** The blocks of a message part with their categories: `[{ category, tokens }]`. */
function blocksOf(value) {
  if (value.role !== undefined && Array.isArray(value.content))
    return value.content.map((block) => ({
      category: category(block, value.role),
      tokens: countTokens(JSON.stringify(block)),
    }));
  if (value.role !== undefined) return [{ category: category(value.content, value.role), tokens: 1 }];
  return [{ category: category(value, undefined), tokens: 1 }];
}

const hashOf = (previous, key) => createHash("sha1").update(previous).update("\u0000").update(key).digest("hex");

/** One conversation's bill split by category: `Map<category, { tokens, bill }>`. */
function splitConversation(requests, provider, freeTools) {
  const totals = new Map();
  const add = (name, tokens, bill) => {
    const entry = totals.get(name) ?? { tokens: 0, bill: 0 };
    entry.tokens += tokens;
    entry.bill += bill;
    totals.set(name, entry);
  };
  const written = new Set();
  const seen = new Set();
  for (const { rendered: body } of requests) {
    const parts = renderParts(body, provider, { freeTools });
    const values = [
      ...(body.tools ?? []).map((tool) => ({ tool })),
      ...(provider === "anthropic"
        ? [...(typeof body.system === "string" ? [{ type: "text", text: body.system }] : (body.system ?? []))].map(
            (system) => ({ system }),
          )
        : typeof body.instructions === "string" && body.instructions !== ""
          ? [{ system: body.instructions }]
          : []),
      ...(provider === "anthropic" ? body.messages : body.input).map((message) => ({ message })),
    ];
    if (values.length !== parts.length) throw new Error(`breakdown: ${values.length} values for ${parts.length} parts`);
    const hashes = [];
    let previous = "";
    for (const part of parts) hashes.push((previous = hashOf(previous, part.key)));
    // Price per token of each part: an array of [tokens, price] runs.
    const priced = parts.map(() => []);
    if (provider === "anthropic") {
      let readTo = -1;
      for (let i = hashes.length - 1; i >= 0; i--)
        if (written.has(hashes[i])) {
          readTo = i;
          break;
        }
      const lastTool = parts.findLastIndex((part) => part.kind === "tool");
      const lastMessage = parts.findLastIndex((part) => part.kind === "message");
      const points = [lastTool, lastMessage, ...parts.flatMap((part, i) => (part.marked ? [i] : []))].filter(
        (i) => i >= 0,
      );
      const lastPoint = Math.max(-1, ...points);
      for (const point of points) written.add(hashes[point]);
      parts.forEach((part, i) => {
        const price = i <= readTo ? PRICES.anthropic.read : i <= lastPoint ? PRICES.anthropic.write : 1;
        priced[i].push([part.tokens, price]);
      });
    } else {
      let matched = 0;
      let sum = 0;
      let matching = true;
      for (let i = 0; i < parts.length; i++) {
        sum += parts[i].tokens;
        if (matching && seen.has(hashes[i])) matched = sum;
        else matching = false;
      }
      for (const hash of hashes) seen.add(hash);
      let cached = openaiCachedTokens(matched);
      parts.forEach((part, i) => {
        const read = Math.min(cached, part.tokens);
        cached -= read;
        if (read > 0) priced[i].push([read, PRICES.openai.read]);
        if (part.tokens - read > 0) priced[i].push([part.tokens - read, 1]);
      });
    }
    parts.forEach((part, i) => {
      const tokens = part.tokens;
      const bill = priced[i].reduce((total, [count, price]) => total + count * price, 0);
      if (tokens === 0) return;
      const value = values[i];
      if (value.tool !== undefined) {
        add(META.has(value.tool.name) || value.tool.type === "tool_search" ? "meta tools" : "app tools", tokens, bill);
        return;
      }
      if (value.system !== undefined) {
        add("system", tokens, bill);
        return;
      }
      // Definitions a tool_reference loads are billed in the part that references them (renderParts' extra tokens).
      const own = countTokens(part.key);
      const loaded = tokens - own;
      if (loaded > 0) add("loaded definitions", loaded, (bill * loaded) / tokens);
      const blocks = blocksOf(value.message);
      const sum = blocks.reduce((total, block) => total + block.tokens, 0);
      for (const block of blocks)
        add(block.category, (own * block.tokens) / sum, ((bill * own) / tokens) * (block.tokens / sum));
    });
  }
  return totals;
}

const size = production ? SIZES.production : SIZES.today;
const perRow = new Map();
const { rows: measured } = await measureSessionCost({
  set: loadSessions(),
  rows,
  sizes: size,
  onReplay({ row, provider, requests }) {
    const key = `${row.name}|${provider}`;
    const entry = perRow.get(key) ?? { conversations: 0, totals: new Map() };
    entry.conversations++;
    for (const [name, value] of splitConversation(requests, provider, row.floor === true)) {
      const total = entry.totals.get(name) ?? { tokens: 0, bill: 0 };
      total.tokens += value.tokens;
      total.bill += value.bill;
      entry.totals.set(name, total);
    }
    perRow.set(key, entry);
  },
});
console.log(`size: ${production ? "production" : "today"}; per conversation: raw tokens sent, bill`);
for (const row of measured) {
  console.log(
    `\n${row.name}: bill ${row.bill.anthropic.toFixed(0)} / ${row.bill.openai.toFixed(0)}, served ${(row.callsServed * 100).toFixed(1)}%`,
  );
  const names = new Set();
  for (const provider of ["anthropic", "openai"])
    for (const name of perRow.get(`${row.name}|${provider}`).totals.keys()) names.add(name);
  for (const name of [...names].sort()) {
    const cells = ["anthropic", "openai"].map((provider) => {
      const entry = perRow.get(`${row.name}|${provider}`);
      const total = entry.totals.get(name) ?? { tokens: 0, bill: 0 };
      return `${(total.tokens / entry.conversations).toFixed(0).padStart(7)} ${(total.bill / entry.conversations).toFixed(0).padStart(6)}`;
    });
    console.log(`  ${name.padEnd(24)} A ${cells[0]}   O ${cells[1]}`);
  }
}
