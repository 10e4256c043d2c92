import "server-only";
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { ApiError } from "@/lib/contract/http/errors";
import { UsageError, type Flags, type OpsCommand } from "@/lib/server/entry/cli/command";
import type { OpsContext } from "@/lib/server/core/operation-context";

/** Exit codes of `npm run ops` (decisions §10): done, refused with a message, usage. */
export const EXIT = { done: 0, refused: 1, usage: 2 } as const;

export type CliIo = { out: (line: string) => void; err: (line: string) => void };

const PROGRAM = "npm run ops --";

function commandUsage(command: OpsCommand): string {
  const flags = Object.entries(command.flags).map(([name, spec]) => {
    const head = `  --${name}${spec.type === "string" ? ` ${spec.value ?? "VALUE"}` : ""}`;
    return `${head.padEnd(34)} ${spec.required ? "(required) " : ""}${spec.description}${spec.multiple ? " (may be repeated)" : ""}`;
  });
  return [
    `Usage: ${PROGRAM} ${command.name} [flags]`,
    "",
    command.summary + ".",
    ...(command.details ? ["", command.details] : []),
    "",
    "Flags:",
    ...flags,
    `${"  --json".padEnd(34)} print one JSON object`,
    `${"  --help".padEnd(34)} show this help`,
  ].join("\n");
}

export function programUsage(commands: readonly OpsCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    `Usage: ${PROGRAM} <command> [flags] [--json]`,
    "",
    "Bank operations on the database of DATABASE_URL, or the embedded PostgreSQL in DATA_DIR",
    "(pending migrations are applied first; safe while servers run). See docs/operations.md.",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    "",
    `Run \`${PROGRAM} <command> --help\` for a command's flags.`,
    "Exit codes: 0 done, 1 refused (the message says why), 2 usage.",
  ].join("\n");
}

/** The longest command name that the leading words spell. */
function findCommand(commands: readonly OpsCommand[], words: string[]): { command: OpsCommand; rest: number } | null {
  for (let n = Math.min(words.length, 3); n > 0; n--) {
    const command = commands.find((c) => c.name === words.slice(0, n).join(" "));
    if (command) return { command, rest: n };
  }
  return null;
}

function parseFlags(command: OpsCommand, args: string[]): { flags: Flags; json: boolean; help: boolean } {
  const options = Object.fromEntries(Object.entries(command.flags).map(([name, spec]) => [name, { type: spec.type, multiple: spec.multiple === true }]));
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...options, json: { type: "boolean" }, help: { type: "boolean" } }, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { json, help, ...flags } = parsed.values as Flags;
  if (!help) {
    const missing = Object.entries(command.flags)
      .filter(([name, spec]) => spec.required && flags[name] === undefined)
      .map(([name]) => `--${name}`);
    if (missing.length) throw new UsageError(`missing ${missing.join(", ")}`);
  }
  return { flags, json: json === true, help: help === true };
}

function refusal(error: unknown): { code: string; message: string; field: string | null } | null {
  if (error instanceof ApiError) {
    const details = error.details && error.details.length > 1 ? ` (${error.details.map((d) => `${d.field}: ${d.message}`).join("; ")})` : "";
    // The operator must see which flag or field was refused, whatever the message says.
    const named = error.field && !error.message.includes(error.field) ? `${error.field}: ${error.message}` : error.message;
    return { code: error.code, message: named + details, field: error.field };
  }
  if (error instanceof ZodError) {
    return {
      code: "VALIDATION_ERROR",
      message: error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "),
      field: String(error.issues[0]?.path.join(".") ?? "") || null,
    };
  }
  return null;
}

function render(json: Record<string, unknown>): string {
  return Object.entries(json)
    .map(([k, v]) => `${k}: ${typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)}`)
    .join("\n");
}

/**
 * Runs one command line. The database is opened only for a command that
 * parsed (help and usage errors never touch it), through `openContext`.
 */
export async function runCli(argv: string[], commands: readonly OpsCommand[], openContext: () => Promise<OpsContext>, io: CliIo): Promise<number> {
  const words = argv.slice(0, argv.findIndex((a) => a.startsWith("-")) === -1 ? argv.length : argv.findIndex((a) => a.startsWith("-")));
  if (words.length === 0) {
    const asked = argv.includes("--help") || argv.includes("-h");
    (asked ? io.out : io.err)(programUsage(commands));
    return asked ? EXIT.done : EXIT.usage;
  }
  const found = findCommand(commands, words);
  if (!found || found.rest !== words.length) {
    io.err(`Unknown command: ${words.join(" ")}\n\n${programUsage(commands)}`);
    return EXIT.usage;
  }
  const { command } = found;
  let parsed;
  try {
    parsed = parseFlags(command, argv.slice(found.rest));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${command.name}: ${error.message}\n\n${commandUsage(command)}`);
    return EXIT.usage;
  }
  if (parsed.help) {
    io.out(commandUsage(command));
    return EXIT.done;
  }
  try {
    const result = await command.run(await openContext(), parsed.flags);
    io.out(parsed.json ? JSON.stringify(result.json) : (result.text ?? render(result.json)));
    return EXIT.done;
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    io.err(`${command.name}: refused: ${refused.message}`);
    if (parsed.json) io.out(JSON.stringify({ error: refused }));
    return EXIT.refused;
  }
}
