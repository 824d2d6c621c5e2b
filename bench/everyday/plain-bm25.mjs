// A plain BM25 as an AI SDK prepareStep, the baseline issue 37 compares against: the latest user message scored
// against each tool's name and description (names split on _ - . and camelCase), top 5; no tool only when no word of
// the message is in the catalog.
const K1 = 1.2;
const B = 0.75;

const words = (text) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);

/** A BM25 over `tools` (`{ name, description }[]`): `search(text, k)` → the best `k` names, best first. */
export function plainBm25(tools) {
  const docs = tools.map((tool) => words(`${tool.name} ${tool.description ?? ""}`));
  const average = docs.reduce((sum, doc) => sum + doc.length, 0) / docs.length;
  const frequency = new Map();
  for (const doc of docs) for (const word of new Set(doc)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const counts = docs.map((doc) => {
    const count = new Map();
    for (const word of doc) count.set(word, (count.get(word) ?? 0) + 1);
    return count;
  });
  return (text, k = 5) => {
    const scores = new Float64Array(docs.length);
    for (const word of new Set(words(text))) {
      const n = frequency.get(word);
      if (n === undefined) continue;
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
      counts.forEach((count, d) => {
        const tf = count.get(word) ?? 0;
        if (tf > 0) scores[d] += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * docs[d].length) / average));
      });
    }
    return [...scores.keys()]
      .filter((d) => scores[d] > 0)
      .sort((a, b) => scores[b] - scores[a] || a - b)
      .slice(0, k)
      .map((d) => tools[d].name);
  };
}

/** The text of the latest user message of AI SDK `messages`. */
export function latestUserText(messages) {
  const message = messages.findLast((entry) => entry.role === "user");
  if (message === undefined) return "";
  if (typeof message.content === "string") return message.content;
  return message.content
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join(" ");
}

/** `prepareStep` over a plain BM25: the latest user message's top 5 as activeTools. */
export function plainBm25PrepareStep(tools) {
  const search = plainBm25(tools);
  return async ({ messages }) => ({ activeTools: search(latestUserText(messages), 5) });
}
