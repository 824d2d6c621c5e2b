// What `npm pack` publishes (issue 38): the entries' bundles and the declarations their types reach, the wasm binary,
// the local model asset and the bin — every packed file reached from package.json's exports, imports or bin — plus
// the files written for people (README, LICENSE, CHANGELOG, the model's notice). tsc's per-module output, the docs
// and the design notes stay in the repository.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DOCUMENT_FILES, reachableFiles, unreachableFiles } from "../../scripts/reachable-files.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The files `npm pack` would put in the tarball, from dist/ as the last build left it. */
function packedFiles(): string[] {
  if (!existsSync(`${root}dist/index.js`)) throw new Error("dist/ is missing: run npm run build first");
  const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return (JSON.parse(output) as { files: { path: string }[] }[])[0].files.map((file) => file.path);
}

describe("the packed tarball", () => {
  const packed = packedFiles();

  it("holds no file that an export, an import or the bin does not reach", () => {
    expect(unreachableFiles(root, packed)).toEqual([]);
  });

  it("holds every file they reach: bundles, declarations, the wasm binary, the model asset, the bin", () => {
    const reached = [...reachableFiles(root)];
    expect(reached.filter((path) => !packed.includes(path))).toEqual([]);
    expect(packed).toEqual(
      expect.arrayContaining([
        "dist/index.js",
        "dist/index.d.ts",
        "dist/core.js",
        "dist/wasm/generated/core.wasm",
        "assets/local-model.bin",
        "dist/cli/main.js",
        ...DOCUMENT_FILES,
      ]),
    );
  });

  it("the reachability check itself: a module of tsc's output beside the bundles is reported", () => {
    expect(unreachableFiles(root, [...packed, "dist/core/tokenizer.js", "docs/search.md"])).toEqual([
      "dist/core/tokenizer.js",
      "docs/search.md",
    ]);
  });
});

describe("benches and tests", () => {
  /** The dist/ files a package user can import: the JavaScript targets of exports and the bin. */
  const manifest = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as {
    exports: Record<string, unknown>;
    bin: Record<string, string>;
  };
  const targets = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : value !== null && typeof value === "object"
        ? Object.values(value).flatMap(targets)
        : [];
  const entryFiles = new Set(
    [...targets(manifest.exports), ...targets(manifest.bin)].map((path) => path.replace(/^\.\//, "")),
  );

  it("import from dist/ only the files an export or the bin names", () => {
    const deep: string[] = [];
    for (const folder of ["bench", "test", "scripts"]) {
      for (const entry of readdirSync(`${root}${folder}`, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(m?js|ts)$/.test(entry.name) || entry.parentPath.includes("node_modules")) continue;
        const path = join(entry.parentPath, entry.name);
        const text = readFileSync(path, "utf8");
        for (const match of text.matchAll(/["'](?:\.\.\/)+dist\/([\w./-]+\.js)["']/g)) {
          if (!entryFiles.has(`dist/${match[1]}`)) deep.push(`${relative(root, path)}: dist/${match[1]}`);
        }
      }
    }
    expect(deep).toEqual([]);
  });
});
