// The gateway's numeric flags: checked before any server starts, the message naming the flag, its range and value.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runGateway } from "../../src/mcp/gateway/gateway-cli.js";

const config = join(mkdtempSync(join(tmpdir(), "toolsift-cli-")), "servers.json");
writeFileSync(config, JSON.stringify({ mcpServers: {} }));

afterEach(() => vi.restoreAllMocks());

async function run(...flags: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = "";
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = await runGateway(["--config", config, ...flags], "test");
  return { code, stderr };
}

describe("toolsift mcp flags", () => {
  it.each([
    [["--max", "0"], 'option "--max" must be an integer in [1, 20], got 0.'],
    [["--max", "21"], 'option "--max" must be an integer in [1, 20], got 21.'],
    [["--http", "any"], 'option "--http" must be an integer in [0, 65535], got the string "any".'],
    [["--http", "70000"], 'option "--http" must be an integer in [0, 65535], got 70000.'],
    [["--timeout", "1.5"], 'option "--timeout" must be an integer in [1, 3600000], got 1.5.'],
    [["--timeout", "soon"], 'option "--timeout" must be an integer in [1, 3600000], got the string "soon".'],
    [["--retry=-1"], 'option "--retry" must be an integer in [0, 3600000], got -1.'],
  ])("refuses %j with exit code 1 and one message", async (flags, message) => {
    const { code, stderr } = await run(...flags);
    expect(code).toBe(1);
    expect(stderr).toBe(`toolsift mcp: ${message}\n`);
  });
});
