import { describe, expect, it } from "vitest";
import { GET as getAccount } from "@/app/v1/accounts/[accountNumber]/route";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, tokenFor } from "@/tests/api";
import { runOps } from "@/tests/ops";
import { achBody, postAch } from "@/tests/payments";

/** Accounts in docs/operations.md: owners and attributes at open, status, and closing only at zero. */
const ops = (...argv: string[]) => runOps([...argv, "--json"]);

async function apiAccount(number: string) {
  return call<{
    status: string;
    owners: Array<{ displayName: string; accountHolderType: string }>;
    accountAttributes: Array<{ name: string; value: unknown }>;
  }>(getAccount, `/v1/accounts/${number}`, { token: await tokenFor("acme"), params: { accountNumber: number } });
}

describe("account open: owners and attributes", () => {
  it("opens with the owners and attributes given, shown to the client by the API", async () => {
    const opened = await ops(
      "account",
      "open",
      "--client",
      "acme",
      "--number",
      "7100000001",
      "--currency",
      "USD",
      "--owner",
      "Acme Ltd",
      "--owner",
      "J. Smith:Joint",
      "--attribute",
      "COST_CENTRE=CC-104",
      "--attribute",
      "REGION=Atlantic",
    );
    expect(opened.code).toBe(0);
    const account = await apiAccount("7100000001");
    expect(account.status).toBe(200);
    expect(account.body.owners).toEqual([
      { displayName: "Acme Ltd", accountHolderType: "Primary" },
      { displayName: "J. Smith", accountHolderType: "Joint" },
    ]);
    expect(account.body.accountAttributes).toEqual(
      expect.arrayContaining([
        { name: "COST_CENTRE", value: "CC-104" },
        { name: "REGION", value: "Atlantic" },
        { name: "STATUS", value: "ACTIVE" },
      ]),
    );
  });

  it("refuses a mistyped holder type, a bank attribute and an attribute without a value, naming the field, and opens nothing", async () => {
    const base = ["account", "open", "--client", "acme", "--number", "7100000002", "--currency", "USD"];
    expect((await ops(...base, "--owner", "J. Smith:Jiont")).json).toMatchObject({ error: { field: "owners[0].accountHolderType" } });
    expect((await ops(...base, "--owner", "J. Smith:Joint")).json).toMatchObject({
      error: { field: "owners", message: expect.stringMatching(/Primary owner/) },
    });
    expect((await ops(...base, "--attribute", "STATUS=OPEN")).json).toMatchObject({ error: { field: "attributes[0].name" } });
    expect((await ops(...base, "--attribute", "NOTE")).json).toMatchObject({ error: { field: "attributes[0].value" } });
    const { db } = await getRuntime();
    expect((await db.query("SELECT 1 FROM accounts WHERE account_number = '7100000002'")).rowCount).toBe(0);
  });
});

describe("account status and close", () => {
  it("closes only at zero with nothing pending, saying why not; a closed account is INACTIVE to the client and keeps its status", async () => {
    expect((await ops("account", "open", "--client", "acme", "--number", "7100000003", "--currency", "USD", "--opening-balance", "100.00")).code).toBe(0);
    const funded = await ops("account", "close", "--client", "acme", "--number", "7100000003");
    expect(funded).toMatchObject({ code: 1, json: { error: { code: "ACCOUNT_NOT_EMPTY", field: "accountNumber" } } });
    expect(funded.err).toMatch(/has a balance of 100\.00 USD; an account closes only at zero/);

    // The whole balance paid out: available is zero, but the Pending payment could still come back.
    expect((await postAch(achBody({ debtorAccount: { identification: "7100000003" } }))).status).toBe(201);
    const pending = await ops("account", "close", "--client", "acme", "--number", "7100000003");
    expect(pending).toMatchObject({ code: 1, json: { error: { code: "ACCOUNT_NOT_EMPTY" } } });
    expect(pending.err).toMatch(/has 1 pending payment/);

    expect((await ops("account", "open", "--client", "acme", "--number", "7100000004", "--currency", "USD")).code).toBe(0);
    expect((await ops("account", "status", "--client", "acme", "--number", "7100000004", "--status", "INACTIVE")).code).toBe(0);
    expect((await apiAccount("7100000004")).body.status).toBe("INACTIVE");
    expect((await ops("account", "close", "--client", "acme", "--number", "7100000004")).json).toEqual({ accountNumber: "7100000004", status: "Closed" });
    const closed = await apiAccount("7100000004");
    expect(closed.body.status).toBe("INACTIVE");
    expect(closed.body.accountAttributes).toContainEqual({ name: "STATUS", value: "CLOSED" });
    expect((await ops("account", "status", "--client", "acme", "--number", "7100000004", "--status", "Active")).err).toMatch(/is closed/);
    expect((await ops("account", "close", "--client", "acme", "--number", "7100000004")).err).toMatch(/already closed/);
    expect((await ops("account", "close", "--client", "acme", "--number", "7199999999")).json).toMatchObject({
      error: { code: "ACCOUNT_NOT_FOUND", field: "accountNumber" },
    });

    const { db } = await getRuntime();
    const { rows } = await db.query("SELECT before, after FROM audit_log WHERE client_id = 'acme' AND action = 'account.closed'");
    expect(rows).toEqual([{ before: { status: "INACTIVE" }, after: { status: "INACTIVE", closed: true } }]);
  });
});
