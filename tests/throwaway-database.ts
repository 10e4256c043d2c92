import { randomUUID } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/**
 * An empty database of its own on the tests' PostgreSQL server, for a test that must
 * damage a database or migrate one step by step (not the file's clone of the template).
 * `drop` closes the pool and drops it.
 */
export async function createThrowawayDatabase(prefix: string): Promise<{ pool: pg.Pool; drop: () => Promise<void> }> {
  const serverUrl = inject("serverUrl");
  const database = `harbour_${prefix}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    pool,
    drop: async () => {
      await pool.end();
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
