// A Worker that runs the cost stages (stages.ts) on request, so the timed check (`npm run cost`, bench/cost/run.mjs,
// which bundles this file by its path) can time them inside workerd from outside: workerd's clocks do not advance
// during synchronous work.
import { COST_STAGES, type CostRun } from "./stages.js";

let prepared: CostRun[] = [];

function number(params: URLSearchParams, name: string): number {
  const value = Number(params.get(name));
  if (!Number.isInteger(value) || value < 0) throw new Error(`query parameter ${name} must be an integer ≥ 0`);
  return value;
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const params = url.searchParams;
    if (url.pathname === "/stages") return Response.json(COST_STAGES.map(({ name, sizes }) => ({ name, sizes })));
    if (url.pathname === "/prepare") {
      // `runs` inputs of one size, each with its own seed (words no cache has seen), built before the timed request.
      const stage = COST_STAGES.find((candidate) => candidate.name === params.get("stage"));
      if (stage === undefined) return new Response(`no stage ${JSON.stringify(params.get("stage"))}`, { status: 404 });
      const size = number(params, "size");
      const seed = number(params, "seed");
      prepared = [];
      for (let run = 0; run < number(params, "runs"); run++) prepared.push(await stage.prepare(size, seed + run));
      return Response.json({ prepared: prepared.length });
    }
    if (url.pathname === "/run") {
      // The only work of this request is the stage itself; the clock reading tells whether workerd's clock moved.
      const before = Date.now();
      // Each input is let go once run, so the heap shrinks as the request goes.
      for (let i = 0; i < prepared.length; i++) {
        const run = prepared[i];
        prepared[i] = () => undefined;
        await run();
      }
      const clockMs = Date.now() - before;
      prepared = [];
      return Response.json({ clockMs });
    }
    return new Response("not found", { status: 404 });
  },
};
