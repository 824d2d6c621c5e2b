// Counts the JavaScript blocks toolsift's source executes (V8 precise block coverage, through node:inspector): a
// deterministic measure of work for the loops of src/, where timing a unit test is not allowed.
import { Session } from "node:inspector/promises";

/**
 * A V8 coverage session: `count(run)` is how many blocks of files whose URL holds `under` `run` executed. Open it
 * before the measured code first runs: V8 counts blocks only in functions compiled after coverage started.
 */
export async function openBlockCounter(
  under = "/src/",
): Promise<{ count(run: () => unknown): Promise<number>; close(): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
  return {
    async count(run) {
      // Taking coverage resets the counters: what the next take returns is only what `run` executed.
      await session.post("Profiler.takePreciseCoverage");
      await run();
      const { result } = await session.post("Profiler.takePreciseCoverage");
      let blocks = 0;
      for (const script of result) {
        if (!script.url.includes(under)) continue;
        for (const fn of script.functions) for (const range of fn.ranges) blocks += range.count;
      }
      return blocks;
    },
    async close() {
      await session.post("Profiler.stopPreciseCoverage");
      session.disconnect();
    },
  };
}
