import { describe, expect, it } from "vitest";
import { GET as getAccount } from "@/app/v1/accounts/[accountNumber]/route";
import { POST as issueToken } from "@/app/v1/oauth/token/route";
import { authenticate } from "@/lib/server/domain/auth/sign-in";
import { runCli } from "@/lib/server/entry/cli/run";
import { COMMANDS } from "@/lib/server/entry/cli/commands";
import { setPasswordWithLink } from "@/lib/server/domain/operations/users";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody } from "@/tests/api";
import { runOps } from "@/tests/ops";

const ops = (...argv: string[]) => runOps(argv);

async function token(clientId: string, secret: string): Promise<{ status: number; token: string }> {
  const res = await call<{ access_token: string }>(issueToken, "/v1/oauth/token", {
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    rawBody: "grant_type=client_credentials",
    method: "POST",
  });
  return { status: res.status, token: res.body.access_token };
}

async function audit(clientId: string, action: string): Promise<number> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE client_id = $1 AND action = $2", [clientId, action]);
  return rows[0]!.n;
}

describe("npm run ops: the command-line contract", () => {
  it("onboards a client whose issued secret gets a token, with an account whose opening balance is a ledger posting", async () => {
    const created = await ops("client", "create", "--id", "zeta", "--name", "Zeta Ltd", "--cif", "900100", "--signing", "hmac", "--json");
    expect(created.code).toBe(0);
    expect(Object.keys(created.json).sort()).toEqual(["clientId", "clientSecret"]);
    expect(created.json.clientId).toBe("zeta");
    const { db } = await getRuntime();
    const stored = await db.query("SELECT secret_hash FROM client_credentials WHERE client_id = 'zeta'");
    expect(stored.rows[0].secret_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored.rows)).not.toContain(String(created.json.clientSecret));

    const opened = await ops("account", "open", "--client", "zeta", "--number", "7000000001", "--currency", "USD", "--opening-balance", "1000.00", "--json");
    expect(opened).toMatchObject({ code: 0, json: { accountNumber: "7000000001", accountId: "ACC-7000000001" } });

    const issued = await token("zeta", String(created.json.clientSecret));
    expect(issued.status).toBe(200);
    const account = await call<{ availableBalance: { amount: string; currency: string } }>(getAccount, "/v1/accounts/7000000001", {
      token: issued.token,
      params: { accountNumber: "7000000001" },
    });
    expect(account.status).toBe(200);
    expect(account.body.availableBalance).toEqual({ amount: "1000.00", currency: "USD" });
    const postings = await db.query("SELECT kind, amount_minor::text FROM ledger_postings WHERE client_id = 'zeta' AND account_id = 'ACC-7000000001'");
    expect(postings.rows).toEqual([{ kind: "opening_balance", amount_minor: "100000" }]);
    expect(await audit("zeta", "client.created")).toBe(1);
    expect(await audit("zeta", "account.opened")).toBe(1);
  });

  it("refuses bad input with exit 1 naming the field, and changes nothing", async () => {
    const cidr = await ops(
      "client",
      "create",
      "--id",
      "bad-cidr",
      "--name",
      "B",
      "--cif",
      "1",
      "--signing",
      "rsa",
      "--ip-allow-list",
      "10.0.0.0/8,300.1.1.1/32",
      "--json",
    );
    expect(cidr.code).toBe(1);
    expect(cidr.err).toMatch(/ipAllowList\[1\].*300\.1\.1\.1/);
    expect(cidr.json).toMatchObject({ error: { code: "VALIDATION_ERROR", field: "ipAllowList[1]" } });
    const permission = await ops("client", "create", "--id", "bad-perm", "--name", "B", "--cif", "1", "--signing", "rsa", "--permissions", "get-account,fly");
    expect(permission.code).toBe(1);
    expect(permission.err).toMatch(/permissions\[1\]/);
    const { db } = await getRuntime();
    expect((await db.query("SELECT 1 FROM clients WHERE client_id LIKE 'bad-%'")).rowCount).toBe(0);

    expect((await ops("account", "open", "--client", "acme", "--number", "1000123456", "--currency", "USD")).err).toMatch(/accountNumber.*already used/);
    expect((await ops("account", "open", "--client", "acme", "--currency", "XYZ")).err).toMatch(/currency must be an ISO 4217 code/);
    expect((await ops("account", "open", "--client", "acme", "--currency", "JPY", "--opening-balance", "10.5")).code).toBe(1);
    expect((await ops("account", "open", "--client", "nobody", "--currency", "USD")).err).toMatch(/no client nobody/);
    expect((await ops("user", "invite", "--client", "acme", "--email", "ADMIN@acme.test", "--role", "viewer")).err).toMatch(/admin@acme.test already/);
    expect((await ops("user", "invite", "--client", "acme", "--email", "new@acme.test", "--role", "owner")).code).toBe(1);
  });

  it("answers usage errors with exit 2 and help with exit 0, without opening the database", async () => {
    const never = () => Promise.reject(new Error("must not open the database"));
    const run = (...argv: string[]) => runCli(argv, COMMANDS, never, { out: () => {}, err: () => {} });
    expect(await run()).toBe(2);
    expect(await run("--help")).toBe(0);
    expect(await run("client", "fly")).toBe(2);
    expect(await run("client", "create", "--id", "x")).toBe(2);
    expect(await run("client", "create", "--id", "x", "--name", "n", "--cif", "1", "--signing", "rsa", "--colour", "red")).toBe(2);
    for (const command of COMMANDS) expect(await run(...command.name.split(" "), "--help")).toBe(0);
    const help = await ops("--help");
    for (const name of ["operator create", "client create", "client suspend", "client reactivate", "account open", "user invite", "bank-code add"]) {
      expect(help.out).toContain(name);
    }
  });

  it("suspends a client: its token requests and tokens get 401 at once; reactivation restores both", async () => {
    const before = await token("globex", "globex-uat-secret");
    expect(before.status).toBe(200);
    expect((await ops("client", "suspend", "--id", "globex")).code).toBe(0);
    expect((await token("globex", "globex-uat-secret")).status).toBe(401);
    const refused = await call(getAccount, "/v1/accounts/3000456001", { token: before.token, params: { accountNumber: "3000456001" } });
    expect(refused.status).toBe(401);
    expectErrorBody(refused.body, 401, "UNAUTHORIZED");
    expect((await ops("client", "reactivate", "--id", "globex")).code).toBe(0);
    expect((await call(getAccount, "/v1/accounts/3000456001", { token: before.token, params: { accountNumber: "3000456001" } })).status).toBe(200);
    expect(await audit("globex", "client.suspended")).toBe(1);
  });

  it("rotates a secret with an overlap: both work during it; with no overlap the old one is refused", async () => {
    const rotated = await ops("client", "rotate-secret", "--id", "initech", "--json");
    expect(rotated.code).toBe(0);
    expect((await token("initech", "initech-uat-secret")).status).toBe(200);
    expect((await token("initech", String(rotated.json.clientSecret))).status).toBe(200);
    const again = await ops("client", "rotate-secret", "--id", "initech", "--overlap-hours", "0", "--json");
    expect((await token("initech", "initech-uat-secret")).status).toBe(401);
    expect((await token("initech", String(rotated.json.clientSecret))).status).toBe(401);
    expect((await token("initech", String(again.json.clientSecret))).status).toBe(200);
    const shown = await ops("client", "show", "--id", "initech", "--json");
    expect(JSON.stringify(shown.json)).not.toContain("scrypt");
    expect((shown.json.credentials as Array<{ lastUsedAt: string | null }>)[0]!.lastUsedAt).not.toBeNull();
  });

  it("invites a user with a single-use link that sets their password; disabling ends sign-in", async () => {
    const invited = await ops("user", "invite", "--client", "acme", "--email", "New.Person@acme.test", "--role", "treasurer", "--json");
    expect(invited.code).toBe(0);
    expect(invited.json.email).toBe("new.person@acme.test");
    const url = new URL(String(invited.json.inviteUrl));
    expect(url.origin + url.pathname).toBe("http://localhost:3999/set-password");
    const linkToken = new URLSearchParams(url.hash.slice(1)).get("token")!;
    const { db } = await getRuntime();
    const signIn = () => authenticate(db, { email: "new.person@acme.test", password: "a long new password" }, null);
    expect(await signIn()).toMatchObject({ ok: false });
    await expect(setPasswordWithLink(db, { token: linkToken, password: "short" })).rejects.toMatchObject({ field: "password" });
    expect(await setPasswordWithLink(db, { token: linkToken, password: "a long new password" })).toEqual({ email: "new.person@acme.test" });
    await expect(setPasswordWithLink(db, { token: linkToken, password: "another long password" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      field: "token",
    });
    expect(await signIn()).toMatchObject({ ok: true, user: { role: "treasurer", clientId: "acme" } });
    expect((await ops("user", "disable", "--client", "acme", "--email", "new.person@acme.test")).code).toBe(0);
    expect(await signIn()).toMatchObject({ ok: false });
  });

  it("creates an operator who belongs to no client", async () => {
    const created = await ops("operator", "create", "--email", "ops@harbour.test", "--json");
    expect(created).toMatchObject({ code: 0, json: { email: "ops@harbour.test" } });
    const { db } = await getRuntime();
    const { rows } = await db.query("SELECT role, client_id FROM users WHERE email = 'ops@harbour.test'");
    expect(rows).toEqual([{ role: "operator", client_id: null }]);
  });

  it("adds a bank code that running servers pick up through the reference version", async () => {
    const { db } = await getRuntime();
    const version = async () => (await db.query("SELECT version::text AS v FROM reference_data_version")).rows[0].v as string;
    const before = await version();
    expect((await ops("bank-code", "add", "--code", "BANK_D", "--currency", "USD", "--name", "Bank D", "--json")).json).toEqual({
      bankCode: "BANK_D",
      currency: "USD",
      name: "Bank D",
    });
    expect(await version()).not.toBe(before);
    expect((await ops("bank-code", "add", "--code", "bank d", "--currency", "USD")).code).toBe(1);
  });
});

