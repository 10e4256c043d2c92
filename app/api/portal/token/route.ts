import { sessionRoute } from "@/lib/server/entry/http/session-route";
import { mintPortalToken } from "@/lib/server/entry/portal/access-token";
import { getRuntime } from "@/lib/server/entry/runtime";

export const dynamic = "force-dynamic";

/**
 * The signed-in user's API access token. POST, so neither a link nor a
 * prefetch can trigger it, and private/no-store, so no cache shares it.
 */
export const POST = sessionRoute({ who: { role: "viewer" } }, async ({ user }) => {
  const issued = await mintPortalToken(await getRuntime(), user);
  return { body: { ...issued, expires_at: Date.now() + issued.expires_in * 1000 } };
});
