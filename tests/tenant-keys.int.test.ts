import { describe, expect, it } from "vitest";
import { getRuntime } from "@/lib/server/entry/runtime";

/**
 * docs/scaling.md: the schema can be distributed by client (Citus, distribution
 * column client_id) only while every tenant table's primary key and unique
 * keys include client_id. A tenant table is one with a NOT NULL client_id.
 * This test reads the live schema after every migration, so a table added
 * later is held to the plan too.
 */
async function keysWithoutClientId(): Promise<string[]> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ table_name: string; index_name: string; columns: string[] }>(
    `SELECT t.relname AS table_name, i.relname AS index_name,
              array(SELECT a.attname FROM unnest(x.indkey) AS k(n) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n)::text[] AS columns
         FROM pg_index x
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_namespace ns ON ns.oid = t.relnamespace AND ns.nspname = 'public'
        WHERE (x.indisunique OR x.indisprimary)
          AND EXISTS (SELECT 1 FROM pg_attribute c WHERE c.attrelid = t.oid AND c.attname = 'client_id' AND c.attnotnull AND NOT c.attisdropped)`,
  );
  return rows.filter((r) => !r.columns.includes("client_id")).map((r) => `${r.table_name}.${r.index_name} (${r.columns.join(", ")})`);
}

describe("tenant tables are distributable by client_id", () => {
  it("every primary key and unique index of a tenant table includes client_id", async () => {
    expect(await keysWithoutClientId()).toEqual([]);
  });

  it("names a tenant table whose unique key leaves client_id out", async () => {
    const { db } = await getRuntime();
    await db.query("CREATE TABLE scale_probe (client_id text NOT NULL, reference text NOT NULL UNIQUE, PRIMARY KEY (client_id, reference))");
    try {
      expect(await keysWithoutClientId()).toEqual(["scale_probe.scale_probe_reference_key (reference)"]);
    } finally {
      await db.query("DROP TABLE scale_probe");
    }
  });
});
