import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it, inject } from "vitest";
import { createClient } from "@/lib/server/ops/clients";
import { prepareDatabase } from "@/lib/server/runtime";

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

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin(`DROP ROLE IF EXISTS ${app}`);
  await admin(`DROP ROLE IF EXISTS ${owner}`);
});

describe("database roles", () => {
  it("migrates as the owner; the servers' role works with rows but cannot change the schema", async () => {
    await admin(`CREATE ROLE ${owner} LOGIN PASSWORD 'owner-pw'`);
    await admin(`CREATE ROLE ${app} LOGIN PASSWORD 'app-pw'`);
    await admin(`CREATE DATABASE ${database} OWNER ${owner}`);
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
});
