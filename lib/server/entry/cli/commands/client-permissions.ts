import "server-only";
import { defineCommand, listFlag } from "@/lib/server/entry/cli/command";
import { setClientPermissions } from "@/lib/server/domain/operations/clients";

export default defineCommand({
  name: "client permissions",
  summary: "Replace a client's permissions (takes effect at its next token)",
  flags: {
    id: { type: "string", value: "ID", required: true, description: "the client id" },
    permissions: { type: "string", value: "P1,P2", required: true, description: "comma-separated permission claims" },
  },
  async run(ctx, flags) {
    const client = await setClientPermissions(ctx, { clientId: flags.id, permissions: listFlag(flags.permissions) });
    return { json: { clientId: client.clientId, permissions: client.permissions } };
  },
});
