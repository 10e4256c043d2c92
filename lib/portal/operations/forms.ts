import type { z } from "zod";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import { ROLES } from "@/lib/contract/auth/roles";
import type { ConsoleAction } from "@/lib/contract/ops/console";
import {
  ACCOUNT_CATEGORIES,
  ACCOUNT_CURRENCIES,
  attributeFromText,
  ownerFromText,
  SIGNING_MODES,
  ZAccountOpen,
  ZAchCutoffSet,
  ZBankCodeAdd,
  ZFxRateSet,
  ZHolidayAdd,
  ZHolidayImport,
  ZClientAllowList,
  ZClientCreate,
  ZUserInvite,
} from "@/lib/contract/ops/schema";
import { lines, optional, splitList, type FieldSpec } from "@/lib/portal/operations/fields";

/**
 * The console's forms. `fixed` values (the client a page is about) come from
 * the page; the rest are typed. The result of a form that issues a secret or
 * a link is shown once, in the form, and never again.
 */
export type FormSpec = {
  action: ConsoleAction;
  schema: z.ZodType;
  submit: string;
  fields: FieldSpec[];
  toInput: (values: Record<string, string>) => Record<string, unknown>;
  /** What the answer holds that must be shown once: a client secret or a set-password link. */
  reveal?: { key: string; label: string; note: string };
};

