import { endpoint } from "@/lib/server/entry/http/endpoint";
import { markAllNotificationsReadOperation } from "@/lib/contract/notifications/operations";
import { markNotificationsRead, personOf } from "@/lib/server/domain/notifications/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(markAllNotificationsReadOperation, ({ principal, actor, inUnit }) =>
  inUnit((unit) => markNotificationsRead(unit, personOf(principal, actor), null)),
);
