import { z } from "zod";

/**
 * The characters a bank message can carry, per rail (docs/payments.md,
 * "Character sets"). Browser-safe: the portal's forms validate with these.
 *
 * - ACH (NACHA): printable ASCII, U+0020 to U+007E.
 * - SWIFT (FIN "x" character set): A-Z a-z 0-9 / - ? : ( ) . , ' + and space.
 * - Internal transfers never leave the bank: any text but the invisible and
 *   direction-changing characters below, which no rail accepts.
 */

/**
 * Controls, bidirectional marks/embeddings/overrides/isolates, zero-width
 * characters, the BOM and line/paragraph separators: they make a name or a
 * reference read differently from what it is (a "Trojan Source" name).
 */
const INVISIBLE_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/u;

const ACH_CHARACTERS = /^[\x20-\x7e]*$/;
const SWIFT_CHARACTERS = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

export type Rail = "ACH" | "SWIFT" | "INTERNAL";

const SETS: Record<Rail, { pattern: RegExp | null; describe: string }> = {
  ACH: { pattern: ACH_CHARACTERS, describe: "letters, digits, spaces and printable ASCII punctuation (the ACH character set)" },
  SWIFT: { pattern: SWIFT_CHARACTERS, describe: "A-Z, a-z, 0-9, space and / - ? : ( ) . , ' + (the SWIFT character set)" },
  INTERNAL: { pattern: null, describe: "" },
};

/** A required text field of a bank message on `rail`, at most `max` characters. */
export function bankText(rail: Rail, max: number, label: string) {
  const set = SETS[rail];
  const base = z
    .string(`${label} must be text`)
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(
      (v) => !INVISIBLE_OR_BIDI.test(v),
      `${label} must not contain invisible or direction-changing characters (such as zero-width spaces or right-to-left overrides)`,
    );
  const pattern = set.pattern;
  // One message per problem: text with an invisible character is reported as that, not twice.
  return pattern ? base.refine((v) => INVISIBLE_OR_BIDI.test(v) || pattern.test(v), `${label} may contain only ${set.describe}`) : base;
}
