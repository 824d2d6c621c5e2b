// The Vercel Edge example (examples/vercel-edge/route.ts) in @edge-runtime/vm, with Vercel's ban on compiling wasm.
import { readFile } from "node:fs/promises";
import { EdgeVM } from "@edge-runtime/vm";
import { customProvider, type LanguageModel } from "ai";
import { beforeAll, describe, expect, it } from "vitest";
import { scriptedModel } from "../agent/mock-model.js";
import { bundleRoute, WASM_BINDING } from "./bundle-route.js";

type Route = { runtime: string; POST(request: Request): Promise<Response> };

let script: string;
let coreBytes: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  script = await bundleRoute();
  coreBytes = new Uint8Array(await readFile(new URL("../../src/wasm/generated/core.wasm", import.meta.url)));
});

/**
 * A fresh Edge VM running the route. `wasm` is what the package's `?module` import of its core yields: on Vercel a
 * Module precompiled outside the isolate. `model` answers the route's "openai/gpt-5-mini" through
 * AI_SDK_DEFAULT_PROVIDER; `env` is the route's `process.env`, which Next's Edge runtime provides.
 */
function startRoute(options: {
  wasm: unknown;
  model?: LanguageModel;
  allowWasmCompilation?: boolean;
  env?: Record<string, string>;
}) {
  const allowed = options.allowWasmCompilation ?? false;
  const vm = new EdgeVM({ codeGeneration: { strings: false, wasm: allowed } });
  vm.context[WASM_BINDING] = options.wasm;
  vm.context.process = { env: options.env ?? {} };
  vm.context.AI_SDK_DEFAULT_PROVIDER = customProvider({
    languageModels: options.model === undefined ? {} : { "openai/gpt-5-mini": options.model },
  });
  vm.evaluate(script);
  const route = vm.context.route as Route;
  const post = (prompt: string) =>
    route.POST(
      new vm.context.Request("https://example.test/api/agent", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt }),
      }),
    );
  return { vm, route, post };
}

describe("Vercel Edge route (examples/vercel-edge) in @edge-runtime/vm", () => {
  it("bans compiling wasm from bytes in the VM, as Vercel Edge does", async () => {
    const { vm } = startRoute({ wasm: undefined });
    vm.context.bytes = coreBytes;
    await expect(vm.evaluate<Promise<unknown>>("WebAssembly.compile(bytes)")).rejects.toThrow(
      /Wasm code generation disallowed by embedder/,
    );
  });

  it("bundles the core as a module import under the edge-light condition, not as inlined bytes", async () => {
    const { coreWasmBase64 } = await import("../../src/wasm/generated/core-wasm-base64.js");
    expect(script).not.toContain(coreWasmBase64.slice(0, 64));
    expect(script).toContain(`globalThis.${WASM_BINDING}`);
  });

  it("runs the agent loop with the precompiled core: each step offers the small catalog, the tool that matches first", async () => {
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "stripe_create_refund", input: { payment_intent: "pi_1" } }] },
      { text: "Refunded." },
    ]);
    const { route, post } = startRoute({ wasm: await WebAssembly.compile(coreBytes), model });
    expect(route.runtime).toBe("edge");

    const response = await post("refund the customer's duplicate charge");

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: "Refunded.", toolCalls: ["stripe_create_refund"] });
    expect(offered[0][0]).toBe("stripe_create_refund");
    // The route keeps prepareStep's defaults, and its 11 tools are a small catalog (smallCatalog): every step is
    // offered all of them, the ranked ones first.
    expect(offered[0]).toHaveLength(11);
    expect(offered[1]).toHaveLength(11);
    expect(offered[1][0]).toBe("stripe_create_refund");
  });

  it("cannot select when the core arrives as bytes, because compiling them is banned: every tool, and a warning", async () => {
    const { model, offered } = scriptedModel([{ text: "Answered without selection." }]);
    const { vm, post } = startRoute({ wasm: coreBytes, model });
    const warnings: string[] = [];
    vm.context.console = { ...console, warn: (...args: unknown[]) => warnings.push(args.join(" ")) };

    const response = await post("refund the customer's duplicate charge");

    // The failure policy of every adapter: the call gets every tool (11, within maxOfferAll), never silently.
    expect(response.status).toBe(200);
    expect(offered[0]).toHaveLength(11);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^\[toolsift\] selection-failed: selecting tools failed \(.*Wasm code generation disallowed/,
      ),
    ]);
  });

  it("with the same bytes and compilation allowed, the route works: the failure above is the ban", async () => {
    const { model } = scriptedModel([{ text: "Done." }]);
    const { post } = startRoute({ wasm: coreBytes, model, allowWasmCompilation: true });

    const response = await post("send an email to the team");

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: "Done.", toolCalls: [] });
  });

  it("answers offline with AGENT_MODEL=mock: the scripted model calls the best tool toolsift offered", async () => {
    const { post } = startRoute({ wasm: await WebAssembly.compile(coreBytes), env: { AGENT_MODEL: "mock" } });

    const response = await post("refund the customer's duplicate charge");

    expect(response.status).toBe(200);
    const answer = (await response.json()) as { text: string; toolCalls: string[] };
    expect(answer.toolCalls).toEqual(["stripe_create_refund"]);
    expect(answer.text).toMatch(
      /^\(mock model\) I called stripe_create_refund\. Offered at this step: stripe_create_refund/,
    );
  });

  it("answers 400 to a body without a prompt", async () => {
    const { vm, route } = startRoute({ wasm: await WebAssembly.compile(coreBytes) });
    const response = await route.POST(
      new vm.context.Request("https://example.test/api/agent", { method: "POST", body: "{}" }),
    );
    expect(response.status).toBe(400);
  });
});
