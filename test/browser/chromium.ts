// The Chromium the browser suites drive (Debian's, through playwright-core): where it is, and what a run without it
// does. A user's `npm test` skips the suites and the closing summary says how many tests and why (see
// test/summary-reporter.ts); CI (.ci/run) sets TOOLSIFT_REQUIRE_CHROMIUM=1, and then a missing Chromium fails them.
import { existsSync } from "node:fs";
import type { LaunchOptions } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Set by CI: the browser suites must run, so a missing Chromium is a failure rather than a skip. */
export const chromiumRequired = process.env.TOOLSIFT_REQUIRE_CHROMIUM === "1";

export const chromiumMissing = !existsSync(chromiumPath);

/** Why the browser suites skip, or `undefined` when they run. */
export const browserSkipReason =
  chromiumMissing && !chromiumRequired
    ? `no Chromium at ${chromiumPath} (install it: apt-get install -y chromium, or set CHROMIUM_PATH; ` +
      "CI sets TOOLSIFT_REQUIRE_CHROMIUM=1 to fail instead)"
    : undefined;

/** Options for `chromium.launchPersistentContext`: headless, no network of Chromium's own, no sandbox (containers). */
export function chromiumLaunchOptions(): LaunchOptions {
  if (chromiumMissing) {
    throw new Error(`TOOLSIFT_REQUIRE_CHROMIUM=1 and no Chromium at ${chromiumPath}: the browser tests cannot run.`);
  }
  return {
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  };
}
