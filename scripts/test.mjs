// `npm test`, the whole gate: tsc over every folder (`npm run typecheck`), ESLint and Prettier (`npm run lint`) and
// vitest. The static checks run beside vitest rather than before it: on the project's two-core machines they fill the
// time vitest's tests wait on child processes, servers and timers. Each static check's output is printed when it
// ends; the run fails when any of the three fails, naming which.
//
//   node scripts/test.mjs [vitest arguments…]
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";

/** The npm scripts run beside vitest: every one must pass. */
export const STATIC_CHECKS = ["typecheck", "lint"];

/** Runs `command args`; resolves with its exit code, and its output (when `capture`) for printing later. */
function run(command, args, capture) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    if (capture) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.on("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Runs the static checks and vitest (with `vitestArguments`) at once; resolves with the names of those that failed. */
export async function runGate(vitestArguments) {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  const checks = STATIC_CHECKS.map((name) => {
    const done = run(npm, ["run", "--silent", name], true);
    done.then(({ code, output }) => {
      process.stdout.write(`\n[npm test] ${name}: ${code === 0 ? "passed" : `failed (exit code ${code})`}\n`);
      if (output.trim().length > 0) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
    });
    return { name, done };
  });
  const vitest = await run(npx, ["vitest", "run", ...vitestArguments], false);
  const results = [...(await Promise.all(checks.map((check) => check.done))), vitest];
  return [...STATIC_CHECKS, "vitest"].filter((_, position) => results[position].code !== 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const failed = await runGate(process.argv.slice(2));
  process.stdout.write(
    failed.length === 0
      ? "[npm test] typecheck, lint and vitest passed\n"
      : `[npm test] failed: ${failed.join(", ")}\n`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
}
