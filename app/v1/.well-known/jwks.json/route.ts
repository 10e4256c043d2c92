import { endpoint } from "@/lib/server/entry/http/endpoint";
import { jwksOperation } from "@/lib/contract/system/operations";

export const dynamic = "force-dynamic";

export const GET = endpoint(jwksOperation, async ({ runtime, responseHeaders }) => {
  // Public and rarely rotated: let verifiers cache it briefly. During a rotation both keys are here, by kid.
  responseHeaders.set("cache-control", "public, max-age=300");
  return { keys: runtime.keyRing.jwks() };
});
