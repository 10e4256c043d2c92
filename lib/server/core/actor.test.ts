import { describe, expect, it } from "vitest";
import type { AuditEntry } from "@/lib/server/core/audit/write";
import type { Principal } from "@/lib/server/core/auth/tokens";
import { requestActor } from "@/lib/server/core/actor";

const client: Principal = { clientId: "acme", cif: "C1", scopes: new Set(), tokenId: "t1", portalUser: null };

describe("requestActor", () => {
  it("names the API client when its own token calls", () => {
    expect(requestActor(client, "203.0.113.9", "corr-1")).toEqual({
      clientId: "acme",
      actor: "client:acme",
      person: null,
      ip: "203.0.113.9",
      correlationId: "corr-1",
    });
  });

  it("names the portal user behind a portal token", () => {
    const portal: Principal = { ...client, portalUser: { id: "u-1", email: "treasurer@acme.test", role: "treasurer", sessionId: "s-1" } };
    expect(requestActor(portal, null, "corr-2")).toMatchObject({
      clientId: "acme",
      actor: "user:u-1",
      person: { userId: "u-1", email: "treasurer@acme.test" },
      ip: null,
    });
  });

  it("spreads into an audit row", () => {
    const entry: AuditEntry = { ...requestActor(client, null, "corr-3"), action: "test.done", entity: "test", entityId: "1" };
    expect(entry).toMatchObject({ clientId: "acme", actor: "client:acme", correlationId: "corr-3" });
  });
});
