import { describe, expect, it } from "vitest";
import { getRuntime } from "@/lib/server/entry/runtime";

/**
 * docs/scaling.md: the schema is distributed by client_id (Citus) the day one
 * database server is outgrown. That holds only while every table is either a
 * tenant table (a NOT NULL client_id; that its primary and unique keys include
 * it is tests/tenant-keys.int.test.ts) whose foreign keys to other tenant
 * tables join on client_id (so they stay on one shard), or one of the tables
 * below, each with the reason it is not. The test reads the catalog of the
 * migrated database, so a table added later fails here until it is made a
 * tenant table or listed with its reason.
 */
const NOT_DISTRIBUTED: Record<string, string> = {
  // Reference tables: replicated to every node, joined locally from any shard.
  bank_codes: "reference: the bank directory, read by every client's payments",
  bank_holidays: "reference: the settlement calendar, one for the bank",
  fx_rates: "reference: the bank's rate table, one for every client",
  bank_accounts: "reference: the bank's own ledger accounts (postings on them carry the client of their entry)",
  reference_data_version: "reference: the one-row version of the reference data",
  settlement_settings: "reference: the one-row settlement settings (ACH cut-off), read by every client's payments",
  server_secrets: "reference: the servers' shared secrets (page tokens, webhooks), read on every node",
  signing_keys: "reference: the bank's JWT keys, read on every node",
  // Coordinator-local: global, small, and read before a tenant is known or across tenants.
  schema_migrations: "coordinator: migration bookkeeping",
  schema_functions: "coordinator: SQL function bookkeeping",
  worker_heartbeats: "coordinator: one row per server process",
  queue_tasks: "coordinator: the cross-tenant task queue (client_id is nullable: housekeeping tasks belong to no client); docs/scaling.md, the queue",
  users: "coordinator: portal sign-in finds a user by email before the client is known; operators have no client",
  portal_sessions: "coordinator: looked up by session id on every portal request, before the client is known",
  password_links: "coordinator: looked up by token hash, before the user or client is known",
  auth_throttle: "coordinator: sign-in throttling by email and address, before the client is known",
  user_second_factors: "coordinator: read with users at sign-in, before the client is known (one row per user)",
  user_recovery_codes: "coordinator: checked with users at sign-in, before the client is known",
  webhook_receivers: "coordinator: a receiver (an origin) is judged once for every client that sends to it",
  webhook_receiver_slots: "coordinator: a receiver's delivery slots are shared by every client that sends to it",
};

async function catalog() {
  const { db } = await getRuntime();
  const tables = await db.query<{ table_name: string; client_id: "tenant" | "nullable" | "none" }>(
    `SELECT c.relname AS table_name,
            CASE WHEN a.attnum IS NULL THEN 'none' WHEN a.attnotnull THEN 'tenant' ELSE 'nullable' END AS client_id
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
     LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'client_id' AND NOT a.attisdropped
     WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition`,
  );
  const foreignKeys = await db.query<{ table_name: string; name: string; target: string; columns: string[]; target_columns: string[] }>(
    `SELECT t.relname AS table_name, f.conname AS name, r.relname AS target,
            array(SELECT a.attname FROM unnest(f.conkey) AS k (n) JOIN pg_attribute a ON a.attrelid = f.conrelid AND a.attnum = k.n)::text[] AS columns,
            array(SELECT a.attname FROM unnest(f.confkey) AS k (n) JOIN pg_attribute a ON a.attrelid = f.confrelid AND a.attnum = k.n)::text[] AS target_columns
     FROM pg_constraint f JOIN pg_class t ON t.oid = f.conrelid JOIN pg_class r ON r.oid = f.confrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
     WHERE f.contype = 'f'`,
  );
  const tenant = new Set(tables.rows.filter((t) => t.client_id === "tenant").map((t) => t.table_name));
  return { tables: tables.rows, foreignKeys: foreignKeys.rows, tenant };
}

describe("the schema stays distributable by client_id (docs/scaling.md)", () => {
  it("every table is a tenant table or is listed with the reason it is not", async () => {
    const { tables } = await catalog();
    const unclassified = tables
      .filter((t) => t.client_id !== "tenant" && !(t.table_name in NOT_DISTRIBUTED))
      .map((t) => `${t.table_name} (client_id: ${t.client_id}): give it a NOT NULL client_id in its keys, or list it in NOT_DISTRIBUTED with the reason`);
    expect(unclassified).toEqual([]);
    const stale = tables.filter((t) => t.client_id === "tenant" && t.table_name in NOT_DISTRIBUTED).map((t) => t.table_name);
    expect(stale).toEqual([]);
  });

  it("every foreign key between tenant tables joins on client_id (co-located on one shard)", async () => {
    const { foreignKeys, tenant } = await catalog();
    const crossShard = foreignKeys
      .filter((f) => tenant.has(f.table_name) && tenant.has(f.target))
      .filter((f) => f.columns.indexOf("client_id") < 0 || f.columns.indexOf("client_id") !== f.target_columns.indexOf("client_id"))
      .map((f) => `${f.table_name}.${f.name} (${f.columns.join(", ")}) -> ${f.target} (${f.target_columns.join(", ")})`);
    expect(crossShard).toEqual([]);
  });

  it("notices an unclassified table and a foreign key between tenant tables that leaves client_id out", async () => {
    const { db } = await getRuntime();
    await db.query("CREATE TABLE distribution_probe_global (id int PRIMARY KEY)");
    await db.query("CREATE TABLE distribution_probe (client_id text NOT NULL, payment_id uuid NOT NULL, PRIMARY KEY (client_id, payment_id))");
    await db.query("ALTER TABLE distribution_probe ADD UNIQUE (payment_id)");
    await db.query(
      `CREATE TABLE distribution_probe_child (client_id text NOT NULL, payment_id uuid NOT NULL, PRIMARY KEY (client_id, payment_id),
         FOREIGN KEY (client_id, payment_id) REFERENCES distribution_probe (client_id, payment_id), FOREIGN KEY (payment_id) REFERENCES distribution_probe (payment_id))`,
    );
    try {
      const { tables, foreignKeys, tenant } = await catalog();
      expect(tables.find((t) => t.table_name === "distribution_probe_global")?.client_id).toBe("none");
      expect("distribution_probe_global" in NOT_DISTRIBUTED).toBe(false);
      const probeKeys = foreignKeys.filter((f) => f.table_name === "distribution_probe_child" && tenant.has(f.target));
      expect(probeKeys.map((f) => f.columns.includes("client_id")).sort()).toEqual([false, true]);
    } finally {
      await db.query("DROP TABLE distribution_probe_child, distribution_probe, distribution_probe_global");
    }
  });
});
