import "server-only";
import { userInfo } from "node:os";
import type { Pool } from "pg";
import { systemActor } from "@/lib/server/core/audit/actors";

/**
 * Who runs a bank operation and where. The command line and the console build
 * one of these; every operation takes it first, so both faces share the rules,
 * the transaction and the audit row.
 */
export type OpsContext = {
  db: Pool;
  appEnv: "uat" | "production";
  /** `user:<operator id>` (the console) or `system:ops-cli:<os user>` (the command line), from lib/server/core/audit/actors.ts; written to every audit row. */
  actor: string;
  /** The console request's address; none on the command line. */
  ip?: string | null;
  correlationId: string;
  /** Absolute origin for the links an operation prints (set-password). */
  baseUrl: string;
};

/** The command line's actor (`npm run ops`): `system:ops-cli:<OS user>`, the person at the terminal as far as the machine knows. */
export function cliActor(): string {
  return systemActor(`ops-cli:${userInfo().username}`);
}
