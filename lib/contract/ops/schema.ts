import { z } from "zod";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import { ACCOUNT_STATUSES } from "@/lib/contract/accounts/schema";
import { ROLES } from "@/lib/contract/auth/roles";
import { CURRENCY_EXPONENTS } from "@/lib/contract/money";
import { cidrProblem } from "@/lib/contract/ops/cidr";

/**
 * The bank operations' inputs (docs/operations.md). One schema per operation,
 * used by the service (lib/server/domain/operations), the command line and the console's
 * forms, so all three refuse the same input with the same message.
 */

export const ZClientId = z
  .string("clientId must be text")
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, "clientId must be 2 to 40 lowercase letters, digits or dashes, starting with a letter or digit");

const ZEmail = z
  .string("email must be text")
  .trim()
  .toLowerCase()
  .max(254, "email must be at most 254 characters")
  .pipe(z.email("email must be an email address"));

const ZDisplayName = z.string().trim().min(1, "name must not be empty").max(200, "name must be at most 200 characters");

/** Currencies the bank keeps books in (the ones whose minor units it knows). */
export const ACCOUNT_CURRENCIES = Object.keys(CURRENCY_EXPONENTS) as [string, ...string[]];
export const ZAccountCurrency = z.enum(ACCOUNT_CURRENCIES, `currency must be an ISO 4217 code the bank handles: ${ACCOUNT_CURRENCIES.join(", ")}`);

export const ZPermissionList = z
  .array(z.enum(PERMISSIONS, `permission must be one of ${PERMISSIONS.join(", ")}`))
  .min(1, "permissions must name at least one permission")
  .transform((list) => [...new Set(list)]);

export const ZCidrList = z
  .array(
    z.string("each entry must be text").superRefine((value, ctx) => {
      const problem = cidrProblem(value.trim());
      if (problem) ctx.addIssue({ code: "custom", message: `"${value}" is not a CIDR: ${problem}` });
    }),
  )
  .max(100, "at most 100 CIDRs")
  .transform((list) => [...new Set(list.map((cidr) => cidr.trim()))]);

export const SIGNING_MODES = ["rsa", "hmac"] as const;

export const ZClientCreate = z.strictObject({
  clientId: ZClientId,
  name: ZDisplayName,
  cif: z.string("cif must be text").regex(/^[A-Za-z0-9-]{1,35}$/, "cif must be 1 to 35 letters, digits or dashes"),
  signing: z.enum(SIGNING_MODES, "signing must be rsa or hmac"),
  /** Omitted: every permission of spec §5 (and `sandbox` in uat). */
  permissions: ZPermissionList.optional(),
  ipAllowList: ZCidrList.optional(),
});

export const ZClientRef = z.strictObject({ clientId: ZClientId });

export const ZClientPermissions = z.strictObject({ clientId: ZClientId, permissions: ZPermissionList });
export const ZClientAllowList = z.strictObject({ clientId: ZClientId, ipAllowList: ZCidrList });

export const ACCOUNT_CATEGORIES = ["account", "settlement", "parent"] as const;
export const ACCOUNT_HOLDER_TYPES = ["Primary", "Joint"] as const;
/** Attributes every account gets from the bank (lib/server/domain/operations/accounts.ts); an operator adds others. */
export const BANK_ATTRIBUTES = ["BANK_ID", "JOINT_CIF", "CREDIT_INTEREST_RATE", "DEBIT_INTEREST_RATE", "OPEN_DATE", "STATUS", "ACCOUNT_TYPE"];

