// Prints one closing line "vitest: N passed, N failed, N skipped" that CI logs can read, after vitest's own report;
// when browser tests skipped, one more line saying how many and why, and where the run requires them
// (TOOLSIFT_REQUIRE_CHROMIUM=1, set by CI) the run fails (test/browser/chromium.ts).

import type { Reporter, TestModule } from "vitest/node";
import { browserSkipReason, chromiumMissing, chromiumPath, chromiumRequired } from "./browser/chromium.ts";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    let browserSkipped = 0;
    for (const module of testModules) {
      const tests = [...module.children.allTests()];
      for (const test of tests) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else {
          skipped++;
          if (module.project.name === "browser") browserSkipped++;
        }
      }
      // A file that failed outside its tests (an import, a beforeAll) counts once, unless one of its tests failed.
      if (module.state() === "failed" && !tests.some((test) => test.result().state === "failed")) failed++;
    }
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    if (browserSkipped === 0) return;
    const why =
      browserSkipReason ??
      (chromiumMissing
        ? `no Chromium at ${chromiumPath}, which this run requires (TOOLSIFT_REQUIRE_CHROMIUM=1), so their files failed`
        : "skipped or filtered out in this run");
    process.stdout.write(`vitest: ${browserSkipped} browser tests skipped: ${why}\n`);
    if (chromiumRequired) {
      process.stdout.write("vitest: TOOLSIFT_REQUIRE_CHROMIUM=1: every browser test must run; failing the run\n");
      process.exitCode = 1;
    }
  }
}
