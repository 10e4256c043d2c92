import { z } from "zod";
import type { Role } from "@/lib/contract/auth/roles";
import { OPERATOR_ROLE, type StaffRole } from "@/lib/contract/auth/staff";

/**
 * The portal's second factor (docs/security.md): a TOTP authenticator app
 * (RFC 6238: SHA-1, 6 digits, 30-second steps) with single-use recovery codes.
 * Browser-safe: the sign-in form, the enrolment page and the step-up prompt
 * validate with these schemas, and the server with the same ones.
 */

/**
 * Who must use one: the people who can move money on their own say or change
 * who can. The bank's operators change every client's users and roles from
 * the operations console, so they are held to the same rule.
 */
export function secondFactorRequired(role: Role | StaffRole): boolean {
  return role === "admin" || role === "approver" || role === OPERATOR_ROLE;
}

/** Actions that move money or reveal a secret ask again when the last proof is older than this. */
export const STEP_UP_MAX_AGE_S = 5 * 60;

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;

/** Ten recovery codes of ten base32 characters (50 random bits each), written xxxxx-xxxxx. */
export const RECOVERY_CODE_COUNT = 10;

const TOTP_CODE = /^\d{6}$/;
const RECOVERY_CODE = /^[a-z2-7]{10}$/;

export type SecondFactorCode = { kind: "totp"; code: string } | { kind: "recovery"; code: string };

/**
 * What a person types: six digits from the app, or a recovery code. Spaces
 * and dashes are ignored and letters may be in either case, as people copy
 * codes in many ways.
 */
export const ZSecondFactorCode = z
  .string("Enter the code from your authenticator app")
  .max(32, "That code is too long")
  .transform((value) => value.replace(/[\s-]/g, "").toLowerCase())
  .refine((value) => value.length > 0, "Enter the code from your authenticator app")
  .refine((value) => TOTP_CODE.test(value) || RECOVERY_CODE.test(value), "Enter the 6-digit code from your app, or one of your recovery codes")
  .transform((value): SecondFactorCode => (TOTP_CODE.test(value) ? { kind: "totp", code: value } : { kind: "recovery", code: value }));

/** The form of a code prompt (enrolment, step-up). */
export const ZCodeForm = z.object({ code: ZSecondFactorCode });
export type TCodeFormInput = z.input<typeof ZCodeForm>;
export type TCodeForm = z.output<typeof ZCodeForm>;

/** Enrolment is confirmed with a code from the app itself, never a recovery code. */
export const ZEnrolmentConfirm = z.object({
  code: z
    .string("Enter the 6-digit code your app shows")
    .transform((value) => value.replace(/\s/g, ""))
    .refine((value) => TOTP_CODE.test(value), "Enter the 6-digit code your app shows"),
});
export type TEnrolmentConfirmInput = z.input<typeof ZEnrolmentConfirm>;

/** A recovery code as shown to its owner, once. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
