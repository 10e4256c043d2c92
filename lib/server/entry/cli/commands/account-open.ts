import "server-only";
import { ACCOUNT_CATEGORIES, attributeFromText, ownerFromText } from "@/lib/contract/ops/schema";
import { defineCommand, repeatedFlag, stringFlag } from "@/lib/server/entry/cli/command";
import { openAccount } from "@/lib/server/domain/operations/accounts";

export default defineCommand({
  name: "account open",
  summary: "Open an Active account for a client, its opening balance booked through the ledger",
  details: [
    "Example:",
    "  npm run ops -- account open --client acme --currency USD --opening-balance 1000.00 \\",
    '    --owner "Acme Ltd" --owner "J. Smith:Joint" --attribute COST_CENTRE=CC-104',
  ].join("\n"),
  flags: {
    client: { type: "string", value: "ID", required: true, description: "the client id" },
    number: { type: "string", value: "N", description: "account number, 8-20 digits (default: the next free number)" },
    currency: { type: "string", value: "CCY", required: true, description: "ISO 4217 currency, e.g. USD or BMD" },
    "opening-balance": { type: "string", value: "AMOUNT", description: "decimal amount, e.g. 1000.00 (default 0)" },
    type: { type: "string", value: "TYPE", description: "account type, e.g. Corporate" },
    "sub-type": { type: "string", value: "SUBTYPE", description: "account sub-type (default CORP-CHK)" },
    nickname: { type: "string", value: "TEXT", description: "nickname shown to the client" },
    category: { type: "string", value: ACCOUNT_CATEGORIES.join("|"), description: "default account" },
    owner: {
      type: "string",
      value: "NAME[:Joint]",
      multiple: true,
      description: "an owner, Primary unless :Joint follows (default: the client's name, Primary)",
    },
    attribute: { type: "string", value: "NAME=VALUE", multiple: true, description: "an attribute shown with the account, e.g. COST_CENTRE=CC-104" },
    "credit-interest-rate": { type: "string", value: "PERCENT", description: "credit interest, percent a year (default 0.1)" },
    "debit-interest-rate": { type: "string", value: "PERCENT", description: "debit interest, percent a year (default 0)" },
  },
  async run(ctx, flags) {
    const opened = await openAccount(ctx, {
      clientId: flags.client,
      accountNumber: stringFlag(flags.number),
      currency: flags.currency,
      openingBalance: stringFlag(flags["opening-balance"]),
      accountType: stringFlag(flags.type),
      accountSubType: stringFlag(flags["sub-type"]),
      nickname: stringFlag(flags.nickname),
      category: stringFlag(flags.category),
      owners: repeatedFlag(flags.owner)?.map(ownerFromText),
      attributes: repeatedFlag(flags.attribute)?.map(attributeFromText),
      creditInterestRate: stringFlag(flags["credit-interest-rate"]),
      debitInterestRate: stringFlag(flags["debit-interest-rate"]),
    });
    return {
      json: { accountNumber: opened.accountNumber, accountId: opened.accountId },
      text: `Account ${opened.accountNumber} opened (${opened.accountId}).`,
    };
  },
});
