import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import { hasRole, isRole, ROLE_PERMISSIONS, scopesForRole } from "@/lib/contract/auth/roles";

describe("scopesForRole", () => {
  it("gives a viewer read permissions only (payment-templates reads; saving one needs a rail's permission)", () => {
    expect(scopesForRole("viewer", PERMISSIONS)).toEqual([
      "get-account",
      "get-all-accounts",
      "get-payment-status",
      "get-virtual-account-transactions",
      "get-virtual-accounts",
      "get-a-virtual-account",
      "get-account-transactions",
      "payment-templates",
    ]);
  });

  it("lets a treasurer pay and run virtual accounts but not manage webhooks or the sandbox", () => {
    const scopes = scopesForRole("treasurer", PERMISSIONS);
    expect(scopes).toEqual(expect.arrayContaining(["payment-ach", "payment-swift", "payment-internal", "create-virtual-account", "update-virtual-account"]));
    // Those who pay keep standing orders (decisions §11); each order also needs its rail's permission.
    expect(scopes).toContain("standing-orders");
    expect(scopesForRole("viewer", PERMISSIONS)).not.toContain("standing-orders");
    expect(scopes).not.toContain("receive-notifications");
    expect(scopes).not.toContain("sandbox");
  });

  it("gives an admin every permission the client holds", () => {
    expect(new Set(scopesForRole("admin", PERMISSIONS))).toEqual(new Set(PERMISSIONS));
  });

  it("never grants a permission the client lacks", () => {
    const client = ["get-all-accounts", "receive-notifications", "not-a-permission"];
    expect(scopesForRole("admin", client)).toEqual(["get-all-accounts", "receive-notifications"]);
    expect(scopesForRole("viewer", client)).toEqual(["get-all-accounts"]);
    expect(scopesForRole("treasurer", [])).toEqual([]);
  });

  it("keeps each role a superset of the one below", () => {
    for (const p of ROLE_PERMISSIONS.viewer) expect(ROLE_PERMISSIONS.treasurer).toContain(p);
    for (const p of ROLE_PERMISSIONS.treasurer) expect(ROLE_PERMISSIONS.admin).toContain(p);
  });
});

describe("hasRole", () => {
  it("orders viewer < treasurer < admin", () => {
    expect(hasRole("admin", "treasurer")).toBe(true);
    expect(hasRole("treasurer", "viewer")).toBe(true);
    expect(hasRole("viewer", "treasurer")).toBe(false);
    expect(hasRole("treasurer", "admin")).toBe(false);
  });

  it("recognises only known roles", () => {
    expect(isRole("admin")).toBe(true);
    expect(isRole("root")).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