export const ZAccountOpen = z.strictObject({
  clientId: ZClientId,
  /** Omitted: the bank allocates the next free number. */
  accountNumber: z
    .string("accountNumber must be text")
    .regex(/^\d{8,20}$/, "accountNumber must be 8 to 20 digits")
    .optional(),
  currency: ZAccountCurrency,
  accountType: z.string().trim().min(1).max(40).optional(),
  accountSubType: z.string().trim().min(1, "accountSubType must not be empty").max(40).default("CORP-CHK"),
  nickname: z.string().trim().min(1).max(70).optional(),
  category: z.enum(ACCOUNT_CATEGORIES, "category must be account, settlement or parent").default("account"),
  /** Decimal text in the currency's minor units; checked against the currency by the service. */
  openingBalance: z
    .string("openingBalance must be a decimal amount")
    .regex(/^\d{1,15}(\.\d{1,3})?$/, "openingBalance must be a non-negative decimal amount such as 1000.00")
    .default("0"),
  /** Percent per year, shown to the client among the account's attributes. */
  creditInterestRate: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, "creditInterestRate must be a percentage such as 0.25")
    .default("0.1"),
  debitInterestRate: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, "debitInterestRate must be a percentage such as 8.5")
    .default("0"),
  /** Omitted: the client's name as the one Primary owner. */
  owners: z
    .array(
      z.strictObject({ displayName: ZDisplayName, accountHolderType: z.enum(ACCOUNT_HOLDER_TYPES, "accountHolderType must be Primary or Joint") }),
      "owners must be a list",
    )
    .min(1, "owners must name at least one owner")
    .max(10, "owners must be at most 10")
    .refine((owners) => owners.some((o) => o.accountHolderType === "Primary"), "owners must include a Primary owner")
    .optional(),
  /** The account's own attributes, shown to the client beside the ones the bank sets. */
  attributes: z
    .array(
      z.strictObject({
        name: z
          .string("attribute name must be text")
          .regex(/^[A-Z][A-Z0-9_]{1,39}$/, "attribute name must be 2 to 40 capital letters, digits or underscores, such as COST_CENTRE")
          .refine((name) => !BANK_ATTRIBUTES.includes(name), `attribute name must not be one the bank sets (${BANK_ATTRIBUTES.join(", ")})`),
        value: z
          .string("attribute value must be text")
          .trim()
          .min(1, "attribute value must not be empty")
          .max(100, "attribute value must be at most 100 characters"),
      }),
      "attributes must be a list",
    )
    .max(20, "attributes must be at most 20")
    .refine((list) => new Set(list.map((a) => a.name)).size === list.length, "attributes must not name an attribute twice")
    .optional(),
});

/** The statuses the API shows (lib/contract/accounts/schema.ts); ACTIVE is the core system's older spelling of Active. */
export const ZAccountStatus = z.strictObject({
  clientId: ZClientId,
  accountNumber: z.string().regex(/^\d{8,20}$/, "accountNumber must be 8 to 20 digits"),
  status: z.enum(ACCOUNT_STATUSES, "status must be Active, ACTIVE or INACTIVE"),
});

export const ZAccountClose = z.strictObject({
  clientId: ZClientId,
  accountNumber: z.string().regex(/^\d{8,20}$/, "accountNumber must be 8 to 20 digits"),
});

export const ZUserInvite = z.strictObject({
  clientId: ZClientId,
  email: ZEmail,
  name: ZDisplayName.optional(),
  role: z.enum(ROLES, `role must be one of ${ROLES.join(", ")}`),
});

export const ZOperatorCreate = z.strictObject({ email: ZEmail, name: ZDisplayName.optional() });
export const ZOperatorRef = z.strictObject({ email: ZEmail });

export const ZBankCodeAdd = z.strictObject({
  bankCode: z.string("code must be text").regex(/^[A-Z0-9_]{2,20}$/, "code must be 2 to 20 capital letters, digits or underscores"),
  currency: ZAccountCurrency,
  name: ZDisplayName.optional(),
});

/** The set-password form behind an invitation or reset link. */
export const ZSetPassword = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This link is not valid."),
  password: z.string().min(12, "Use at least 12 characters.").max(200, "Use at most 200 characters."),
});

