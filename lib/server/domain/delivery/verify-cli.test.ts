import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { signatureHeaders } from "@/lib/server/domain/delivery/signing";

/** scripts/verify-webhook.ts, run the way `npm run verify-webhook` runs it. */
function verifyCli(args: string[]) {
  const run = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/verify-webhook.ts", ...args], {
    encoding: "utf8",
  });
  return { status: run.status, out: run.stdout.trim() };
}

describe("npm run verify-webhook", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "verify-webhook-"));
  const body = '{"topic":"Deposits","value":{"amount":"1.00","currency":"USD"}}';
  const headers = signatureHeaders({ mode: "hmac", secret: "whsec_new" }, { url: new URL("https://127.0.0.1:9/hook?a=1"), body });
  writeFileSync(path.join(dir, "body.json"), body);
  writeFileSync(
    path.join(dir, "headers.txt"),
    Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n"),
  );
  const common = ["--headers-file", path.join(dir, "headers.txt"), "--body-file", path.join(dir, "body.json")];

  it("accepts a genuine message with either of two secrets and exits 0", () => {
    const run = verifyCli(["--mode", "hmac", "--secret", "whsec_old", "--secret", "whsec_new", "--path", "/hook?a=1", ...common]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ ok: true });
  }, 20_000);

  it("rejects a different path with exit 1 and a reason, and bad usage with exit 2", () => {
    const bad = verifyCli(["--mode", "hmac", "--secret", "whsec_new", "--path", "/hook?a=2", ...common]);
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.out)).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
    expect(verifyCli(["--mode", "nope", "--path", "/x", ...common]).status).toBe(2);
  }, 20_000);
});
