import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { hashSecret } from "@/lib/server/auth/password";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import type { Queryable } from "@/lib/server/db/types";
import { parseAmount } from "@/lib/contract/money";
import { seedDemoVirtualAccounts } from "@/lib/server/virtual-accounts/seed";

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
  users: Array<{ email: string; name: string; role: "viewer" | "treasurer" | "admin" }>;
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
      { number: "1000123456", currency: "USD", status: "Active", type: "Corporate", subType: "CORP-CHK", nickname: "Operating USD", balance: "250000.00", owners: [ACME_OWNER], opened: "2019-03-14T09:00:00-04:00", rates: { credit: "0.25", debit: "8.5" } },
      { number: "1000123457", currency: "BMD", status: "ACTIVE", type: "Corporate", subType: "CORP-CHK", nickname: "Payroll BMD", balance: "84250.75", owners: [ACME_OWNER], opened: "2020-06-01T10:30:00-03:00" },
      { number: "1000123458", currency: "USD", status: "INACTIVE", type: "Corporate", subType: "CORP-SAV", nickname: "Legacy reserve", balance: "1200.50", owners: [ACME_OWNER], opened: "2015-01-05T09:00:00-04:00" },
      { number: "1000123459", currency: "BMD", status: "Active", type: null, subType: "JNT-CHK", nickname: null, balance: "15000.00", owners: [ACME_OWNER, { displayName: "Jane Tucker", accountHolderType: "Joint" }], opened: "2021-09-20T11:00:00-03:00" },
      { number: "1000123460", currency: "USD", status: "Active", type: "Corporate", subType: "CORP-MM", nickname: "Treasury money market", balance: "1000000.00", owners: [ACME_OWNER], opened: "2022-02-10T09:00:00-04:00", rates: { credit: "3.1", debit: "0" } },
      { number: "2000123001", currency: "USD", status: "Active", type: "Corporate", subType: "CMS-SETTLE", nickname: "Settlement USD", category: "settlement", balance: "50000.00", owners: [ACME_OWNER], opened: "2019-03-14T09:00:00-04:00" },
      { number: "2000123002", currency: "USD", status: "Active", type: "Corporate", subType: "CMS-PARENT", nickname: "Virtual accounts parent", category: "parent", balance: "0.00", owners: [ACME_OWNER], opened: "2019-03-14T09:00:00-04:00" },
    ],
    users: [
      { email: "treasurer@acme.test", name: "Tara Treasurer", role: "treasurer" },
      { email: "viewer@acme.test", name: "Victor Viewer", role: "viewer" },
      { email: "admin@acme.test", name: "Ada Admin", role: "admin" },
    ],
  },
  {
    id: "globex",
    name: "Globex Corporation",
    cif: "200300400",
    signing: "hmac",
    accounts: [
      { number: "3000456001", currency: "USD", status: "Active", type: "Corporate", subType: "CORP-CHK", nickname: "Globex operating", balance: "98000.00", owners: [GLOBEX_OWNER], opened: "2018-11-02T09:00:00-04:00" },
      { number: "3000456002", currency: "BMD", status: "Active", type: "Corporate", subType: "CORP-CHK", nickname: "Globex Bermuda", balance: "12500.00", owners: [GLOBEX_OWNER], opened: "2020-01-15T09:00:00-04:00" },
      { number: "4000456001", currency: "USD", status: "Active", type: "Corporate", subType: "CMS-SETTLE", nickname: "Globex settlement", category: "settlement", balance: "10000.00", owners: [GLOBEX_OWNER], opened: "2018-11-02T09:00:00-04:00" },
      { number: "4000456002", currency: "USD", status: "Active", type: "Corporate", subType: "CMS-PARENT", nickname: "Globex VA parent", category: "parent", balance: "0.00", owners: [GLOBEX_OWNER], opened: "2018-11-02T09:00:00-04:00" },
    ],
    users: [{ email: "admin@globex.test", name: "Gail Globex", role: "admin" }],
  },
  { id: "initech", name: "Initech", cif: "300400500", signing: "hmac", accounts: [], users: [] },
];

export const DEMO_PASSWORD = "demo-password";
export const BANK_CODES = ["BANK_A", "BANK_B", "BANK_C"] as const;

function attributes(client: DemoClient, account: DemoAccount) {
  const joint = account.owners.length > 1 ? [{ name: "JOINT_CIF", value: `${client.cif}-J` }] : [];
  return [
    { name: "BANK_ID", value: "HARBOUR" },
    ...joint,
    { name: "CREDIT_INTEREST_RATE", value: Number(account.rates?.credit ?? "0.1") },
    { name: "DEBIT_INTEREST_RATE", value: Number(account.rates?.debit ?? "0") },
    { name: "OPEN_DATE", value: account.opened.slice(0, 10) },
    { name: "STATUS", value: account.status.toUpperCase() },
    { name: "ACCOUNT_TYPE", value: account.subType },
  ];
}

export async function seedDemoData(db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query("SELECT 1 FROM clients LIMIT 1");
  if (rowCount) return false;
  for (const [code, name] of BANK_CODES.map((c, i) => [c, `Demo Bank ${"ABC"[i]}`] as const)) {
    for (const currency of ["USD", "BMD"]) {
      await db.query("INSERT INTO bank_codes (bank_code, currency, name) VALUES ($1, $2, $3)", [code, currency, name]);
    }
  }
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  for (const client of DEMO_CLIENTS) {
    await db.query(
      `INSERT INTO clients (client_id, name, cif, secret_hash, permissions, signing_mode, signing_secret)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        client.id,
        client.name,
        client.cif,
        await hashSecret(`${client.id}-uat-secret`),
        [...PERMISSIONS],
        client.signing,
        client.signing === "hmac" ? `whsec_${randomBytes(24).toString("base64url")}` : null,
      ],
    );
    // Oldest first so that "newest first" lists the first account of the table first.
    const ordered = [...client.accounts].reverse();
    for (const [i, account] of ordered.entries()) {
      const accountId = `ACC-${account.number}`;
      const minor = parseAmount(account.balance, account.currency);
      await db.query(
        `INSERT INTO accounts (client_id, account_id, account_number, cif, currency, status, account_type,
           account_sub_type, nickname, category, opening_date, available_minor, owners, routings, attributes, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, now() - make_interval(secs => $16))`,
        [
          client.id,
          accountId,
          account.number,
          client.cif,
          account.currency,
          account.status,
          account.type,
          account.subType,
          account.nickname,
          account.category ?? "account",
          account.opened,
          minor.toString(),
          JSON.stringify(account.owners),
          JSON.stringify([{ scheme: "AccountNumber", address: account.number }]),
          JSON.stringify(attributes(client, account)),
          ordered.length - i,
        ],
      );
      await db.query(
        `INSERT INTO ledger_postings (client_id, account_id, amount_minor, currency, kind, reference)
         VALUES ($1, $2, $3, $4, 'opening_balance', $5)`,
        [client.id, accountId, minor.toString(), account.currency, `OPEN-${account.number}`],
      );
    }
    for (const user of client.users) {
      await db.query(
        `INSERT INTO users (user_id, email, display_name, password_hash, role, client_id) VALUES ($1, $2, $3, $4, $5, $6)`,
        [randomUUID(), user.email, user.name, passwordHash, user.role, client.id],
      );
    }
  }
  // Virtual accounts after the clients they belong to (their data lives beside their code).
  await seedDemoVirtualAccounts(db);
  return true;
}
