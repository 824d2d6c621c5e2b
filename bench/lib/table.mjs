// Formats results as markdown tables (printed to the console and written to RESULTS.md).

/** A markdown table; the first column is left-aligned, the others right-aligned. */
export function markdownTable(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = headers.map((_, column) => Math.max(3, ...cells.map((row) => row[column].length)));
  const line = (row) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
  const rule = `| ${widths.map((width, column) => (column === 0 ? "-".repeat(width) : `${"-".repeat(width - 1)}:`)).join(" | ")} |`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join("\n");
}

export const percent = (share) => `${(share * 100).toFixed(1)}%`;
export const ms = (value) => (value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(3));
export const ratio = (value) => `${value.toFixed(value >= 10 ? 0 : 1)}x`;
export function bytes(value) {
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(2)} MiB`;
  if (value >= 1024) return `${(value / 1024).toFixed(1)} KiB`;
  return `${value} B`;
}

/** Runs `main` when the file is executed directly (`node bench/latency.mjs`), not when imported. */
export async function runIfMain(moduleUrl, main) {
  const { pathToFileURL } = await import("node:url");
  if (process.argv[1] && pathToFileURL(process.argv[1]).href === moduleUrl) {
    console.log(await main());
  }
}
