import { z } from "zod";
import { MAX_CUSTOM_HEADERS, ZCustomHeaders } from "@/lib/contract/http/custom-headers";
import { ZCreateSubscription, type TCreateSubscription } from "@/lib/contract/webhooks/schema";
import { ZEventTopic } from "@/lib/contract/events/schema";

/**
 * The subscription form: the API's own schemas (lib/contract/webhooks/schema.ts) run on
 * the rows of the custom-headers editor, so every rule the API enforces
 * (forbidden names, characters, lengths, the limit of 10) shows inline before
 * submit, on the row and the cell it belongs to. Browser-safe: zod only.
 */

export type HeaderRow = { name: string; value: string };
export type RowIssue = { row: number; field: "name" | "value"; message: string };

/** Zod's generic length messages, said the way the form says things. */
function friendly(issue: z.core.$ZodIssue, field: "name" | "value"): string {
  if (issue.code === "too_small") return field === "name" ? "Enter a header name" : issue.message;
  if (issue.code === "too_big") return `must be at most ${String(issue.maximum)} characters`;
  return issue.message;
}

/** Issues of one row, as the API's schema reports them for that header alone. */
function rowIssues(row: HeaderRow, index: number): RowIssue[] {
  const result = ZCustomHeaders.safeParse({ [row.name]: row.value });
  if (result.success) return [];
  const issues: RowIssue[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === "invalid_key") {
      // The key's own issues (length, token characters): show the first, the most basic.
      const first = issue.issues[0];
      if (first) issues.push({ row: index, field: "name", message: friendly(first, "name") });
    } else if (issue.code === "custom") {
      issues.push({ row: index, field: "name", message: issue.message });
    } else {
      issues.push({ row: index, field: "value", message: friendly(issue, "value") });
    }
  }
  // One message per cell.
  return issues.filter((i, n) => issues.findIndex((j) => j.field === i.field) === n);
}

/** Every issue of the editor's rows: per row, then duplicates (case-insensitive, as the API compares names). */
export function headerRowIssues(rows: readonly HeaderRow[]): { rows: RowIssue[]; form: string | null } {
  const issues = rows.flatMap(rowIssues);
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const key = row.name.trim().toLowerCase();
    if (!key) return;
    if (seen.has(key) && !issues.some((i) => i.row === index && i.field === "name")) {
      issues.push({ row: index, field: "name", message: `duplicate of row ${seen.get(key)! + 1}: header names are case-insensitive` });
    }
    if (!seen.has(key)) seen.set(key, index);
  });
  const form = rows.length > MAX_CUSTOM_HEADERS ? `at most ${MAX_CUSTOM_HEADERS} headers` : null;
  return { rows: issues, form };
}

/**
 * The URL rules the API checks without DNS (lib/server/domain/delivery/destination-policy.ts
 * checkUrlShape, which needs node:net and so cannot ship to the browser):
 * absolute http(s), no credentials, https in production. Whether the host
 * resolves to an allowed address is the API's answer at submit time.
 */
export function callbackUrlIssue(raw: string, requireHttps: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL, such as https://erp.example.com/hooks/harbour";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must use http or https";
  if (requireHttps && url.protocol !== "https:") return "must use https";
  if (url.username || url.password) return "must not contain credentials";
  if (!url.hostname) return "must name a host";
  return null;
}

export function subscriptionFormSchema(requireHttps: boolean) {
  return z
    .object({
      topic: ZEventTopic,
      callbackUrl: z.string().trim().min(1, "Enter the URL that receives the deliveries").pipe(ZCreateSubscription.shape.callbackUrl),
      headers: z.array(z.object({ name: z.string(), value: z.string() })),
    })
    .superRefine((form, ctx) => {
      if (form.callbackUrl) {
        const issue = callbackUrlIssue(form.callbackUrl, requireHttps);
        if (issue) ctx.addIssue({ code: "custom", path: ["callbackUrl"], message: issue });
      }
      const { rows, form: formIssue } = headerRowIssues(form.headers);
      for (const issue of rows) ctx.addIssue({ code: "custom", path: ["headers", issue.row, issue.field], message: issue.message });
      if (formIssue) ctx.addIssue({ code: "custom", path: ["headers", "root"], message: formIssue });
    });
}

export type SubscriptionFormInput = z.input<ReturnType<typeof subscriptionFormSchema>>;
export type SubscriptionForm = z.output<ReturnType<typeof subscriptionFormSchema>>;

/** The request body: the rows become the API's object, then the API's own schema has the last word. */
export function toCreateSubscription(form: SubscriptionForm): TCreateSubscription {
  const customHeaders = Object.fromEntries(form.headers.map((h) => [h.name, h.value]));
  return ZCreateSubscription.parse({ topic: form.topic, callbackUrl: form.callbackUrl, customHeaders });
}
