// The TypeScript snippet of src/worker/README.md, as tsc checks it; worker-readme.test.ts fails when they differ.
import { createService } from "toolsift/worker";

export { ToolsiftUsage } from "toolsift/worker"; // the Durable Object class behind TOOLSIFT_USAGE
export default createService(); // or createService({ embeddingModel: (env) => model })
