import { z } from "zod";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";

/** The "get a token" form: which scopes the example token should carry. Browser-safe: zod only. */
export const ZTokenHelper = z.object({
  scopes: z.array(z.enum(PERMISSIONS)).min(1, "Choose at least one scope").max(PERMISSIONS.length),
});
export type TTokenHelper = z.infer<typeof ZTokenHelper>;

/** What the form's server action answers: the token, or a message for the person. */
export type TestTokenResult = { ok: true; accessToken: string; scope: string; expiresAt: number } | { ok: false; message: string };
