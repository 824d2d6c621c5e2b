// A second identity check beside identity.mjs, on generated queries: BFCL tool names in ten spellings (snake, spaced,
// hyphenated, camelCase, upper case, dotted, partial, plural), values (URLs, paths, slugs, e-mails, keys, quotes),
// non-ASCII words, dashes and `select:` lines, mixed with pieces of BFCL queries (a fixed seed). Two builds must give
// the same select and selectWithScores (maxTools 20, minRelevance 0) on BFCL's 589 tools and on every third of them.
//   npx node bench/experiments/everyday-speed/identity-generated.mjs <dir A with dist/> <dir B with dist/>
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadBfcl } from "../../lib/data.mjs";

const libs = await Promise.all(
  process.argv.slice(2, 4).map((dir) => import(pathToFileURL(resolve(dir, "dist/index.js")).href)),
);
if (libs.length !== 2) throw new Error("usage: identity-generated.mjs <dir A> <dir B>");
const { tools, queries } = loadBfcl();
let seed = 12345;
const next = (n) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};
const pick = (list) => list[next(list.length)];
const split = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
const spellings = [
  (p) => p.join("_"),
  (p) => p.join(" "),
  (p) => p.join("-"),
  (p) => p.map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join(""),
  (p) => p.join("").toUpperCase(),
  (p) => p.slice(0, 2).join(" "),
  (p) => p.join("."),
  (p) => p.join(" ") + "s",
  (p) => p.slice(1).join("_"),
  (p) => p.map((w) => w.toUpperCase()).join("-"),
];
const extras = [
  "please",
  "thanks!",
  "called Invoices 2025",
  "see https://example.com/a_b",
  "file ~/notes.md",
  "acme/api#12",
  "Crème brûlée",
  "naïve café",
  "ẞtraße",
  "日本語 テスト",
  "k8s",
  "PRs",
  "pull request",
  "'final_report.pdf'",
  '"Q3 budget"',
  "user@example.com",
  "PROJ-77",
  `select:${tools[3].name}`,
  "v1.2.3",
  "x",
  "a",
  "—",
  "–",
  "\t",
  "#general",
  "@jo",
];
const generated = [];
for (let i = 0; i < 3000; i++) {
  const parts = [];
  for (let k = 1 + next(4); k > 0; k--) {
    const kind = next(4);
    if (kind === 0) parts.push(pick(spellings)(split(pick(tools).name)));
    else if (kind === 1) parts.push(pick(extras));
    else
      parts.push(
        pick(queries)
          .query.split(" ")
          .slice(0, 1 + next(8))
          .join(" "),
      );
  }
  generated.push(parts.join(pick([" ", " ", ", ", "\n", " - ", "-", "_"])));
}
let differ = 0;
let named = 0;
for (const catalog of [tools, tools.filter((_, i) => i % 3 === 0)]) {
  const indexes = libs.map((lib) => lib.createToolIndex(catalog));
  for (const query of generated) {
    const [a, b] = await Promise.all(
      indexes.map(async (index) => {
        const scored = await index.selectWithScores(query, { maxTools: 20, minRelevance: 0 });
        const names = await index.select(query);
        return { text: JSON.stringify([names, scored]), named: scored.results.some((result) => result.named) };
      }),
    );
    if (a.named) named++;
    if (a.text === b.text) continue;
    differ++;
    if (differ <= 5) console.log(`differs: ${JSON.stringify(query)}`);
  }
}
console.log(`${generated.length * 2} selections (${named} with a tool the query names), ${differ} differ`);
process.exitCode = differ === 0 ? 0 : 1;
