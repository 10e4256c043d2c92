import { z } from "zod";
import { COUNTRY_CODES } from "@/lib/contract/virtual-accounts/countries";

/** Field-level rules shared by the v1 and v2 contracts. Browser-safe: zod only. */

export const PLACEHOLDER = "UNALLOCATED";
export const MAX_ITEMS = 1000;
export const MAX_NAME = 140;
export const MAX_CLIENT_REFERENCE = 35;
export const MAX_NATIVE_LANGUAGE_NAME = 255;
export const MAX_TAX_ID = 30;
export const MAX_CALLBACK_URL = 2048;
export const ADULT_AGE_YEARS = 18;

/** Spec §2.4: A-Z a-z 0-9 space ! " # $ % & ' ( ) + , - . / [ \ ]; everything else (`* _ @ : ; ? { }` included) is refused. */
export const NAME_CHARACTERS = /^[A-Za-z0-9 !"#$%&'()+,\-./[\\\]]*$/;
const NAME_CHARACTERS_TEXT = `A-Z, a-z, 0-9, space and ! " # $ % & ' ( ) + , - . / [ \\ ]`;

/** No control characters (they break CSV exports and PostgreSQL refuses NUL). */
const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;

/** A holder or account name, or a v2 address line (the same character set). */
/** A missing value says "is required", not the schema's "expected string, received undefined". */
const requiredText = () => z.string({ error: (issue) => (issue.input === undefined ? "is required" : "must be text") });

export function restrictedText(max: number) {
  return requiredText()
    .max(max, `must be at most ${max} characters`)
    .regex(NAME_CHARACTERS, `may contain only ${NAME_CHARACTERS_TEXT}`)
    .refine((v) => v.trim().length > 0, "must not be empty");
}

/** `UNALLOCATED` is the placeholder the API shows for an unallocated account; as a real name it would be ambiguous. */
export const ZHolderName = restrictedText(MAX_NAME).refine((v) => v.trim().toUpperCase() !== PLACEHOLDER, `must not be the placeholder ${PLACEHOLDER}`);

export const ZClientReference = z
  .string()
  .max(MAX_CLIENT_REFERENCE, `must be at most ${MAX_CLIENT_REFERENCE} characters`)
  .regex(PRINTABLE, "must not contain control characters");

export const ZNativeLanguageName = z
  .string()
  .min(1, "must not be empty")
  .max(MAX_NATIVE_LANGUAGE_NAME, `must be at most ${MAX_NATIVE_LANGUAGE_NAME} characters`)
  .regex(PRINTABLE, "must not contain control characters");

export const ZTaxIdentificationNumber = z
  .string()
  .min(1, "must not be empty")
  .max(MAX_TAX_ID, `must be at most ${MAX_TAX_ID} characters`)
  .regex(/^[A-Za-z0-9 ./-]+$/, "may contain only letters, digits, space, '.', '/' and '-'");

export const ZCountry = requiredText()
  .refine((v) => COUNTRY_CODES.has(v), "must be an ISO 3166-1 alpha-2 country code such as BM")
  .meta({ example: "BM" });

/** Today's date (UTC) as YYYY-MM-DD; the comparisons below are on that text, which sorts like the dates. */
function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** YYYY-MM-DD, a real calendar date, strictly before today and not before 1900. */
export const ZPastDate = z
  .string()
  .refine(isCalendarDate, "must be a date YYYY-MM-DD")
  .refine((v) => !isCalendarDate(v) || v < todayIso(), "must be in the past")
  .refine((v) => !isCalendarDate(v) || v >= "1900-01-01", "must not be before 1900-01-01")
  .meta({ example: "1985-04-12" });

/** The latest date of birth of someone who is an adult today. */
export function latestAdultDob(today: string = todayIso()): string {
  const [y, m, d] = today.split("-");
  const candidate = `${String(Number(y) - ADULT_AGE_YEARS).padStart(4, "0")}-${m}-${d}`;
  // Today is 29 February and that year had none: whoever was born up to 28 February is 18 today.
  // (Someone born on 29 February therefore becomes an adult on 1 March in a common year.)
  return isCalendarDate(candidate) ? candidate : `${candidate.slice(0, 5)}02-28`;
}

/** v2 (spec §4.7): in the past and at least 18 years ago. */
export const ZAdultDob = ZPastDate.refine(
  // A future date is already reported as not in the past; one message per mistake.
  (v) => !isCalendarDate(v) || v >= todayIso() || v <= latestAdultDob(),
  `must be at least ${ADULT_AGE_YEARS} years ago`,
);

export const ZCallbackUrl = z
  .string()
  .max(MAX_CALLBACK_URL, `must be at most ${MAX_CALLBACK_URL} characters`)
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "must be an absolute http(s) URL")
  .meta({ example: "https://erp.example.com/hooks/va-jobs" });
