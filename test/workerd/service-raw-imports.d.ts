// Vite's `?raw` imports, as the service tests use them (the README tables are their oracle).

declare module "*.md?raw" {
  const text: string;
  export default text;
}