export const ZSecretRotate = z.strictObject({
  clientId: ZClientId,
  /** How long the current secrets stay valid beside the new one. */
  overlapHours: z.coerce.number("overlapHours must be a number").int("overlapHours must be whole hours").min(0).max(720).default(24),
});

export const ZVirtualAccountCurrencyAdd = z.strictObject({ clientId: ZClientId, currency: ZAccountCurrency });

const ZUserRef = { clientId: ZClientId, email: ZEmail };
export const ZUserRoleChange = z.strictObject({ ...ZUserRef, role: z.enum(ROLES, `role must be one of ${ROLES.join(", ")}`) });
export const ZUserAccess = z.strictObject(ZUserRef);

/** A calendar date that exists, `YYYY-MM-DD` (bank time). */
export const ZLocalDate = z
  .string("date must be text")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "date must be a date such as 2027-12-25")
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "date is not a day of the calendar",
  );

export const ZHolidayName = z.string("name must be text").trim().min(1, "name must not be empty").max(100, "name must be at most 100 characters");

export const ZHolidayAdd = z.strictObject({ date: ZLocalDate, name: ZHolidayName });
export const ZHolidayRemove = z.strictObject({ date: ZLocalDate });
export const ZHolidayYear = z.coerce
  .number("year must be a year such as 2027")
  .int("year must be a year such as 2027")
  .min(2000, "year must be 2000 or later")
  .max(2100, "year must be 2100 or earlier");
/** A year's holidays as CSV (`date,name` per line, header first), replacing that year's list. */
export const ZHolidayImport = z.strictObject({ year: ZHolidayYear, csv: z.string("csv must be text").max(64 * 1024, "csv must be at most 64 KiB") });

export const ZFxRatePair = z.strictObject({ from: ZAccountCurrency, to: ZAccountCurrency });

/** Units of `to` per unit of `from`, exact decimal text that fits numeric(20, 10). */
export const ZFxRateSet = z
  .strictObject({
    from: ZAccountCurrency,
    to: ZAccountCurrency,
    rate: z
      .string("rate must be a decimal number")
      .trim()
      .regex(/^\d{1,10}(\.\d{1,10})?$/, "rate must be a positive decimal number such as 0.9215 (at most 10 decimals)")
      .refine((value) => /[1-9]/.test(value), "rate must be greater than zero"),
    /** ISO 8601 with an offset; omitted: now. */
    effectiveAt: z.iso.datetime({ offset: true, message: "effectiveAt must be a time such as 2027-01-04T08:00:00-04:00" }).optional(),
  })
  .refine((value) => value.from !== value.to, { message: "to must differ from from", path: ["to"] });

/** The ACH same-day cut-off, bank time; before the 16:00 settlement run, which settles what made it. */
export const ZAchCutoffSet = z.strictObject({
  time: z
    .string("time must be text")
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "time must be a bank time such as 15:15 (24-hour HH:MM)")
    .refine((value) => value < "16:00", "time must be before 16:00, when the settlement run settles the day's payments"),
});

/**
 * An owner as typed on the command line or in the console, `Name` or `Name:Joint`
 * (Primary when no word follows the last colon); the schema then checks it, so a
 * mistyped `:Jiont` is refused rather than taken as part of the name.
 */
export function ownerFromText(text: string): { displayName: string; accountHolderType: string } {
  const match = /^(.*):\s*([A-Za-z]+)\s*$/.exec(text);
  if (!match) return { displayName: text.trim(), accountHolderType: "Primary" };
  const word = match[2]!.toLowerCase();
  return { displayName: match[1]!.trim(), accountHolderType: word === "joint" ? "Joint" : word === "primary" ? "Primary" : match[2]! };
}

/** An attribute as typed, `NAME=value` (split at the first `=`); the schema then checks it. */
export function attributeFromText(text: string): { name: string; value: string } {
  const at = text.indexOf("=");
  return at === -1 ? { name: text.trim(), value: "" } : { name: text.slice(0, at).trim(), value: text.slice(at + 1).trim() };
}
