// toolsift inside workerd: the wasm core and the local model asset arrive as module imports (compiling wasm from bytes
// is forbidden there).
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { localEmbeddingModel } from "../../src/local/index.js";
import { defaultWasm } from "#default-wasm";
import { saasCatalog } from "../api/saas-catalog.js";

describe("in workerd", () => {
  it("ranks a catalog by keywords with the wasm core imported as a precompiled module, where bytes cannot compile", async () => {
    // Precondition: this runtime refuses wasm bytes, as Cloudflare does; else ranking here proves nothing about the
    // module path (the bytes path would work as well).
    const header = Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0);
    await expect(WebAssembly.compile(header)).rejects.toThrow(/code generation disallowed/);
    expect(Object.prototype.toString.call(defaultWasm())).toBe("[object WebAssembly.Module]");
    const index = createToolIndex(saasCatalog);
    expect((await index.select("refund the payment"))[0]).toBe("stripe_refund_payment");
  });

  it("loads the local model asset as a module and ranks a paraphrase", async () => {
    const model = localEmbeddingModel();
    await model.load();
    expect(model.info?.words).toBe(20_000);
    const index = createToolIndex(saasCatalog, { embeddingModel: model });
    expect(await index.select("give the buyer their cash back", { maxTools: 3, adaptive: false })).toContain(
      "stripe_refund_payment",
    );
  });
});
