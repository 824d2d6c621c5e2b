// Types for start-service.mjs (`npm start`; imported by test/service/start-service.test.ts).

/** The admin token `npm start` uses when the user has set none. */
export const DEV_ADMIN_TOKEN: string;

/** Where the admin token in force comes from; `value` is set when the script passes it to wrangler itself. */
export type AdminTokenChoice =
  | { readonly source: "environment"; readonly value: string }
  | { readonly source: ".dev.vars" | ".env" | ".env.local"; readonly value?: undefined }
  | { readonly source: "built-in"; readonly value: string };

export function adminTokenChoice(options?: {
  folder?: string;
  env?: Readonly<Record<string, string | undefined>>;
}): AdminTokenChoice;

export function describeAdminToken(choice: AdminTokenChoice): string;

export function startCommand(options?: {
  folder?: string;
  env?: Readonly<Record<string, string | undefined>>;
  args?: readonly string[];
}): { wranglerArgs: string[]; banner: string };
