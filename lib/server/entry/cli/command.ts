import "server-only";
import type { OpsContext } from "@/lib/server/core/operation-context";

/**
 * One command of `npm run ops`. A command is a file in lib/server/entry/cli/commands/
 * that default-exports `defineCommand({...})`; see the registry there.
 */
export type FlagSpec = {
  type: "string" | "boolean";
  description: string;
  /** Shown in help as `--flag VALUE`. */
  value?: string;
  required?: boolean;
  /** A string flag that may be given several times (`--owner A --owner B`). */
  multiple?: boolean;
};

export type Flags = Record<string, string | boolean | string[] | undefined>;

/** What a command prints: one JSON object with --json, else `text` (default: `key: value` lines). */
export type CommandResult = { json: Record<string, unknown>; text?: string };

export type OpsCommand = {
  /** Words after `npm run ops --`, e.g. `client create`. */
  name: string;
  summary: string;
  /** Kebab-case flag names without `--`; `--json` and `--help` are added for every command. */
  flags: Record<string, FlagSpec>;
  /** Extra help text (examples, rules). */
  details?: string;
  run(ctx: OpsContext, flags: Flags): Promise<CommandResult>;
};

export function defineCommand(command: OpsCommand): OpsCommand {
  return command;
}

/** A malformed command line: exit 2 with the command's usage. */
export class UsageError extends Error {}

/** `--a,b, c` -> ["a", "b", "c"]; for list flags such as --permissions and --ip-allow-list. */
export function listFlag(value: Flags[string]): string[] | undefined {
  if (typeof value !== "string") return undefined;
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** Every value of a `multiple` flag, in order (none: undefined). */
export function repeatedFlag(value: Flags[string]): string[] | undefined {
  return Array.isArray(value) && value.length ? value : undefined;
}

export function stringFlag(value: Flags[string]): string | undefined {
  return typeof value === "string" ? value : undefined;
}
