import { describe, expect, it } from "vitest";
import { mintTestToken } from "@/lib/server/entry/portal/access-token";
import { getRuntime } from "@/lib/server/entry/runtime";

const user = {
  id: "00000000-0000-4000-8000-0000000000aa",
  email: "viewer@acme.test",
  sessionId: "00000000-0000-4000-8000-0000000000bb",
  role: "viewer",
  clientId: "acme",
  cif: "100200300",
  clientPermissions: ["get-account", "get-all-accounts", "payment-ach"],
} as const;

describe("mintTestToken", () => {
  it("carries the requested scopes the role allows of what the client holds, and the user and session (so dual control, step-up and sign-out apply to it)", async () => {
    const issued = await mintTestToken({ ...user, clientPermissions: [...user.clientPermissions] }, ["get-account", "payment-ach", "get-payment-status"]);
    expect(issued?.scope).toBe("get-account");
    const principal = await (await getRuntime()).verifyToken(issued!.access_token);
    expect(principal).toMatchObject({ clientId: "acme", cif: "100200300", portalUser: { id: user.id, sessionId: user.sessionId, role: "viewer" } });
    expect([...principal.scopes]).toEqual(["get-account"]);
    expect(issued!.expires_in).toBeLessThanOrEqual(300);
  });

  it("mints nothing when none of the requested scopes is allowed", async () => {
    expect(await mintTestToken({ ...user, clientPermissions: [...user.clientPermissions] }, ["payment-ach"])).toBeNull();
  });
});
