import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { resetUserPassword } from "@/lib/server/domain/operations/users";

export default defineCommand({
  name: "user reset-password",
  summary: "Print a new single-use set-password link for a portal user (older links stop working)",
  flags: {
    client: { type: "string", value: "ID", required: true, description: "the client id" },
    email: { type: "string", value: "EMAIL", required: true, description: "the user's email" },
  },
  async run(ctx, flags) {
    const link = await resetUserPassword(ctx, { clientId: flags.client, email: flags.email });
    return {
      json: { email: link.email, inviteUrl: link.inviteUrl },
      text: `Set-password link for ${link.email} (single use, until ${link.expiresAt}):\n${link.inviteUrl}`,
    };
  },
});
