import type { z } from "zod";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import { ROLES } from "@/lib/contract/auth/roles";
import type { ConsoleAction } from "@/lib/contract/ops/console";
import {
  ACCOUNT_CATEGORIES,
  ACCOUNT_CURRENCIES,
  SIGNING_MODES,
  ZAccountOpen,
  ZBankCodeAdd,
  ZClientAllowList,
  ZClientCreate,
  ZUserInvite,
} from "@/lib/contract/ops/schema";
import { optional, splitList, type FieldSpec } from "@/lib/portal/operations/fields";

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
    reveal: { key: "clientSecret", label: "Client secret", note: "Shown this once only: copy it now and hand it to the client securely. Harbour keeps only a hash." },
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
    ],
    toInput: (v) => ({
      clientId: v.clientId,
      currency: v.currency,
      openingBalance: optional(v.openingBalance),
      accountNumber: optional(v.accountNumber),
      nickname: optional(v.nickname),
      category: optional(v.category),
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
} satisfies Record<string, FormSpec>;

export type FormId = keyof typeof FORMS;
