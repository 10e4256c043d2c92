import { requestOrigin } from "@/lib/server/entry/portal/person-actor";
import { sessionRoute } from "@/lib/server/entry/http/session-route";
import { setPasswordWithLink } from "@/lib/server/domain/operations/users";
import { getRuntime } from "@/lib/server/entry/runtime";
import { z } from "zod";

export const dynamic = "force-dynamic";

/** The set-password page's submit: spends an invitation or reset link, itself the credential (lib/server/domain/operations/users.ts parses it). */
export const POST = sessionRoute({ who: "anyone", body: z.unknown() }, async ({ request, correlationId, body }) => {
  const { db } = await getRuntime();
  return { body: await setPasswordWithLink(db, body, { ...requestOrigin(request.headers), correlationId }) };
});
