import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { closeRuntime } from "@/lib/server/entry/runtime";

/** Each integration test file runs on its own copy of the migrated, seeded template. */
const serverUrl = inject("serverUrl");
const database = `harbour_t_${randomUUID().replaceAll("-", "").slice(0, 20)}`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

for (let attempt = 0; ; attempt++) {
  try {
    await admin(`CREATE DATABASE ${database} TEMPLATE ${inject("templateDatabase")}`);
    break;
  } catch (error) {
    // Two files cloning the template at the same instant: PostgreSQL refuses the second briefly.
    if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
  }
}

const url = new URL(serverUrl);
url.pathname = `/${database}`;
process.env.DATABASE_URL = url.toString();
process.env.APP_ENV ??= "uat";
process.env.RATE_LIMIT_MAX ??= "100000";

afterAll(async () => {
  await closeRuntime();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});
