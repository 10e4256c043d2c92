import { afterEach, describe, expect, it } from "vitest";
import { checkReadiness } from "@/lib/server/entry/health/readiness";
import { lifecycle } from "@/lib/server/core/lifecycle";
import { getRuntime } from "@/lib/server/entry/runtime";
import { GET as readyz } from "@/app/readyz/route";

afterEach(() => {
  lifecycle().draining = false;
});

describe("/readyz", () => {
  it("is ready with the database reachable and every migration applied", async () => {
    const response = await readyz();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
  });

  it("answers 503 at once while the process drains for a stop", async () => {
    lifecycle().draining = true;
    const response = await readyz();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toEqual({ status: "not ready", reason: "draining" });
  });

  it("is not ready while a migration shipped with this build is not applied", async () => {
    const { db } = await getRuntime();
    const { rows } = await db.query<{ name: string }>("DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name");
    try {
      expect(await checkReadiness()).toEqual({ ready: false, reason: "migrations pending" });
    } finally {
      await db.query("INSERT INTO schema_migrations (name) VALUES ($1)", [rows[0]!.name]);
    }
    expect(await checkReadiness()).toEqual({ ready: true });
  });
});
