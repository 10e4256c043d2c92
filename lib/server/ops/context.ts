import "server-only";
import type { Pool } from "pg";

/**
 * Who runs a bank operation and where. The command line and the console build
 * one of these; every operation takes it first, so both faces share the rules,
 * the transaction and the audit row.
 */
export type OpsContext = {
  db: Pool;
  appEnv: "uat" | "production";
  /** `cli:<os user>` or `operator:<email>`; written to every audit row. */
  actor: string;
  correlationId: string;
  /** Absolute origin for the links an operation prints (set-password). */
  baseUrl: string;
};
