import { mintPortalToken } from "@/lib/server/portal/access-token";
import { portalJson, portalRoute } from "@/lib/server/portal/route-guard";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/**
 * The signed-in user's API access token. POST, so neither a link nor a
 * prefetch can trigger it, and private/no-store, so no cache shares it.
 */
export const POST = portalRoute("viewer", async (user) => {
  const issued = await mintPortalToken(await getRuntime(), user);
  return portalJson({ ...issued, expires_at: Date.now() + issued.expires_in * 1000 });
});
