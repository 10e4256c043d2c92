import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { POST as createSubscription } from "@/app/v1/notifications/subscriptions/route";
import { POST as issueToken } from "@/app/v1/oauth/token/route";
import { POST as postAch } from "@/app/v1/payments/ach-local/route";
import { openAccount } from "@/lib/server/domain/operations/accounts";
import { createClient } from "@/lib/server/domain/operations/clients";
import { addBankCode } from "@/lib/server/domain/operations/reference";
import { getRuntime, prepareDatabase } from "@/lib/server/entry/runtime";
import { call } from "@/tests/api";

/**
 * The production path with two roles (docs/operations.md, Database roles):
 * the owner migrates and grants, the servers' role reads and writes rows and
 * can change no schema. Runs on the embedded PostgreSQL and, with
 * TEST_DATABASE_URL, on the external one.
 */
const serverUrl = inject("serverUrl");
const suffix = randomUUID().replaceAll("-", "").slice(0, 12);
const database = `harbour_roles_${suffix}`;
const owner = `harbour_owner_${suffix}`;
const app = `harbour_app_${suffix}`;

function urlFor(user: string, password: string): string {
  const url = new URL(serverUrl);
  url.username = user;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const pools: pg.Pool[] = [];

// This file's runtime (getRuntime, what the routes use) is the production path: it connects as the
// app role and migrates as the owner. Read once by getConfig(), which nothing has called yet.
process.env.DATABASE_URL = urlFor(app, "app-pw");
process.env.MIGRATION_DATABASE_URL = urlFor(owner, "owner-pw");
process.env.APP_ENV = "production";
// Production names the address its links use (docs/security.md).
process.env.PUBLIC_BASE_URL ??= "http://localhost:3000";
process.env.HARBOUR_SECRETS_KEY = randomBytes(32).toString("base64");

/** Production wants https and a public address; a literal needs no DNS, and nothing is ever sent to it here (no event on its topic, no worker). */
const PUBLIC_CALLBACK = "https://93.184.215.14/harbour-hook";

beforeAll(async () => {
  await admin(`CREATE ROLE ${owner} LOGIN PASSWORD 'owner-pw'`);
  await admin(`CREATE ROLE ${app} LOGIN PASSWORD 'app-pw'`);
  await admin(`CREATE DATABASE ${database} OWNER ${owner}`);
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  const { closeRuntime } = await import("@/lib/server/entry/runtime");
  await closeRuntime();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin(`DROP ROLE IF EXISTS ${app}`);
  await admin(`DROP ROLE IF EXISTS ${owner}`);
});

describe("database roles", () => {
  it("migrates as the owner; the servers' role works with rows but cannot change the schema", async () => {
    const appPool = new pg.Pool({ connectionString: urlFor(app, "app-pw"), max: 3 });
    pools.push(appPool);

    await prepareDatabase(appPool, { seedDemoData: false, migrationUrl: urlFor(owner, "owner-pw"), appRole: app });

    const ctx = { db: appPool, appEnv: "production" as const, actor: "system:test", correlationId: randomUUID(), baseUrl: "http://localhost" };
    expect(await createClient(ctx, { clientId: "roles-test", name: "Roles Test", cif: "1", signing: "hmac" })).toMatchObject({ clientId: "roles-test" });
    const { rows } = await appPool.query("SELECT tableowner FROM pg_tables WHERE tablename = 'clients'");
    expect(rows).toEqual([{ tableowner: owner }]);

    await expect(appPool.query("CREATE TABLE intruder (x int)")).rejects.toThrow(/permission denied/);
    await expect(appPool.query("DROP TABLE clients")).rejects.toThrow(/must be owner/);
    await expect(appPool.query("ALTER TABLE clients ADD COLUMN x int")).rejects.toThrow(/must be owner/);
    await expect(appPool.query("TRUNCATE audit_log")).rejects.toThrow(/permission denied/);
  });

  it("the production runtime on the app role: a client's token, an ACH payment and a webhook subscription", async () => {
    const runtime = await getRuntime();
    const { rows: who } = await runtime.db.query<{ u: string }>("SELECT current_user AS u");
    expect(who[0]!.u).toBe(app);
    const ctx = { db: runtime.db, appEnv: "production" as const, actor: "system:test", correlationId: randomUUID(), baseUrl: "http://localhost" };
    const { clientSecret } = await createClient(ctx, { clientId: "roles-pay", name: "Roles Pay", cif: "2", signing: "rsa" });
    await openAccount(ctx, { clientId: "roles-pay", accountNumber: "7300000001", currency: "USD", openingBalance: "500.00" });
    await addBankCode(ctx, { bankCode: "BANK_A", currency: "USD", name: "Bank A" });

    const issued = await call<{ access_token: string }>(issueToken, "/v1/oauth/token", {
      headers: { authorization: `Basic ${Buffer.from(`roles-pay:${clientSecret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
      rawBody: "grant_type=client_credentials",
      method: "POST",
    });
    expect(issued.status).toBe(200);
    const token = issued.body.access_token;
    const payment = await call(postAch, "/v1/payments/ach-local", {
      method: "POST",
      token,
      headers: { "idempotency-key": randomUUID() },
      body: {
        debtorAccount: { identification: "7300000001" },
        debitCurrency: "USD",
        instructedAmount: { amount: "125.00", currency: "USD" },
        creditorAccount: { identification: "20004455667", name: "Harbour Supplies" },
        creditorBank: { bankCode: "BANK_A", currency: "USD" },
        remittanceInformation: ["Roles"],
      },
    });
    expect(payment.status, payment.text).toBe(201);
    const subscription = await call(createSubscription, "/v1/notifications/subscriptions", {
      token,
      body: { topic: "Deposits", callbackUrl: PUBLIC_CALLBACK },
    });
    expect(subscription.status, subscription.text).toBe(201);
    const { rows } = await runtime.db.query("SELECT available_minor::text AS a FROM accounts WHERE account_number = '7300000001'");
    expect(rows).toEqual([{ a: "37500" }]);
  });
});
