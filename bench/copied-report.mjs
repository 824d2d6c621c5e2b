// Reports that other scripts write (cold start, load, vocabulary choice), copied into bench/RESULTS.md under the
// date they were measured: `npm run bench` does not re-measure them, so their figures must say when they are from.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The first ISO date in a report (each writes one: "Written 2026-11-29", "One-time measurement, 2026-11-29"),
 * or null when it has none.
 */
export function reportDate(text) {
  return text.match(/\b(\d{4}-\d{2}-\d{2})\b/)?.[1] ?? null;
}

/**
 * A report's body for a `##` section of RESULTS.md: its own `#` title dropped and its `##` headings demoted to
 * `###`, under a line giving the measurement date, the command that reproduces it and the file it came from.
 */
export function copiedReport(url, command) {
  const path = fileURLToPath(url).replace(fileURLToPath(new URL("..", import.meta.url)), "");
  let text;
  try {
    text = readFileSync(url, "utf8");
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
    return `Not included: ${path} is absent; \`${command}\` writes it.`;
  }
  const body = text
    .replace(/^# .*\n+/, "")
    .replace(/^## /gm, "### ")
    .trimEnd();
  const date = reportDate(text) ?? "an unrecorded date";
  return `Measured ${date}, not by this run: copied from ${path}. To re-measure: \`${command}\`.\n\n${body}`;
}
