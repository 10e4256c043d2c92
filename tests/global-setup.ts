import pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureEmbeddedPostgres } from "@/lib/server/core/db/embedded";
import { createPool } from "@/lib/server/core/db/pool";
import { prepareDatabase } from "@/lib/server/entry/runtime";

declare module "vitest" {
  export interface ProvidedContext {
    dbTarget: "embedded" | "external";
    serverUrl: string;
    templateDatabase: string;
  }
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Builds one migrated, seeded template database per run; every test file then
 * gets a fresh copy of it (tests/setup-database.ts), on the embedded server or
 * on TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject) {
  const target = project.getProvidedContext().dbTarget;
  const serverUrl =
    target === "external"
      ? process.env.TEST_DATABASE_URL!
      : (await ensureEmbeddedPostgres(process.env.TEST_DATA_DIR ?? ".data/test-embedded")).connectionString;
  const template = `harbour_tpl_${process.pid}_${target}`;
  await admin(serverUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${template}`);
    await c.query(`CREATE DATABASE ${template}`);
  });
  const pool = createPool(databaseUrl(serverUrl, template), 2);
  try {
    await prepareDatabase(pool, { seedDemoData: true });
  } finally {
    await pool.end();
  }
  project.provide("serverUrl", serverUrl);
  project.provide("templateDatabase", template);
  return async () => {
    await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
  };
}
