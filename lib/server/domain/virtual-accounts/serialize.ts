import "server-only";
import { formatAmount } from "@/lib/contract/money";
import { PLACEHOLDER } from "@/lib/contract/virtual-accounts/fields";
import type { BalanceRow, ListedRow, StructureAccountRow, VirtualAccountRow } from "@/lib/server/domain/virtual-accounts/repo";
import type { TLinkedAccount, TVirtualAccount, TVirtualAccountDetail } from "@/lib/contract/virtual-accounts/responses";

/** The bank's BICs (ISO 9362): payments in the account currency, and FX payments. */
export const BIC_CODE = "HRBRBMHM";
export const BIC_CODE_FX = "HRBRBMHMFXD";

const CATEGORY = { virtual: "CMS Sub Acct", settlement: "CMS Settlement", parent: "CMS Parent Cate" } as const;

type LinkedStatus = TLinkedAccount["status"];
type HolderType = TLinkedAccount["owners"][number]["accountHolderType"];

/** Explicit field-by-field mapping: a new column never leaks into a response. */
export function toVirtualAccount(row: VirtualAccountRow, category: keyof typeof CATEGORY = "virtual"): TVirtualAccount {
  const details = row.holder_details;
  return {
    virtualAccountNumber: row.virtual_account_number,
    bicCode: BIC_CODE,
    bicCodeFx: BIC_CODE_FX,
    accountHolderName: row.account_holder_name ?? PLACEHOLDER,
    accountName: row.account_name ?? PLACEHOLDER,
    currency: row.currency,
    balance: { currency: row.currency, amount: formatAmount(BigInt(row.balance_minor), row.currency) },
    category: CATEGORY[category],
    clientReference: row.client_reference,
    effectiveDate: row.effective_date.toISOString(),
    createdAt: row.created_at.toISOString(),
    accountHolderType: row.account_holder_type,
    dob: row.dob,
    nativeLanguageName: row.native_language_name,
    taxIdentificationNumber: details.taxIdentificationNumber ?? null,
    countryOfResidence: details.countryOfResidence ?? null,
    individual: details.individual ?? null,
    business: details.business ?? null,
  };
}

export function toListedAccount(row: ListedRow): TVirtualAccount {
  return toVirtualAccount(row, row.category);
}

export function toLinkedAccount(row: StructureAccountRow): TLinkedAccount {
  return {
    accountNumber: row.account_number,
    accountId: row.account_id,
    cif: row.cif,
    currency: row.currency,
    accountSubType: row.account_sub_type,
    status: row.status as LinkedStatus,
    availableBalance: { currency: row.currency, amount: formatAmount(BigInt(row.available_minor), row.currency) },
    owners: row.owners.map((o) => ({ displayName: o.displayName, accountHolderType: o.accountHolderType as HolderType })),
  };
}

export function toVirtualAccountDetail(row: VirtualAccountRow, structure: readonly StructureAccountRow[]): TVirtualAccountDetail {
  const parent = structure.find((a) => a.category === "parent");
  const settlement = structure.find((a) => a.category === "settlement");
  return Object.assign(toVirtualAccount(row), {
    parentAccount: parent ? toLinkedAccount(parent) : null,
    settlementAccount: settlement ? toLinkedAccount(settlement) : null,
  });
}

export function toBalanceItem(row: BalanceRow): { accountNumber: string; balance: { currency: string; amount: string } } {
  return { accountNumber: row.number, balance: { currency: row.currency, amount: formatAmount(BigInt(row.balance_minor), row.currency) } };
}
