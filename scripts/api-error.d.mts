import type { ServerResponse } from "node:http";

type Extra = { field?: string | null; details?: { field: string | null; code: string; message: string }[] | null };
export declare const API_PATH: RegExp;
export declare function apiErrorBody(status: number, code: string, message: string, extra?: Extra & { correlationId?: string }): string;
export declare function writeApiError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra?: Extra & { headers?: Record<string, string> },
): void;
