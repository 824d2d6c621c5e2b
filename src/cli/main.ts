#!/usr/bin/env node
// Entry point of the `toolsift` binary.

import { runCli } from "./index.js";

process.exitCode = await runCli(process.argv.slice(2));
