import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { showClient } from "@/lib/server/domain/operations/clients";

export default defineCommand({
  name: "client show",
  summary: "Show a client: permissions, IP allow-list, status, credentials (created/last used, never the secret)",
  flags: { id: { type: "string", value: "ID", required: true, description: "the client id" } },
  async run(ctx, flags) {
    const client = await showClient(ctx, { clientId: flags.id });
    return { json: client, text: JSON.stringify(client, null, 2) };
  },
});
