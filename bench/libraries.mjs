// The two libraries under test behind one small adapter shape, so every bench treats them alike.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { toToolSet } from "./lib/data.mjs";

/** The options every benchmark selects with: a fixed top 5, no adaptive cut. */
export const SELECT_OPTIONS = Object.freeze({ maxTools: 5, adaptive: false });

/**
 * Where toolsift is imported from: `../dist/index.js` (run `npm run build` first), or the file
 * named by env TOOLSIFT_IMPL (used only while developing the harness against a stand-in).
 */
export const toolsiftLocation = process.env.TOOLSIFT_IMPL
  ? pathToFileURL(resolve(process.env.TOOLSIFT_IMPL)).href
  : new URL("../dist/index.js", import.meta.url).href;

/**
 * Adapter shape:
 *   name                 label in the tables
 *   input(tools)         what the library is given, built once per catalog outside any timing
 *                        (toolsift: the `{ name, description, parameters }` array it accepts;
 *                        toolpick: an AI SDK ToolSet, `tool({ description, inputSchema: jsonSchema(...) })`)
 *   create(input)        the synchronous `createToolIndex` call
 *   warmUp(index)        `index.warmUp()`
 *   select(index, query) `index.select(query, SELECT_OPTIONS)`, resolves to tool names
 */
export async function loadLibraries() {
  if (!process.env.TOOLSIFT_IMPL && !existsSync(new URL("../dist/index.js", import.meta.url))) {
    throw new Error("bench: dist/index.js not found; run `npm run build` first (or `npm run bench`, which builds).");
  }
  const toolsift = await import(toolsiftLocation);
  const toolpick = await import("toolpick");
  const toolSets = new WeakMap();
  return [
    {
      name: "toolsift",
      input: (tools) => tools,
      create: (input) => toolsift.createToolIndex(input),
      warmUp: (index) => index.warmUp(),
      select: (index, query) => index.select(query, SELECT_OPTIONS),
    },
    {
      name: "toolpick",
      input: (tools) => {
        if (!toolSets.has(tools)) toolSets.set(tools, toToolSet(tools));
        return toolSets.get(tools);
      },
      create: (input) => toolpick.createToolIndex(input, { strategy: "hybrid" }),
      warmUp: (index) => index.warmUp(),
      select: (index, query) => index.select(query, SELECT_OPTIONS),
    },
  ];
}

/** Builds and warms an index of `tools` with one adapter. */
export async function buildIndex(library, tools) {
  const index = library.create(library.input(tools));
  await library.warmUp(index);
  return index;
}
