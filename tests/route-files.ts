import { readdirSync } from "node:fs";
import path from "node:path";
import { isAdapterRoute, type BuiltRoute } from "@/scripts/api-adapter.mjs";

const APP = path.join(process.cwd(), "app");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** `app/v1/accounts/[accountNumber]/route.ts` -> `/v1/accounts/[accountNumber]`, as Next's build manifest names it. */
const pathnameOf = (file: string) => "/" + path.relative(APP, path.dirname(file)).split(path.sep).join("/");

/** The route files the production API adapter serves (scripts/api-adapter.mjs), loaded from source as `next dev` loads them. */
export async function sourceRoutes(): Promise<BuiltRoute[]> {
  const files = routeFiles(APP).filter((file) => isAdapterRoute(pathnameOf(file)));
  return Promise.all(files.map(async (file) => ({ pathname: pathnameOf(file), userland: (await import(/* @vite-ignore */ file)) as Record<string, unknown> })));
}
