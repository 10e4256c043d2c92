import { test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

/** The cluster scripts/test-cluster.mjs started: its servers' ports and pids (CLUSTER_STATE_FILE). */
export type ClusterState = { balancer: { host: string; port: number }; servers: { name: string; port: number; pid: number | null }[] };

/**
 * These specs need the cluster of scripts/test-cluster.mjs (the `npm test` cluster layer); the
 * single-server Playwright run, whose test directory includes them, skips them.
 */
export function onlyInClusterRun(): void {
  test.skip(!process.env.CLUSTER_STATE_FILE, "runs in the cluster layer (node scripts/test-cluster.mjs)");
}

export function clusterState(): ClusterState {
  const file = process.env.CLUSTER_STATE_FILE;
  if (!file) throw new Error("CLUSTER_STATE_FILE is not set: run these specs with `node scripts/test-cluster.mjs`");
  return JSON.parse(readFileSync(file, "utf8")) as ClusterState;
}

export const serverUrls = () => clusterState().servers.map((s) => `http://127.0.0.1:${s.port}`);

export async function waitReady(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
}

/** Signals one server; the cluster starts it again, and this waits until the new process is ready. */
export async function restartServer(index: number, signal: NodeJS.Signals): Promise<void> {
  const before = clusterState().servers[index]!;
  process.kill(before.pid!, signal);
  const deadline = Date.now() + 60_000;
  while (clusterState().servers[index]!.pid === before.pid) {
    if (Date.now() > deadline) throw new Error(`server ${before.name} was not started again`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await waitReady(`http://127.0.0.1:${before.port}`);
}

export function achBody(amount: string, instructionIdentification?: string): Record<string, unknown> {
  return {
    ...(instructionIdentification ? { instructionIdentification } : {}),
    debtorAccount: { identification: "1000123460" },
    debitCurrency: "USD",
    instructedAmount: { amount, currency: "USD" },
    creditorAccount: { identification: "20004455667", name: "Harbour Supplies" },
    creditorBank: { bankCode: "BANK_A", currency: "USD" },
    remittanceInformation: ["Cluster test"],
  };
}

export const newKey = () => randomUUID();
/** instructionIdentification is at most 16 characters. */
export const newInstructionId = () => `CL${randomUUID().replace(/-/g, "").slice(0, 14)}`;
