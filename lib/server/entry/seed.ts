import "server-only";
import { randomUUID } from "node:crypto";
import type { Pool } from "pg";
import { systemActor } from "@/lib/server/core/audit/actors";
import { openAccount, provisionVirtualAccountCurrency, setAccountStatus } from "@/lib/server/domain/operations/accounts";
import { createClient } from "@/lib/server/domain/operations/clients";
import type { OpsContext } from "@/lib/server/core/operation-context";
import { addBankCode } from "@/lib/server/domain/operations/reference";
import { createDemoUser } from "@/lib/server/domain/operations/users";
import { enrolDemoSecondFactor } from "@/lib/server/domain/auth/second-factor";
import { DEMO_VIRTUAL_ACCOUNTS, seedDemoVirtualAccounts } from "@/lib/server/domain/virtual-accounts/seed";
import { seedDemoHistory } from "@/lib/server/entry/demo-history";

/**
 * UAT demo data (decisions §9). Loaded only into an empty database, so a
 * restart never duplicates or resets what users did.
 */
type DemoAccount = {
  number: string;
  currency: "USD" | "BMD";
  status: "Active" | "ACTIVE" | "INACTIVE";
  type: string | null;
  subType: string;
  nickname: string | null;
  category?: "account" | "settlement" | "parent";
  balance: string;
  owners: Array<{ displayName: string; accountHolderType: "Primary" | "Joint" }>;
  opened: string;
  rates?: { credit: string; debit: string };
};

type DemoClient = {
  id: string;
  name: string;
  cif: string;
  signing: "rsa" | "hmac";
  accounts: DemoAccount[];
  users: Array<{ email: string; name: string; role: "viewer" | "treasurer" | "approver" | "admin" }>;
};

const ACME_OWNER = { displayName: "Acme Shipping Ltd.", accountHolderType: "Primary" as const };
const GLOBEX_OWNER = { displayName: "Globex Corporation", accountHolderType: "Primary" as const };

export const DEMO_CLIENTS: DemoClient[] = [
  {
    id: "acme",
    name: "Acme Shipping Ltd.",
    cif: "100200300",
    signing: "rsa",
    accounts: [
      {
        number: "1000123456",
        currency: "USD",
        status: "Active",
        type: "Corporate",
        subType: "CORP-CHK",
        nickname: "Operating USD",
        balance: "250000.00",
        owners: [ACME_OWNER],
        opened: "2019-03-14T09:00:00-04:00",
        rates: { credit: "0.25", debit: "8.5" },
      },
      {
        number: "1000123457",
        currency: "BMD",
        status: "ACTIVE",
        type: "Corporate",
        subType: "CORP-CHK",
        nickname: "Payroll BMD",
        balance: "84250.75",
        owners: [ACME_OWNER],
        opened: "2020-06-01T10:30:00-03:00",
      },
      {
        number: "1000123458",
        currency: "USD",
        status: "INACTIVE",
        type: "Corporate",
        subType: "CORP-SAV",
        nickname: "Legacy reserve",
        balance: "1200.50",
        owners: [ACME_OWNER],
        opened: "2015-01-05T09:00:00-04:00",
      },
      {
        number: "1000123459",
        currency: "BMD",
        status: "Active",
        type: null,
        subType: "JNT-CHK",
        nickname: null,
        balance: "15000.00",
        owners: [ACME_OWNER, { displayName: "Jane Tucker", accountHolderType: "Joint" }],
        opened: "2021-09-20T11:00:00-03:00",
      },
      {
        number: "1000123460",
        currency: "USD",
        status: "Active",
        type: "Corporate",
        subType: "CORP-MM",
        nickname: "Treasury money market",
        balance: "1000000.00",
        owners: [ACME_OWNER],
        opened: "2022-02-10T09:00:00-04:00",
        rates: { credit: "3.1", debit: "0" },
      },
      {
        number: "2000123001",
        currency: "USD",
        status: "Active",
        type: "Corporate",
        subType: "CMS-SETTLE",
        nickname: "Settlement USD",
        category: "settlement",
        balance: "50000.00",
        owners: [ACME_OWNER],
        opened: "2019-03-14T09:00:00-04:00",
      },
      {
        number: "2000123002",
        currency: "USD",
        status: "Active",
        type: "Corporate",
        subType: "CMS-PARENT",
        nickname: "Virtual accounts parent",
        category: "parent",
        balance: "0.00",
        owners: [ACME_OWNER],
        opened: "2019-03-14T09:00:00-04:00",
      },
    ],
    users: [
      { email: "treasurer@acme.test", name: "Tara Treasurer", role: "treasurer" },
      { email: "viewer@acme.test", name: "Victor Viewer", role: "viewer" },
      { email: "admin@acme.test", name: "Ada Admin", role: "admin" },
      { email: "approver@acme.test", name: "Arlo Approver", role: "approver" },
    ],
  },
  {
    id: "globex",
    name: "Globex Corporation",
    cif: "200300400",
    signing: "hmac",
    accounts: [
      {
        number: "3000456001",
        currency: "USD",
        status: "Active",
        type: "Corporate",
        subType: "CORP-CHK",
        nickname: "Globex operating",
        balance: "98000.00",
        owners: [GLOBEX_OWNER],
        opened: "2018-11-02T09:00:00-04:00",
      },
      {
        number: "3000456002",
        currency: "BMD",
        status: "Active",
        type: "Corporate",
        subType: "CORP-CHK",
        nickname: "Globex Bermuda",
        balance: "12500.00",
        owners: [GLOBEX_OWNER],
        opened: "2020-01-15T09:00:00-04:00",
      },
      {
        number: "4000456001",
        currency: "USD",
        status: "Active",
        type: "Corporate",
        subType: "CMS-SETTLE",
        nickname: "Globex settlement",
        category: "settlement",
        balance: "10000.00",
        owners: [GLOBEX_OWNER],
        opened: "2018-11-02T09:00:00-04:00",
      },
      {
        number: "4000456002",
        currency: "USD",
        status: "Active",
        type: "Corporate",
        subType: "CMS-PARENT",
        nickname: "Globex VA parent",
        category: "parent",
        balance: "0.00",
        owners: [GLOBEX_OWNER],
        opened: "2018-11-02T09:00:00-04:00",
      },
    ],
    users: [{ email: "admin@globex.test", name: "Gail Globex", role: "admin" }],
  },
  { id: "initech", name: "Initech", cif: "300400500", signing: "hmac", accounts: [], users: [] },
];

