// Binary modules (wrangler "Data" rule for .bin): the file's bytes.
declare module "*.bin" {
  const bytes: ArrayBuffer;
  export default bytes;
}
