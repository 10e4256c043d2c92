import "server-only";
import { defineCommand, listFlag } from "@/lib/server/entry/cli/command";
import { setClientAllowList } from "@/lib/server/domain/operations/clients";

export default defineCommand({
  name: "client ip-allow-list",
  summary: "Replace a client's IP allow-list (IPv4/IPv6 CIDRs; empty allows any address)",
  flags: {
    id: { type: "string", value: "ID", required: true, description: "the client id" },
    cidrs: { type: "string", value: "CIDR,CIDR", required: true, description: 'comma-separated CIDRs, "" for none' },
  },
  async run(ctx, flags) {
    const client = await setClientAllowList(ctx, { clientId: flags.id, ipAllowList: listFlag(flags.cidrs) });
    return { json: { clientId: client.clientId, ipAllowList: client.ipAllowList } };
  },
});