export const DEMO_PASSWORD = "demo-password";

/**
 * UAT only: the demo administrators and approver have authenticators already
 * set up with these published secrets (README, beside the demo users), so a
 * tester or a Playwright run can compute their codes.
 */
export const DEMO_TOTP_SECRETS: Readonly<Record<string, string>> = {
  "admin@acme.test": "73GGHHVUQ5SO2IPFLQ3CPCPGMOPWAT2V",
  "approver@acme.test": "QI2ZX5YEQVFHDIV3EO6HWJJ6J4TPJ5LK",
  "admin@globex.test": "ZW7NDMGU4UY6ZOCS5LTONWB3UFMRPLXD",
};
export const BANK_CODES = ["BANK_A", "BANK_B", "BANK_C"] as const;

/**
 * The demo is built by the bank operations a production bank uses (lib/server/domain/operations), so both share one path.
 * With `historyDays` (DEMO_HISTORY_DAYS), the opening balances are booked when each account was opened and Acme's last
 * days of activity follow them (lib/server/entry/demo-history.ts).
 */
export async function seedDemoData(db: Pool, historyDays = 0): Promise<boolean> {
  const { rowCount } = await db.query("SELECT 1 FROM clients LIMIT 1");
  if (rowCount) return false;
  const ctx: OpsContext = { db, appEnv: "uat", actor: systemActor("uat-seed"), correlationId: randomUUID(), baseUrl: "" };
  for (const [i, bankCode] of BANK_CODES.entries()) {
    for (const currency of ["USD", "BMD"]) await addBankCode(ctx, { bankCode, currency, name: `Demo Bank ${"ABC"[i]}` });
  }
  for (const client of DEMO_CLIENTS) {
    await createClient(ctx, { clientId: client.id, name: client.name, cif: client.cif, signing: client.signing }, `${client.id}-uat-secret`);
    // Oldest first so that "newest first" lists the first account of the table first.
    for (const account of [...client.accounts].reverse()) {
      await openAccount(
        ctx,
        {
          clientId: client.id,
          accountNumber: account.number,
          currency: account.currency,
          accountType: account.type ?? undefined,
          accountSubType: account.subType,
          nickname: account.nickname ?? undefined,
          category: account.category,
          openingBalance: account.balance,
          creditInterestRate: account.rates?.credit,
          debitInterestRate: account.rates?.debit,
          owners: account.owners,
        },
        account.opened,
        historyDays > 0 ? new Date(account.opened).toISOString() : undefined,
      );
      if (account.status !== "Active") await setAccountStatus(ctx, { clientId: client.id, accountNumber: account.number, status: account.status });
    }
    for (const user of client.users) {
      await createDemoUser(ctx, { clientId: client.id, email: user.email, name: user.name, role: user.role }, DEMO_PASSWORD);
      const totpSecret = DEMO_TOTP_SECRETS[user.email];
      if (totpSecret) await enrolDemoSecondFactor(db, user.email, totpSecret);
    }
  }
  for (const [clientId, demo] of Object.entries(DEMO_VIRTUAL_ACCOUNTS)) {
    for (const currency of demo.currencies) await provisionVirtualAccountCurrency(ctx, { clientId, currency });
  }
  // Virtual accounts after the clients they belong to (their data lives beside their code).
  await seedDemoVirtualAccounts(db);
  await seedDemoHistory(db, historyDays);
  return true;
}
