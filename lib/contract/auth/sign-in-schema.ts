import { z } from "zod";

/** The sign-in form's contract, shared by the browser form (zodResolver) and the server. Browser-safe: zod only. */
export const ZSignIn = z.object({
  email: z.string().trim().min(1, "Enter your email address").max(254, "That address is too long").pipe(z.email("Enter a valid email address")),
  password: z.string().min(1, "Enter your password").max(200, "That password is too long"),
  /** Asked for after a right password when the user has an authenticator (lib/contract/auth/second-factor.ts checks its form). */
  code: z.string().max(32, "That code is too long").optional(),
});
export type TSignIn = z.infer<typeof ZSignIn>;
