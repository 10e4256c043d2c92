import "server-only";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { getConfig } from "@/lib/server/core/config";
import { isEmbeddedRunning, stopEmbeddedPostgres } from "@/lib/server/core/db/embedded";
import { resolveDatabaseUrl } from "@/lib/server/core/db/pool";
import { runCli } from "@/lib/server/entry/cli/run";
import { COMMANDS } from "@/lib/server/entry/cli/commands";
import { cliActor, type OpsContext } from "@/lib/server/core/operation-context";
import { closeRuntime, getRuntime } from "@/lib/server/entry/runtime";

/**
 * `npm run ops -- <command>` (scripts/ops.mjs runs this with tsx under the
 * react-server condition). It opens the database exactly as a server does
 * (getRuntime: DATABASE_URL or the embedded PostgreSQL of DATA_DIR, pending
 * migrations under their advisory lock, keys, uat demo data), so it works
 * before any server has started and beside running ones: every operation is
 * one short transaction.
 */

/** Other sessions on the database: a server that adopted the embedded PostgreSQL meanwhile. */
async function othersConnected(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
    );
    return rows[0]!.n > 0;
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const config = getConfig();
  let startedEmbedded = false;
  const openContext = async (): Promise<OpsContext> => {
    startedEmbedded = !config.databaseUrl && !(await isEmbeddedRunning(config.dataDir));
    const runtime = await getRuntime();
    return {
      db: runtime.db,
      appEnv: config.appEnv,
      actor: cliActor(),
      correlationId: randomUUID(),
      baseUrl: config.linkBaseUrl ?? `http://localhost:${config.port}`,
    };
  };
  try {
    return await runCli(process.argv.slice(2), COMMANDS, openContext, {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (error) {
    process.stderr.write(`ops: failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await closeRuntime();
    // Leave the embedded PostgreSQL as we found it: stopped, unless a server uses it.
    if (startedEmbedded && !(await othersConnected(await resolveDatabaseUrl()).catch(() => true))) {
      await stopEmbeddedPostgres(config.dataDir);
    }
  }
}

process.exitCode = await main();
