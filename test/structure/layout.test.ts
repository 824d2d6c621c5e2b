// The shape of src/ that DESIGN.md describes, checked: no import cycles (type-only ones included), no file over 600
// lines, the Worker's rooms, and the arrow from the AI SDK adapters (src/agent/) to the core pointing one way.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree } from "dpdm";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Every file below `folder` (relative to the repository) whose name ends in one of `endings`, sorted. */
function sourceFiles(folder: string, endings: readonly string[] = [".ts"]): string[] {
  const entries = readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && endings.some((ending) => entry.name.endsWith(ending)))
    .filter((entry) => !relative(ROOT, entry.parentPath).split("/").includes("node_modules"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

/** The import cycles among `folder`'s files, each as the files it passes through. */
async function importCycles(folder: string): Promise<string[][]> {
  const tree = await parseDependencyTree(
    sourceFiles(folder).map((file) => `./${file}`),
    { context: ROOT, tsconfig: join(ROOT, "tsconfig.json"), transform: false, skipDynamicImports: true },
  );
  // A cycle is read from wherever the walk entered it: each is rotated to start at its first path, for a stable list.
  return parseCircular(tree, true)
    .map((cycle) => {
      const first = cycle.indexOf([...cycle].sort()[0]);
      return [...cycle.slice(first), ...cycle.slice(0, first)];
    })
    .sort((a, b) => a.join().localeCompare(b.join()));
}

describe("the shape of src/", () => {
  it("the cycle detector finds a planted type-only cycle (so an empty list below means something)", async () => {
    expect(await importCycles("test/structure/planted-cycle")).toEqual([
      ["test/structure/planted-cycle/line.ts", "test/structure/planted-cycle/order.ts"],
    ]);
  });

  it("has no import cycle, type-only imports included", async () => {
    expect(await importCycles("src")).toEqual([]);
  });

  // A file holds one idea, however long that takes: the bound is a ceiling that flags a file holding several, not a
  // size to split at (a lower one, 300, produced fragments of a few lines serving one caller, since merged back).
  it("has no source file over 600 lines", () => {
    const long = sourceFiles("src")
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > 600);
    expect(long).toEqual([]);
  });

  it("keeps only the Worker's entry points at the top of src/worker/; everything else in its rooms", () => {
    const top = readdirSync(join(ROOT, "src/worker"), { withFileTypes: true });
    expect(
      top
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(["README.md", "index.ts", "main.ts", "service.ts"]);
    expect(
      top
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(["catalogs", "embedding", "http", "mcp", "tenants", "usage"]);
  });

  it("the core never imports a value from the AI SDK adapters in src/agent/", () => {
    const core = ["src/core", "src/semantic", "src/cache", "src/usage", "src/tool-index", "src/conversation"];
    const offending = core.flatMap((folder) =>
      sourceFiles(folder).filter((file) =>
        /^import (?!type )[^;]*from "(\.\.\/)+agent\//m.test(readFileSync(join(ROOT, file), "utf8")),
      ),
    );
    expect(offending).toEqual([]);
  });
});

/** The modules `file` imports (static `from "…"`, side-effect `import "…"` and dynamic `import("…")`). */
function importedPaths(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const specifiers = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'`]([^"'`]+)["'`]/g);
  return [...specifiers].map((match) => join(dirname(file), match[1]));
}

describe("DESIGN.md", () => {
  // A map, not a lab notebook: where each piece lives and why, with the figures in bench/.
  it("stays a map: 200 lines at most", () => {
    const lines = readFileSync(join(ROOT, "DESIGN.md"), "utf8").split("\n").length - 1;
    expect(lines).toBeLessThanOrEqual(200);
  });
});

describe("bench/ and test/", () => {
  const code = [".ts", ".mts", ".mjs", ".js"];

  it("the import reader sees every kind of import (so the empty lists below mean something)", () => {
    expect(importedPaths("test/structure/planted-cycle/order.ts")).toEqual(["test/structure/planted-cycle/line.js"]);
    expect(importedPaths("bench/run.mjs").length).toBeGreaterThan(3);
  });

  it("no test imports from bench/", () => {
    const crossing = sourceFiles("test", code).filter((file) =>
      importedPaths(file).some((path) => path.startsWith("bench/")),
    );
    expect(crossing).toEqual([]);
  });

  it("no bench file imports from test/ (bench reads shared data in test/fixtures/ by path)", () => {
    const crossing = sourceFiles("bench", code).filter((file) =>
      importedPaths(file).some((path) => path.startsWith("test/")),
    );
    expect(crossing).toEqual([]);
  });
});
