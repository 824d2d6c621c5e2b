// After tsc: copy the wasm binary next to the compiled module shim and make the CLI executable.
import { chmodSync, copyFileSync, existsSync, mkdirSync } from "node:fs";

mkdirSync("dist/wasm/generated", { recursive: true });
copyFileSync("src/wasm/generated/core.wasm", "dist/wasm/generated/core.wasm");
if (existsSync("dist/cli/main.js")) chmodSync("dist/cli/main.js", 0o755);
