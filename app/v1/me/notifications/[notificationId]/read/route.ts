import { endpoint } from "@/lib/server/entry/http/endpoint";
import { markNotificationReadOperation } from "@/lib/contract/notifications/operations";
import { markNotificationsRead, personOf } from "@/lib/server/domain/notifications/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(markNotificationReadOperation, ({ principal, actor, params, inUnit }) =>
  inUnit((unit) => markNotificationsRead(unit, personOf(principal, actor), params.notificationId)),
);
