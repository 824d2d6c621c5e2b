// `npm test` (scripts/test.mjs) runs the typecheck and lint scripts beside vitest: it fails when any of the three
// fails, naming which, and passes only when all pass. Run with stand-ins for npm and npx on PATH that exit as told.
import { execFile } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("../../scripts/test.mjs", import.meta.url));
let bin: string;

beforeAll(async () => {
  bin = await mkdtemp(join(tmpdir(), "toolsift-gate-"));
  // npm run --silent <name>: exits with $EXIT_<name>; npx vitest run …: with $EXIT_vitest (each 0 when unset).
  const stub = (variable: string) => `#!/bin/sh\necho "ran $*"\ncode=$(printenv ${variable})\nexit \${code:-0}\n`;
  await writeFile(join(bin, "npm"), stub("EXIT_$3"));
  await writeFile(join(bin, "npx"), stub("EXIT_vitest"));
  await chmod(join(bin, "npm"), 0o755);
  await chmod(join(bin, "npx"), 0o755);
});

afterAll(async () => {
  await rm(bin, { recursive: true, force: true });
});

/** Runs the gate with the stand-ins; each failing step exits 1. */
function gate(failing: readonly string[]): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
  for (const name of failing) env[`EXIT_${name}`] = "1";
  return new Promise((resolve) => {
    execFile(process.execPath, [script, "--project", "node"], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
    );
  });
}

describe("npm test (scripts/test.mjs)", () => {
  it("passes when typecheck, lint and vitest pass, and runs each (vitest with the arguments given)", async () => {
    const { code, output } = await gate([]);
    expect(code).toBe(0);
    expect(output).toContain("ran run --silent typecheck");
    expect(output).toContain("ran run --silent lint");
    expect(output).toContain("ran vitest run --project node");
    expect(output).toContain("[npm test] typecheck, lint and vitest passed");
  });

  it.each([["typecheck"], ["lint"], ["vitest"]])("fails when %s fails, naming it", async (name) => {
    const { code, output } = await gate([name]);
    expect(code).toBe(1);
    expect(output).toContain(`[npm test] failed: ${name}\n`);
  });

  it("names every step that failed", async () => {
    const { code, output } = await gate(["typecheck", "vitest"]);
    expect(code).toBe(1);
    expect(output).toContain("[npm test] failed: typecheck, vitest\n");
  });
});
