import { endpoint } from "@/lib/server/entry/http/endpoint";
import { listNotificationsOperation } from "@/lib/contract/notifications/operations";
import { listNotifications, personOf } from "@/lib/server/domain/notifications/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(listNotificationsOperation, ({ principal, actor, query, inUnit }) =>
  inUnit((unit) => listNotifications(unit, personOf(principal, actor), query)),
);
