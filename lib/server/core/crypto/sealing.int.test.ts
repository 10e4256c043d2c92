import { describe, expect, it } from "vitest";
import { GET as signingSecret } from "@/app/v1/notifications/signing-secret/route";
import { openSigningSecret } from "@/lib/server/core/crypto/stored-secrets";
import { sealStoredSecrets } from "@/lib/server/core/crypto/sealing-repo";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, tokenFor } from "@/tests/api";

describe("secrets at rest", () => {
  it("keeps HMAC signing secrets, the bank's private key and server secrets sealed, and serves them opened", async () => {
    const { db } = await getRuntime();
    const clients = await db.query<{ signing_secret: string }>("SELECT signing_secret FROM clients WHERE signing_mode = 'hmac'");
    expect(clients.rows.length).toBeGreaterThan(0);
    for (const row of clients.rows) expect(row.signing_secret).toMatch(/^enc:v1:/);
    const servers = await db.query<{ value: string }>("SELECT value FROM server_secrets");
    for (const row of servers.rows) expect(row.value).toMatch(/^enc:v1:/);
    const keys = await db.query<{ kind: string; text: string }>("SELECT jsonb_typeof(private_jwk) AS kind, private_jwk #>> '{}' AS text FROM signing_keys");
    for (const row of keys.rows) expect(row).toMatchObject({ kind: "string", text: expect.stringMatching(/^enc:v1:/) });

    const res = await call<{ algorithm: string; secret: string }>(signingSecret, "/v1/notifications/signing-secret", { token: await tokenFor("globex") });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^whsec_/);
  });

  it("seals a secret left in clear by an older database, keeping its value", async () => {
    const { db } = await getRuntime();
    await db.query("UPDATE clients SET signing_secret = 'whsec_legacy-in-clear' WHERE client_id = 'initech'");
    expect(await sealStoredSecrets(db)).toBe(1);
    const { rows } = await db.query<{ signing_secret: string }>("SELECT signing_secret FROM clients WHERE client_id = 'initech'");
    expect(rows[0]!.signing_secret).toMatch(/^enc:v1:/);
    expect(openSigningSecret(rows[0]!.signing_secret)).toBe("whsec_legacy-in-clear");
    expect(await sealStoredSecrets(db)).toBe(0);
  });
});
