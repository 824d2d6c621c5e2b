// `npm start` (scripts/start-service.mjs): the user's own admin token replaces the built-in one, and the banner says
// which is in force without printing it (issue 22).

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { adminTokenChoice, DEV_ADMIN_TOKEN, startCommand } from "../../scripts/start-service.mjs";
import { startLocalService } from "./local-service.js";

const OWN = "own-secret-7f3a9c";
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder holding `files`, as the repo root would. */
function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), "toolsift-start-"));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

/** The `--var TOOLSIFT_ADMIN_TOKEN:…` the script passes to wrangler, or undefined. */
function adminVar(args: readonly string[]): string | undefined {
  const at = args.findIndex((arg, i) => args[i - 1] === "--var" && arg.startsWith("TOOLSIFT_ADMIN_TOKEN:"));
  return at === -1 ? undefined : args[at];
}

describe("which admin token npm start puts in force", () => {
  const cases: [string, Record<string, string>, Record<string, string>, string, string | undefined][] = [
    ["nothing set", {}, {}, "built-in", `TOOLSIFT_ADMIN_TOKEN:${DEV_ADMIN_TOKEN}`],
    [".dev.vars sets it", { ".dev.vars": `A=1\nTOOLSIFT_ADMIN_TOKEN=${OWN}\n` }, {}, ".dev.vars", undefined],
    [".dev.vars sets it quoted", { ".dev.vars": `TOOLSIFT_ADMIN_TOKEN="${OWN}"\n` }, {}, ".dev.vars", undefined],
    [".dev.vars sets it empty", { ".dev.vars": "TOOLSIFT_ADMIN_TOKEN=\n" }, {}, "built-in", expect.any(String)],
    [".dev.vars without it", { ".dev.vars": "TOOLSIFT_READ_TOKEN=r\n" }, {}, "built-in", expect.any(String)],
    [".env (no .dev.vars)", { ".env": `TOOLSIFT_ADMIN_TOKEN=${OWN}\n` }, {}, ".env", undefined],
    [
      ".env.local over .env",
      { ".env": "X=1\n", ".env.local": `TOOLSIFT_ADMIN_TOKEN=${OWN}\n` },
      {},
      ".env.local",
      undefined,
    ],
    // wrangler reads no .env file when .dev.vars exists.
    [
      ".env beside .dev.vars",
      { ".dev.vars": "X=1\n", ".env": `TOOLSIFT_ADMIN_TOKEN=${OWN}\n` },
      {},
      "built-in",
      expect.any(String),
    ],
    [
      ".env with CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV=false",
      { ".env": `TOOLSIFT_ADMIN_TOKEN=${OWN}\n` },
      { CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV: "false" },
      "built-in",
      expect.any(String),
    ],
    ["the environment", {}, { TOOLSIFT_ADMIN_TOKEN: OWN }, "environment", `TOOLSIFT_ADMIN_TOKEN:${OWN}`],
    [
      "the environment over .dev.vars",
      { ".dev.vars": "TOOLSIFT_ADMIN_TOKEN=file-secret\n" },
      { TOOLSIFT_ADMIN_TOKEN: OWN },
      "environment",
      `TOOLSIFT_ADMIN_TOKEN:${OWN}`,
    ],
  ];

  it.each(cases)("%s", (_, files, env, source, passed) => {
    const folder = folderWith(files);
    expect(adminTokenChoice({ folder, env }).source).toBe(source);
    const { wranglerArgs, banner } = startCommand({ folder, env });
    expect(adminVar(wranglerArgs)).toEqual(passed);
    // The banner names where the token comes from, never a user's secret.
    expect(banner).not.toContain(OWN);
    expect(banner).not.toContain("file-secret");
    expect(banner).toContain(
      source === "built-in"
        ? `the built-in ${DEV_ADMIN_TOKEN}`
        : `your TOOLSIFT_ADMIN_TOKEN from ${source === "environment" ? "the environment" : source}`,
    );
  });

  it("passes other arguments on to wrangler and takes --port for itself", () => {
    const { wranglerArgs, banner } = startCommand({ folder: folderWith({}), env: {}, args: ["--port", "9999", "-x"] });
    expect(wranglerArgs.slice(0, 6)).toEqual(["dev", "--local", "--ip", "127.0.0.1", "--port", "9999"]);
    expect(wranglerArgs.at(-1)).toBe("-x");
    expect(wranglerArgs.filter((arg) => arg === "--port")).toHaveLength(1);
    expect(banner).toContain("http://127.0.0.1:9999");
  });
});

describe("npm start with TOOLSIFT_ADMIN_TOKEN in .dev.vars (the probe's configuration)", () => {
  it(
    "the user's token manages tokens; dev-admin-token is refused; the banner names .dev.vars, not the secret",
    { timeout: 180_000 },
    async () => {
      const service = await startLocalService({ files: { ".dev.vars": `TOOLSIFT_ADMIN_TOKEN=${OWN}\n` } });
      try {
        const tokens = (token: string) =>
          fetch(`${service.url}/v1/tokens`, { headers: { authorization: `Bearer ${token}` } });
        expect((await tokens(OWN)).status).toBe(200);
        const refused = await tokens(DEV_ADMIN_TOKEN);
        expect(refused.status).toBe(401);
        expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
        expect(service.output()).toContain(
          "admin token for writes and /v1/tokens: your TOOLSIFT_ADMIN_TOKEN from .dev.vars",
        );
        expect(service.output()).not.toContain(OWN);
      } finally {
        await service.stop();
      }
    },
  );
});
