import { endpoint } from "@/lib/server/entry/http/endpoint";
import { listEventsOperation } from "@/lib/contract/events/operations";
import { listEvents } from "@/lib/server/domain/events/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(listEventsOperation, ({ runtime, principal, query }) => listEvents(runtime.db, principal.clientId, query));
