import "server-only";
import { ROLES } from "@/lib/contract/auth/roles";
import { defineCommand, stringFlag } from "@/lib/server/entry/cli/command";
import { inviteUser } from "@/lib/server/domain/operations/users";

export default defineCommand({
  name: "user invite",
  summary: "Invite a portal user into a client's organisation and print their set-password link",
  flags: {
    client: { type: "string", value: "ID", required: true, description: "the client id" },
    email: { type: "string", value: "EMAIL", required: true, description: "the user's work email (their sign-in)" },
    role: { type: "string", value: ROLES.join("|"), required: true, description: "what the user may do" },
    name: { type: "string", value: "NAME", description: "display name (default: the email's local part)" },
  },
  details: "The link is single-use and expires after 72 hours. Hand it to the user; no email is sent.",
  async run(ctx, flags) {
    const link = await inviteUser(ctx, { clientId: flags.client, email: flags.email, role: flags.role, name: stringFlag(flags.name) });
    return {
      json: { email: link.email, inviteUrl: link.inviteUrl },
      text: `Invited ${link.email}.\nSet-password link (single use, until ${link.expiresAt}):\n${link.inviteUrl}`,
    };
  },
});