describe("npm run ops: users and client access", () => {
  const signIn = async (email: string, password: string) => authenticate((await getRuntime()).db, { email, password }, null);
  const linkToken = (url: unknown) => new URLSearchParams(new URL(String(url)).hash.slice(1)).get("token")!;

  it("user role changes what the user is; user reset-password issues a new single-use link; user enable lets a disabled user in again", async () => {
    const invited = await ops("user", "invite", "--client", "acme", "--email", "rolling@acme.test", "--role", "viewer", "--json");
    const { db } = await getRuntime();
    await setPasswordWithLink(db, { token: linkToken(invited.json.inviteUrl), password: "first long password" });
    expect(await signIn("rolling@acme.test", "first long password")).toMatchObject({ ok: true, user: { role: "viewer" } });

    expect((await ops("user", "role", "--client", "acme", "--email", "rolling@acme.test", "--role", "treasurer", "--json")).code).toBe(0);
    expect(await signIn("rolling@acme.test", "first long password")).toMatchObject({ ok: true, user: { role: "treasurer" } });
    expect((await ops("user", "role", "--client", "acme", "--email", "rolling@acme.test", "--role", "operator")).err).toMatch(/role must be one of/);
    expect((await ops("user", "role", "--client", "globex", "--email", "rolling@acme.test", "--role", "viewer")).code).toBe(1);

    const reset = await ops("user", "reset-password", "--client", "acme", "--email", "rolling@acme.test", "--json");
    expect(reset.code).toBe(0);
    await setPasswordWithLink(db, { token: linkToken(reset.json.inviteUrl), password: "second long password" });
    expect(await signIn("rolling@acme.test", "first long password")).toMatchObject({ ok: false });
    expect(await signIn("rolling@acme.test", "second long password")).toMatchObject({ ok: true });

    expect((await ops("user", "disable", "--client", "acme", "--email", "rolling@acme.test")).code).toBe(0);
    expect(await signIn("rolling@acme.test", "second long password")).toMatchObject({ ok: false });
    expect((await ops("user", "enable", "--client", "acme", "--email", "rolling@acme.test")).code).toBe(0);
    expect(await signIn("rolling@acme.test", "second long password")).toMatchObject({ ok: true });
    for (const action of ["user.role_changed", "user.password_reset_issued", "user.enabled"]) expect(await audit("acme", action), action).toBe(1);
  });

  it("client permissions take effect at the next token: the token in hand keeps its scope, the next one has the new list", async () => {
    const before = await token("globex", "globex-uat-secret");
    expect((await ops("client", "permissions", "--id", "globex", "--permissions", "get-account,get-all-accounts", "--json")).code).toBe(0);
    expect((await call(getAccount, "/v1/accounts/3000456001", { token: before.token, params: { accountNumber: "3000456001" } })).status).toBe(200);
    const res = await call<{ access_token: string; scope: string }>(issueToken, "/v1/oauth/token", {
      headers: { authorization: `Basic ${Buffer.from("globex:globex-uat-secret").toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
      rawBody: "grant_type=client_credentials",
      method: "POST",
    });
    expect(res.body.scope.split(" ").sort()).toEqual(["get-account", "get-all-accounts"]);
    const refused = await ops("client", "permissions", "--id", "globex", "--permissions", "get-account,fly", "--json");
    expect(refused).toMatchObject({ code: 1, json: { error: { field: "permissions[1]" } } });
    expect(await audit("globex", "client.permissions_changed")).toBe(1);
  });

  it("client ip-allow-list refuses requests from outside at once and takes IPv6 too; an empty list allows any address", async () => {
    const issued = await token("globex", "globex-uat-secret");
    const from = (ip: string) =>
      call(getAccount, "/v1/accounts/3000456001", { token: issued.token, headers: { "x-forwarded-for": ip }, params: { accountNumber: "3000456001" } });
    expect((await ops("client", "ip-allow-list", "--id", "globex", "--cidrs", "10.1.0.0/16,2001:db8::/32", "--json")).code).toBe(0);
    expect((await from("192.0.2.7")).status).toBe(403);
    expect((await from("10.1.2.3")).status).toBe(200);
    expect((await from("2001:db8::5")).status).toBe(200);
    expect((await ops("client", "ip-allow-list", "--id", "globex", "--cidrs", "10.1.0.0/33", "--json")).json).toMatchObject({
      error: { field: "ipAllowList[0]" },
    });
    expect((await from("192.0.2.7")).status).toBe(403);
    expect((await ops("client", "ip-allow-list", "--id", "globex", "--cidrs", "", "--json")).code).toBe(0);
    expect((await from("192.0.2.7")).status).toBe(200);
  });
});
