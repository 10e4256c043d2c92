import "server-only";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import { defineCommand, listFlag } from "@/lib/server/entry/cli/command";
import { createClient } from "@/lib/server/domain/operations/clients";

export default defineCommand({
  name: "client create",
  summary: "Onboard an API client and print its client secret (shown this once only)",
  flags: {
    id: { type: "string", value: "ID", required: true, description: "client id: 2-40 lowercase letters, digits, dashes" },
    name: { type: "string", value: "NAME", required: true, description: "the client's legal name" },
    cif: { type: "string", value: "CIF", required: true, description: "the client's customer information file number" },
    signing: { type: "string", value: "hmac|rsa", required: true, description: "how its webhooks are signed" },
    permissions: { type: "string", value: "P1,P2", description: `comma-separated (default all: ${PERMISSIONS.join(", ")}; sandbox in uat only)` },
    "ip-allow-list": { type: "string", value: "CIDR,CIDR", description: "IPv4/IPv6 CIDRs the client may call from (default: any)" },
  },
  async run(ctx, flags) {
    const created = await createClient(ctx, {
      clientId: flags.id,
      name: flags.name,
      cif: flags.cif,
      signing: flags.signing,
      permissions: listFlag(flags.permissions),
      ipAllowList: listFlag(flags["ip-allow-list"]),
    });
    return {
      json: { clientId: created.clientId, clientSecret: created.clientSecret },
      text: `Client ${created.clientId} created.\nclient_secret (shown once, store it now): ${created.clientSecret}`,
    };
  },
});
