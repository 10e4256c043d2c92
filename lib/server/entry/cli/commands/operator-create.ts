import "server-only";
import { defineCommand, stringFlag } from "@/lib/server/entry/cli/command";
import { createOperator } from "@/lib/server/domain/operations/users";

export default defineCommand({
  name: "operator create",
  summary: "Create a bank operator (staff of the bank, in no client) and print their set-password link",
  flags: {
    email: { type: "string", value: "EMAIL", required: true, description: "the operator's work email (their sign-in)" },
    name: { type: "string", value: "NAME", description: "display name (default: the email's local part)" },
  },
  details: "The link is single-use and expires after 72 hours. Hand it to the operator; no email is sent.",
  async run(ctx, flags) {
    const link = await createOperator(ctx, { email: flags.email, name: stringFlag(flags.name) });
    return {
      json: { email: link.email, inviteUrl: link.inviteUrl },
      text: `Operator ${link.email} created.\nSet-password link (single use, until ${link.expiresAt}):\n${link.inviteUrl}`,
    };
  },
});
