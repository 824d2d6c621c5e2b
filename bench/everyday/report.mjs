// The everyday bench's markdown report (bench/everyday.md) and its --misses listing.
import { BUCKETS } from "./metrics.mjs";
import { markdownTable, percent } from "../lib/table.mjs";

const cell = (figure) =>
  figure === undefined ? "—" : figure.of === 0 ? "—" : `${percent(figure.share)} (${figure.count}/${figure.of})`;
const shareOnly = (figure) => (figure === undefined || figure.of === 0 ? "—" : percent(figure.share));
const number = (value) => (value === undefined ? "—" : value.toFixed(1));
const escape = (text) => String(text).replace(/\|/g, "\\|");

const FIGURE_HEADERS = [
  "row",
  "right tool offered",
  "of which via search",
  "empty-handed on-topic turns",
  "chit-chat: no tool (no new tool)",
  "off-topic: no tool (no new tool)",
  "tools per request",
  "at first step",
  "absurd top-1",
];

function figureRow(row, figures) {
  if (row.notApplicable !== undefined && figures === undefined)
    return [row.label, row.notApplicable, "", "", "", "", "", "", ""];
  return [
    row.label,
    cell(figures.rightToolOffered),
    String(figures.foundBySearch),
    cell(figures.emptyHanded),
    `${shareOnly(figures.chitChatNoTool)} (${shareOnly(figures.chitChatNoNewTool)})`,
    `${shareOnly(figures.offTopicNoTool)} (${shareOnly(figures.offTopicNoNewTool)})`,
    number(figures.toolsPerRequest),
    number(figures.toolsPerFirstStep),
    figures.absurdTop1 === undefined ? "n/a" : cell(figures.absurdTop1),
  ];
}

const NOTES = [
  "- **right tool offered**: needed steps whose acceptable tool the request offered when the step was due (a step after",
  "  a miss in the same turn is not reached and counts as not offered); `select` counts each on-topic turn's first step",
  "  only. *Via search*: steps the model reached by calling the delivery's `search_tools` first.",
  "- **empty-handed**: on-topic turns whose first request offered no catalog tool and no search tool.",
  "- **chit-chat / off-topic: no tool**: turns that need no tool whose first request offered no catalog tool; in",
  "  brackets, no tool beyond those the turn before ended with (for `inConversation` and `deferredTools` the",
  "  definitions delivered earlier stay callable in the conversation; the default `prepareStep()` keeps its set).",
  "- **tools per request**: catalog tools callable per model call (for `inConversation`, definitions delivered in the",
  "  conversation so far; for `deferredTools`, tools loaded so far); meta-tools not counted.",
  "- **absurd top-1**: on-topic turns whose first-ranked offered tool (first step) belongs to a family neither the",
  "  expected tools nor the turn's `families` name; only for rows whose order is a ranking (`select`, `stableTools:",
  "  false`, toolpick, BM25); n/a where the delivery's order is not one (the default's stable set, deliveries in the",
  "  conversation, all tools).",
];

/** The markdown report of one run (`report`: what bench/everyday.mjs --json prints). */
export function everydayReport(report) {
  const lines = [
    "# Everyday requests: the right tools in users' own words",
    "",
    `\`${report.command}\` — ${report.seconds.toFixed(0)} s. Data: ${report.catalogs.length} catalogs, ` +
      `${report.catalogs.reduce((sum, catalog) => sum + catalog.turns, 0)} turns in ` +
      `${report.catalogs.reduce((sum, catalog) => sum + catalog.conversations, 0)} conversations.`,
    "",
    markdownTable(
      ["catalog", "source", "tools", "bucket", "conversations", "turns"],
      report.catalogs.map((catalog) => [
        catalog.id,
        catalog.source,
        catalog.tools,
        BUCKETS.find((bucket) => bucket.key === catalog.bucket).label,
        catalog.conversations,
        catalog.turns,
      ]),
    ),
    "",
  ];
  const others = report.problems.filter(
    (problem) => !report.skipped.some(({ problems }) => problems.includes(problem)),
  );
  if (others.length > 0) {
    lines.push(`Data problems outside the measured catalogs (\`--skip-invalid\`): ${others.length}`, "");
    for (const problem of others) lines.push(`- ${escape(problem)}`);
    lines.push("");
  }
  if (report.skipped.length > 0) {
    lines.push("Left out (the data failed validation, `--skip-invalid`):", "");
    for (const { catalog, problems } of report.skipped)
      lines.push(`- ${catalog}: ${problems.length} problem(s); first: ${escape(problems[0])}`);
    lines.push("");
  }
  for (const bucket of [...BUCKETS, { key: "all", label: "every catalog" }]) {
    const figures = report.buckets[bucket.key];
    if (Object.keys(figures).length === 0 && bucket.key !== "all") continue;
    lines.push(`## ${bucket.label}`, "");
    lines.push(
      markdownTable(
        FIGURE_HEADERS,
        report.rows.map((row) => figureRow(row, figures[row.key])),
      ),
      "",
    );
  }
  lines.push("## Per catalog: right tool offered (empty-handed on-topic turns)", "");
  lines.push(
    markdownTable(
      ["row", ...report.catalogs.map((catalog) => `${catalog.id} (${catalog.tools})`)],
      report.rows.map((row) => [
        row.label,
        ...report.catalogs.map((catalog) => {
          const figures = report.catalogFigures[catalog.id][row.key];
          return figures === undefined || figures.turns === 0
            ? "—"
            : `${shareOnly(figures.rightToolOffered)} (${figures.emptyHanded.count})`;
        }),
      ]),
    ),
    "",
  );
  const kinds = Object.keys(Object.values(report.kinds)[0] ?? {});
  lines.push("## Right tool offered per turn kind (a step counts under each kind of its turn)", "");
  lines.push(
    markdownTable(
      ["kind", ...report.rows.map((row) => row.key)],
      kinds
        .filter((kind) => report.rows.some((row) => report.kinds[row.key][kind].of > 0))
        .map((kind) => [
          `${kind} (${Math.max(...report.rows.map((row) => report.kinds[row.key][kind].of))} steps)`,
          ...report.rows.map((row) => shareOnly(report.kinds[row.key][kind])),
        ]),
    ),
    "",
  );
  lines.push("## How each figure is counted", "", ...NOTES);
  return lines.join("\n");
}

/** Prints every miss of every row, with select's top 5 and explain of the first expected tool (keyword index). */
export async function printMisses(report, indexFor, print) {
  const explained = new Map();
  for (const row of report.rows) {
    const misses = report.misses[row.key];
    print(`\n## misses: ${row.label} (${misses.length})`);
    for (const miss of misses) {
      const key = `${miss.catalog}\u0000${miss.text}\u0000${miss.expected[0]}`;
      if (!explained.has(key)) {
        const index = await indexFor(miss.catalog);
        const top = await index.select(miss.text, { maxTools: 5 });
        const why = await index.explain(miss.text, miss.expected[0]);
        explained.set(
          key,
          `select top 5 [${top.join(", ")}]; explain ${miss.expected[0]}: rank ${why.rank}, ${why.verdict}, ` +
            `relevance ${why.relevance.toFixed(3)}, best ${why.best?.tool ?? "none"}`,
        );
      }
      print(
        `- ${miss.catalog} ${miss.conversation} #${miss.turn} step ${miss.step} [${miss.kinds.join(", ")}] ` +
          `"${miss.text}" — expected [${miss.expected.join(" | ")}], ` +
          `${miss.reached ? `offered [${miss.offered.join(", ")}]` : "not reached"}\n    ${explained.get(key)}`,
      );
    }
  }
}
