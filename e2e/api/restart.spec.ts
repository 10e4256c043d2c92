import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import pg from "pg";
import {
  clientToken,
  clusterDir,
  embeddedUrl,
  isAlive,
  killHard,
  postmasterPid,
  resetDataDir,
  startServer,
  stopGracefully,
  waitHealthy,
} from "./server-process";
import { ownPort } from "../fixtures/servers";

const DATA_DIR = ".data/e2e-restart";
const PORT = ownPort("E2E_RESTART_PORT", 11);

test.describe.configure({ timeout: 180_000 });

test("a kill -9 of the app loses nothing committed: the next start adopts the orphaned PostgreSQL, and restarts it when it dies", async () => {
  execFileSync(process.execPath, ["-e", `import("./scripts/embedded-pg.mjs").then(m => m.stopEmbeddedPostgres(${JSON.stringify(DATA_DIR)}))`]);
  resetDataDir(DATA_DIR);
  let server = startServer(PORT, DATA_DIR);
  try {
    await waitHealthy(server.baseUrl);
    const token = await clientToken(server.baseUrl);
    // State written through the API: three requests counted in the shared rate-limit window.
    let remaining = "";
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.baseUrl}/v1/accounts/1000123456`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      remaining = res.headers.get("ratelimit-remaining")!;
    }
    // And a row committed just before the crash.
    const client = new pg.Client(embeddedUrl(DATA_DIR));
    await client.connect();
    await client.query("INSERT INTO audit_log (client_id, actor, action, entity, entity_id) VALUES ('acme', 'e2e', 'crash-test', 'test', 'before-kill')");
    await client.end();

    const postmaster = postmasterPid(DATA_DIR);
    // Found wherever the cluster lives (DATA_DIR/pg, or /var/lib/harbour when run as root from a closed folder).
    expect(postmaster, `the running cluster's pid file (${clusterDir(DATA_DIR)}/postmaster.pid)`).toBeGreaterThan(0);
    killHard(server);
    await new Promise((r) => setTimeout(r, 500));
    expect(isAlive(postmaster!), "the embedded PostgreSQL outlives the app (orphaned)").toBe(true);

    server = startServer(PORT, DATA_DIR);
    const readyMs = await waitHealthy(server.baseUrl);
    test.info().annotations.push({ type: "restart-to-healthy-ms", description: String(readyMs) });
    expect(postmasterPid(DATA_DIR)).toBe(postmaster);

    const after = await fetch(`${server.baseUrl}/v1/accounts/1000123456`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(200);
    expect(Number(after.headers.get("ratelimit-remaining"))).toBe(Number(remaining) - 1);
    const check = new pg.Client(embeddedUrl(DATA_DIR));
    await check.connect();
    const { rowCount } = await check.query("SELECT 1 FROM audit_log WHERE entity_id = 'before-kill'");
    await check.end();
    expect(rowCount).toBe(1);

    // Issue 19: the embedded server dies under the running app (a kill -9 of its postmaster). The app started it, so
    // the app starts it again (crash recovery): it answers again by itself, with everything committed.
    process.kill(postmaster!, "SIGKILL");
    const killed = Date.now();
    let restarted: number | null = null;
    for (;;) {
      const pid = postmasterPid(DATA_DIR);
      if (pid && pid !== postmaster && isAlive(pid)) {
        const res = await fetch(`${server.baseUrl}/v1/accounts/1000123456`, { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
        if (res?.status === 200) {
          restarted = pid;
          break;
        }
      }
      expect(Date.now() - killed, "the app restarts its embedded PostgreSQL within 30 s").toBeLessThan(30_000);
      await new Promise((r) => setTimeout(r, 250));
    }
    test.info().annotations.push({ type: "embedded-restart-ms", description: String(Date.now() - killed) });
    expect(isAlive(postmaster!)).toBe(false);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    const recovered = new pg.Client(embeddedUrl(DATA_DIR));
    await recovered.connect();
    const kept = await recovered.query("SELECT 1 FROM audit_log WHERE entity_id = 'before-kill'");
    await recovered.end();
    expect(kept.rowCount).toBe(1);
    expect(postmasterPid(DATA_DIR)).toBe(restarted);
  } finally {
    await stopGracefully(server).catch(() => {});
  }
  expect(postmasterPid(DATA_DIR) === null || !isAlive(postmasterPid(DATA_DIR)!), "a graceful stop also stops PostgreSQL").toBe(true);
});
