// The toolsift builds an experiment compares: this checkout's dist/, and another's when `--before <dir>` names a
// checkout with its own dist/.

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** `[label, module URL]` of this build and, with `--before <dir>` in argv, of that build. */
export function buildsToCompare(label, beforeLabel, argv = process.argv) {
  const builds = [[label, new URL("../../dist/index.js", import.meta.url).href]];
  const at = argv.indexOf("--before");
  if (at > 0) builds.push([beforeLabel, pathToFileURL(resolve(argv[at + 1], "dist/index.js")).href]);
  return builds;
}
