import { randomUUID } from "node:crypto";
import type pg from "pg";
import { runCli } from "@/lib/server/entry/cli/run";
import { COMMANDS } from "@/lib/server/entry/cli/commands";
import { systemActor } from "@/lib/server/core/audit/actors";
import type { OpsContext } from "@/lib/server/core/operation-context";
import { getRuntime } from "@/lib/server/entry/runtime";

/** Shared helpers for the bank operations' integration tests: the command line, run in process. */

export type OpsRun = { code: number; out: string; err: string; json: Record<string, unknown> };

/** An operations context on `db` (default: this process's runtime, as a server's console uses). */
export async function opsContext(db?: pg.Pool): Promise<OpsContext> {
  const runtime = await getRuntime();
  return { db: db ?? runtime.db, appEnv: runtime.config.appEnv, actor: systemActor("test"), correlationId: randomUUID(), baseUrl: "http://localhost:3999" };
}

/** Runs `npm run ops -- ...argv` in process; with --json, stdout must be exactly one JSON object. */
export async function runOps(argv: string[], context: () => Promise<OpsContext> = () => opsContext()): Promise<OpsRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, COMMANDS, context, { out: (l) => out.push(l), err: (l) => err.push(l) });
  const text = out.join("\n");
  if (argv.includes("--json") && code !== 2 && out.length !== 1) throw new Error(`--json printed ${out.length} lines`);
  return { code, out: text, err: err.join("\n"), json: argv.includes("--json") && text ? JSON.parse(text) : {} };
}
