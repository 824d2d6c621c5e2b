// What a bundler ships for an app that selects with toolsift/core: no AI SDK adapter, no model stage, no cache, and
// within the size the entry exists for (issue 21: ≤ 75 KiB minified, ≤ 26 KiB gzip, 26.5 KiB since issue 29; workerd
// condition, wasm apart).
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { packageImportsFromSource } from "../../scripts/package-imports-from-source.mjs";

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/**
 * An app importing createToolIndex (and `imports`) from `entry` and calling select with `options` (source text),
 * bundled and minified under `workerd`.
 */
async function selectingApp(entry: string, options = "undefined", imports = "") {
  const result = await build({
    stdin: {
      contents:
        `import { createToolIndex${imports} } from ${JSON.stringify(source(entry))};\n` +
        `const index = createToolIndex({ send_email: { description: "Send an email" } }, ${options});\n` +
        'console.log(await index.select("email"));\n',
      resolveDir: source("."),
      loader: "ts",
    },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd"],
    external: ["*.wasm", "ai", "zod"],
    write: false,
    metafile: true,
    logLevel: "silent",
    tsconfigRaw: {},
    plugins: [packageImportsFromSource(["workerd"])],
  });
  const [output] = Object.values(result.metafile.outputs);
  const shipped = Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path.replace(/^.*?\bsrc\//, "src/"));
  const code = result.outputFiles[0].contents;
  return { shipped, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

/** toolsift/core's options for the smallest app: no word list. */
const WITHOUT_LIST = "{ keyword: { commonWords: false } }";

/** Files only the root's adapters and model stages need (the input check included: the core runs no tool). */
const modelOrAdapter = (path: string) =>
  /^src\/(agent|cache|langchain|local)\//.test(path) ||
  path === "src/check-tool-input.ts" ||
  path.includes("node_modules/@cfworker/") ||
  /^src\/tool-index\/(llm\/|all-model-stages|query-expansion)/.test(path) ||
  /^src\/semantic\/(embedder|semantic-engine|vector-index)\.ts$/.test(path) ||
  path === "src/ai-sdk.ts";

describe("an app selecting with toolsift/core", () => {
  it("ships the keyword index and none of the adapters, model stages or caches", async () => {
    const core = await selectingApp("src/core-entry.ts", WITHOUT_LIST);
    expect(core.shipped).toContain("src/core/keyword-engine.ts");
    expect(core.shipped).toContain("src/tool-index/create-index.ts");
    expect(core.shipped.filter(modelOrAdapter)).toEqual([]);
    // The control: the same app on the root ships them (its index has the adapters as methods).
    const root = await selectingApp("src/index.ts");
    expect(root.shipped.filter(modelOrAdapter).length).toBeGreaterThan(10);
  });

  // Issue 21's goal was 26 KiB gzip (met at 26,537 B). Issue 29's option table (each option once, with its path,
  // surfaces, default and range; old names refused naming the new path) brought the app to 27,149 B; its model rows
  // moved to a module core does not bundle (27,103 B). The limit was 26.5 KiB (27,136 B) until the table's cost is won
  // back elsewhere: a deliberate, measured step, not headroom. Three such steps since, measured: issue 37 (what users
  // type: the shorthand table read both ways, names given after "called", product-prefixed name words, finger-slip
  // typos; 78,420 B minified, 29,008 B gzip), issue 38's errors that point at the fix (explain naming the tool an
  // unknown name meant, a misspelt alwaysActive name reported; +337 B gzip) and toolpick's own option names kept with
  // their meaning (`threshold`): 29,846 B gzip in all (the shorthand's name-only read-back and its once-read readings
  // included), under 79 KiB minified. Issue 38's one answer from both entries made `keyword.commonWords` an option that
  // toolsift/core requires (its check, its table row, and the app's own `{ keyword: { commonWords: false } }`): the
  // app measures 81,264 B minified, 29,999 B gzip (+146 B gzip beside the same app on the commit before). Then issue
  // 37's product families (a request naming zendesk ranks the zd_ tools first) and the reading of everyday words (the
  // code; their table is data, below): 84,307 B minified, 31,166 B gzip (explain's fusion weights, issue 38 item 13,
  // add 18 B minified). The limits follow them, and go back down when the cost is won back.
  // Issue 37's finder links (a tool's search or list tool when the request gives no id: catalog-links.ts) add 1,101 B
  // minified and 381 B gzip (85,408 B and 31,547 B measured). The words of paths, slugs, addresses and host names
  // read as values ("reopen acme/webapp#12": acme is no initialism; tokenizer.ts `markPathValues`) add 267 B gzip
  // (31,814 B measured). An acronym's plural read as the acronym ("PRs" → pr; tokenizer.ts) brings the app to 86,112 B
  // minified; a value's kind read as the parameters that take it ("go to https://…" → url; query.ts) to 87,170 B
  // minified, 32,311 B gzip (both: +497 B gzip). Session 13 of issue 37, measured commit by commit (minified / gzip):
  // a product word read as its family's name word (families.ts `familyReadings`) +942 / +357 B; a getter of a plural
  // noun read as a finder and companions in rank order +159 / +69 B; clipped words and a key's letters never initials
  // +376 / +130 B; a key's kind as strong as a shorthand +101 / +35 B; each task's best tool in a request of several
  // (tool-index/clauses.ts) +1,342 / +541 B; a shorthand the catalog writes too +15 / +22 B; issue 38's one step
  // selection over the neutral conversation +70 / 0 B; the speed pass −86 / −5 B: 90,167 B minified, 33,516 B gzip;
  // dimensions as values and the first-warning line naming `runtime: { warnings: false }`: 90,284 B, 33,593 B gzip.
  // Session 14: a product name's second word must be a word, and the one product a request names ranks first
  // (families.ts): 90,733 B, 33,792 B gzip; a clause tool in the place of the ranking's weakest (since reverted), an
  // email no id, the elbow cutting only a sure ranking: 90,971 B, 33,903 B gzip; finders when a request gives fewer
  // ids than a tool needs (catalog-links.ts `identifiers`): 91,194 B, 33,957 B gzip; "tell" a word of conversation
  // only told to me or us (relevance-words.ts): 91,357 B, 34,026 B gzip; keys as issues, a slug's #number as a
  // reference, the clause places reverted: 91,321 B, 34,010 B gzip. Session 15: finders in order of relevance
  // (companions.ts) +177 / +77 B; two request words read as a name's closed compound ("on call" → oncall; query.ts)
  // +438 / +151 B: 91,936 B, 34,238 B gzip; a follow-up's ranking led by the product the conversation called last
  // (tool-index/continuity.ts) +639 / +227 B: 92,575 B, 34,465 B gzip; a getter's words after "by" are what it takes
  // (catalog-links.ts): 92,646 B, 34,493 B; the finders of a generic id (`object_id`): 92,798 B, 34,554 B gzip.
  // Session 16: a percentage as a value ("to 25%" → a `percent` parameter; tokenizer.ts): 93,003 B, 34,642 B gzip;
  // paging parameters' prose left out of the index (schema-text.ts `PAGING`): 93,181 B, 34,750 B gzip.
  // Session 17: a time, date, amount or a year after "the" is no id, so the finder is still offered ("trash the old
  // 2023 budget page"; catalog-links.ts `heldValues`): 93,758 B, 35,045 B gzip. A question ranks the tools that change
  // something after the ones that read (core/question.ts: its word lists are most of it; `explain` reports it), dates
  // and spans of times and years no id either: 96,297 B, 35,801 B gzip. Session 18: the words that say when ("3pm",
  // "friday", "next week") read as the parameters that take a time (tokenizer.ts `markTimeValues`, query.ts), and a
  // tool only a time meets not along a sure match (tool-index/relevance.ts): 97,809 B, 36,462 B gzip; an hour written
  // apart from its "am" or "pm" ("9 AM"), after a review: 97,893 B, 36,501 B gzip. Session 19: a request's leading
  // verb read as a name's action counts in relevance (relevance.ts): 98,056 B, 36,581 B gzip. Session 20: a word whose
  // final s is no plural ("news" is no "new"; stemmer.ts): 98,160 B, 36,628 B gzip; a clipped word looked up in a map
  // of the names' clippings, not by a walk over every name (query.ts `truncated`): 98,256 B, 36,663 B gzip; an
  // address's scheme other than the web's read as the system it names ("s3://…"; tokenizer.ts): 98,393 B, 36,732 B;
  // a well-known file's name ("README") read as a file (tokenizer.ts `markFileNames`): 98,652 B, 36,814 B gzip; after
  // a review, a browser's own pages as links, the path on an address's first word that is no stop word, no file name
  // inside another value: 98,806 B, 36,893 B gzip; a word weighed by its rarity among tool names too ("repo" in every
  // tool's parameters, "repository" in two names; relevance.ts `NAME_SPECIFICITY`): 99,560 B, 37,146 B gzip; initials
  // in lower case of three letters at most, a task's look-up of the same product (query.ts, clauses.ts): 99,815 B,
  // 37,239 B gzip. Session 22: a turn of chat (the word list's chat reader) carries none of the conversation's tools
  // and keeps only tools named for it, unless it answers the assistant's question; a model's search is never chat:
  // 100,556 B, 37,489 B gzip. Session 23: a reply read with what the assistant asked (its question's sentences, a
  // go-ahead asked for, thanks or a no closing the matter, after three reviews; query-rule.ts): 103,917 B, 39,047 B
  // gzip. Session 24: `select` with messages reads the question too (the asked tools, a closing reply; a no asking for
  // something else instead), product words with digits name families: 104,926 B, 39,397 B gzip; without the reading
  // of a no asking for something else (reverted after a review), with a word one letter longer than a catalog word
  // read as another word unless its last letter is a key's slip (typo-index.ts): 105,118 B, 39,492 B gzip. Session 26:
  // a finger slip of an everyday word read as that word ("opne" → open → get, read; query.ts `readMisspeltEveryday`):
  // 105,432 B, 39,619 B gzip (after a review, the request's first word only). Session 28: a word a product glosses
  // another with in its prose read as that word ("data source (database)"; keyword-engine.ts `catalogGlosses`, after
  // a review: one product's gloss only, no action words): 106,402 B, 40,007 B gzip. Session 29: a host and a path
  // without a scheme read as a link ("linear.app/pricing"), a home or relative folder ("~/Downloads", "./docs"), a
  // folder written with its slash after a place ("under data/"), a local server ("localhost:8080") and a file whose
  // ending has a digit ("video.mp4") as values (tokenizer.ts), after a review: 106,786 B, 40,196 B gzip. Session 30:
  // a sum after its currency's sign ("$100") read as an amount or a price, for the ranking only, after a review
  // (tokenizer.ts, query.ts, relevance.ts): BFCL top-1 75.3 → 75.5%; 106,939 B, 40,280 B gzip. Session 32: `select`
  // with messages reads a remark as the step selections do (the reader comes with the word list: `remark`), so the
  // selection asks for it: 40,361 B gzip. Session 33: a word typed with a letter held reads as the word of
  // conversation it stretches ("thanksss, email them" ranks as "thanks, email them"; tokenizer.ts `unhold`), and a
  // reply's as the yes or no ("yesss", "nooo"; query-rule.ts `replyWords`); after a question, a reply of stop words
  // only ("both", "all of them") answers it: 40,483 B gzip; a no with a pause ("no wait") or leaving things alone ("no,
  // leave them") closes the matter: 107,660 B minified, 40,555 B gzip. Session 35, found outside-in: a select or
  // prepareStep option given to createToolIndex says where it goes (`maxTools`: 130 B), and an acronym's plural meets
  // the catalog's lower-case plural ("PRs" → `gh_list_prs`): 40,721 B gzip. A shorthand after a product's prefix
  // stands for its word where no tool writes it ("gcal" → calendar; bm25f.ts, name-prefixes.ts): 108,372 B minified,
  // 40,850 B gzip. Session 36: with an embedding model, whether a remark reads a task is its words' to tell (its hits
  // judged twice when they do; relevance.ts, selection.ts, in-conversation.ts), and a pinned search tool is no
  // misspelt catalog tool (step-selection.ts): 108,565 B minified, 40,918 B gzip. Session 38: an everyday word's UI
  // readings, read where none of its other readings meets a tool's name and no other word names another product's
  // tool ("toggle" → click in browser tools; query.ts `readEveryday`, everyday-readings.ts; which tools are a UI's
  // comes with the word list, ui-products.ts): 109,228 B minified, 41,146 B gzip. Session 39: an action word the
  // catalog's names use reads weakly as its everyday readings, which alone are no evidence (query.ts `readEveryday`,
  // relevance.ts; the action words in their own module, action-words.ts): 109,440 B minified, 41,245 B gzip. Not
  // after a determiner ("the open issues" is a state; the determiners, remark.ts's until then, in stop-words.ts):
  // 109,640 B minified, 41,335 B gzip. An action reads as actions only ("send" as post, not message): 109,669 B,
  // 41,346 B gzip. Session 40, found outside-in: quoted words read as values ("titled 'refund flow broken'" asks for no
  // refund; tokenizer.ts `markQuotedValues`), explain's rank and best tool in the selection's own order
  // (explain.ts), and tools of equal score never parted by the elbow (post-process.ts): 110,722 B minified, 41,715 B
  // gzip. A turn that ranks nothing and leans on nothing said gets none of the conversation's tools (query-rule.ts
  // `leansOnConversation`, selection.ts): 111,226 B minified, 41,861 B gzip. After a code review, an apostrophe that
  // elides a word opens no quote, and a follow-up's fragment is counted in words of a task: 111,583 B, 42,036 B gzip.
  // Session 41: rare shorthand met in a name is evidence for a guess (offer-policy.ts), jargon written with a symbol
  // reads as one word ("P&L", "W-9" as a name's "W9"; tokenizer.ts `JOINED`), a select given the conversation ranks
  // an elliptic follow-up after the request before it (query-rule.ts `followUpText`, selection.ts), and a UI message
  // (`parts`) is refused with how to convert it (learn-turns.ts): 112,489 B minified, 42,413 B gzip.
  it("stays within 111 KiB minified and 42,600 B gzip", async () => {
    const { bytes, gzip } = await selectingApp("src/core-entry.ts", WITHOUT_LIST);
    expect(bytes).toBeLessThanOrEqual(111 * 1024);
    expect(gzip).toBeLessThanOrEqual(42_600);
  });

  // Issue 38: toolsift/core takes the English word list as data (keyword.commonWords), so that the same options select
  // the same tools from both entries. An app that passes false (above) ships no list; one that passes
  // ENGLISH_COMMON_WORDS ships it and its decoder, and nothing else: 6,124 B gzip more (measured), nothing of the root;
  // with issue 37's everyday words in the same data, 11,714 B gzip more (measured); with 80 words of work-chat
  // shorthand written blind ("pw", "tix"; bench/everyday/lexicon/shorthand-2.json), 12,266 B (was 11,705); with 144
  // everyday words for operating a UI written blind ("tap", "hit", "esc"; bench/everyday/lexicon/ui-words.json) and
  // the keys read as the tokenizer reads them ("catch-up" → catch up), 13,332 B; with the chat lexicon the adapters
  // read a turn with (src/conversation/small-talk.ts: "thanks a ton", "brb coffee" select nothing, as they are
  // offered nothing), 18,427 B; with thanks in 28 other languages, words and phrases, from a multilingual chat lexicon
  // written blind ("gracias", "vielen dank", "谢谢"; bench/everyday/lexicon/multilingual-chat.json), its words kept
  // apart (each frames chat; with a capital inside a turn, a name): 20,406 B (its words alone 19,903 B, but then
  // "merci beaucoup" is chat only as a remark: in the step selections, not in `select` nor beside a 🙏); with the
  // remark reader (src/conversation/remark.ts: `select` with messages hands "greta is a legend lol" nothing from the
  // conversation, as prepareStep does), 21,746 B; with a chat word typed with a letter held or a laugh run on read as
  // the word it stretches ("thanksss", "sooo good", "hahahaha"; small-talk.ts `unstretched`), 21,918 B; with a request
  // after thanks and a connective no remark ("thanks, now email dana that it's done"; remark.ts), 22,003 B; with a
  // habit's problem word no bar to a remark ("lol we always forget that one"; remark.ts), 22,136 B; with the UI
  // readings of the 38 words the earlier tables have too, read only where their readings meet no tool's name
  // ("toggle" → set, update | check, uncheck, click), and which tools are a UI's (ui-products.ts), 22,782 B.
  it("ships the English word list only when the app passes it", async () => {
    const without = await selectingApp("src/core-entry.ts", WITHOUT_LIST);
    const english = await selectingApp(
      "src/core-entry.ts",
      "{ keyword: { commonWords: ENGLISH_COMMON_WORDS } }",
      ", ENGLISH_COMMON_WORDS",
    );
    expect(without.shipped).not.toContain("src/tool-index/english-word-levels.ts");
    expect(english.shipped).toContain("src/tool-index/english-word-levels.ts");
    expect(english.shipped.filter((path) => !without.shipped.includes(path)).sort()).toEqual([
      "src/conversation/remark.ts",
      "src/conversation/small-talk-words.ts",
      "src/conversation/small-talk.ts",
      "src/core/ui-products.ts",
      "src/tool-index/english-common-words.ts",
      "src/tool-index/english-word-levels.ts",
      "src/tool-index/english-word-specificity.ts",
      "src/tool-index/everyday-words.ts",
    ]);
    expect(english.gzip - without.gzip).toBeLessThanOrEqual(22_800);
  });
});
