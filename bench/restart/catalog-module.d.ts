// Type of the catalog module bench/restart/workerd.mjs bundles into the Worker (a wrangler alias to a JSON file).

declare module "restart:catalog" {
  /** The synthetic tools of bench/synthetic.mjs, as `{ name, description, parameters }`. */
  const tools: { name: string; description: string; parameters: Record<string, unknown> }[];
  export default tools;
}