export const FORMS = {
  "client-create": {
    action: "client-create",
    schema: ZClientCreate,
    submit: "Create client",
    fields: [
      { name: "clientId", label: "Client id", hint: "Lowercase letters, digits and dashes; used as the OAuth client_id.", required: true },
      { name: "name", label: "Legal name", required: true },
      { name: "cif", label: "CIF", hint: "The customer information file number.", required: true },
      { name: "signing", label: "Webhook signing", kind: "select", options: SIGNING_MODES, required: true },
      { name: "permissions", label: "Permissions", kind: "textarea", hint: `Leave empty for all. Otherwise one per line from: ${PERMISSIONS.join(", ")}.` },
      { name: "ipAllowList", label: "IP allow-list", kind: "textarea", hint: "CIDRs, IPv4 or IPv6, one per line. Empty allows any address." },
    ],
    toInput: (v) => ({
      clientId: v.clientId?.trim(),
      name: v.name,
      cif: v.cif?.trim(),
      signing: v.signing,
      permissions: splitList(v.permissions).length ? splitList(v.permissions) : undefined,
      ipAllowList: splitList(v.ipAllowList),
    }),
    reveal: {
      key: "clientSecret",
      label: "Client secret",
      note: "Shown this once only: copy it now and hand it to the client securely. Harbour keeps only a hash.",
    },
  },
  "client-ip-allow-list": {
    action: "client-ip-allow-list",
    schema: ZClientAllowList,
    submit: "Save allow-list",
    fields: [{ name: "ipAllowList", label: "IP allow-list", kind: "textarea", hint: "CIDRs, IPv4 or IPv6, one per line. Empty allows any address." }],
    toInput: (v) => ({ clientId: v.clientId, ipAllowList: splitList(v.ipAllowList) }),
  },
  "account-open": {
    action: "account-open",
    schema: ZAccountOpen,
    submit: "Open account",
    fields: [
      { name: "currency", label: "Currency", kind: "select", options: ACCOUNT_CURRENCIES, required: true },
      { name: "openingBalance", label: "Opening balance", hint: "Booked through the ledger, e.g. 1000.00." },
      { name: "accountNumber", label: "Account number", hint: "Leave empty to allocate the next free number." },
      { name: "nickname", label: "Nickname" },
      { name: "category", label: "Category", kind: "select", options: ACCOUNT_CATEGORIES },
      {
        name: "owners",
        label: "Owners",
        kind: "textarea",
        hint: "One per line; add :Joint for a joint owner, e.g. J. Smith:Joint. Empty: the client, as Primary owner.",
      },
      {
        name: "attributes",
        label: "Attributes",
        kind: "textarea",
        hint: "One NAME=value per line, e.g. COST_CENTRE=CC-104. Shown to the client with the account.",
      },
    ],
    toInput: (v) => ({
      clientId: v.clientId,
      currency: v.currency,
      openingBalance: optional(v.openingBalance),
      accountNumber: optional(v.accountNumber),
      nickname: optional(v.nickname),
      category: optional(v.category),
      owners: lines(v.owners).length ? lines(v.owners).map(ownerFromText) : undefined,
      attributes: lines(v.attributes).length ? lines(v.attributes).map(attributeFromText) : undefined,
    }),
  },
  "user-invite": {
    action: "user-invite",
    schema: ZUserInvite,
    submit: "Invite user",
    fields: [
      { name: "email", label: "Work email", kind: "email", required: true },
      { name: "name", label: "Name" },
      { name: "role", label: "Role", kind: "select", options: ROLES, required: true },
    ],
    toInput: (v) => ({ clientId: v.clientId, email: v.email, name: optional(v.name), role: v.role }),
    reveal: { key: "inviteUrl", label: "Set-password link", note: "Single use, valid for 72 hours. Hand it to the user; no email is sent." },
  },
  "bank-code-add": {
    action: "bank-code-add",
    schema: ZBankCodeAdd,
    submit: "Add bank code",
    fields: [
      { name: "bankCode", label: "Bank code", hint: "Capital letters, digits and underscores, e.g. BANK_D.", required: true },
      { name: "currency", label: "Currency", kind: "select", options: ACCOUNT_CURRENCIES, required: true },
      { name: "name", label: "Bank name" },
    ],
    toInput: (v) => ({ bankCode: v.bankCode?.trim(), currency: v.currency, name: optional(v.name) }),
  },
  "holiday-add": {
    action: "holiday-add",
    schema: ZHolidayAdd,
    submit: "Add holiday",
    fields: [
      { name: "date", label: "Date", hint: "YYYY-MM-DD, bank time.", required: true },
      { name: "name", label: "Name", required: true },
    ],
    toInput: (v) => ({ date: v.date?.trim(), name: v.name }),
  },
  "holiday-import": {
    action: "holiday-import",
    schema: ZHolidayImport,
    submit: "Replace the year's holidays",
    fields: [
      { name: "year", label: "Year", required: true },
      {
        name: "csv",
        label: "CSV",
        kind: "textarea",
        hint: "A header line date,name then one holiday a line. Any bad line refuses the whole file.",
        required: true,
      },
    ],
    toInput: (v) => ({ year: v.year?.trim(), csv: v.csv ?? "" }),
  },
  "fx-rate-set": {
    action: "fx-rate-set",
    schema: ZFxRateSet,
    submit: "Set rate",
    fields: [
      { name: "from", label: "From", kind: "select", options: ACCOUNT_CURRENCIES, required: true },
      { name: "to", label: "To", kind: "select", options: ACCOUNT_CURRENCIES, required: true },
      { name: "rate", label: "Rate", hint: "Units of To for one unit of From, e.g. 0.9215.", required: true },
      { name: "effectiveAt", label: "Effective from", hint: "A time with its offset, e.g. 2027-01-04T08:00:00-04:00. Empty: now." },
    ],
    toInput: (v) => ({ from: v.from, to: v.to, rate: v.rate?.trim(), effectiveAt: optional(v.effectiveAt) }),
  },
  "ach-cutoff-set": {
    action: "ach-cutoff-set",
    schema: ZAchCutoffSet,
    submit: "Set cut-off",
    fields: [{ name: "time", label: "ACH cut-off", hint: "Bank time, 24-hour HH:MM, before 16:00.", required: true }],
    toInput: (v) => ({ time: v.time?.trim() }),
  },
} satisfies Record<string, FormSpec>;

export type FormId = keyof typeof FORMS;
