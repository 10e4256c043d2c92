import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getNotificationPreferencesOperation, putNotificationPreferencesOperation } from "@/lib/contract/notifications/operations";
import { changeNotificationPreferences, notificationPreferences, personOf } from "@/lib/server/domain/notifications/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getNotificationPreferencesOperation, ({ principal, actor, inUnit }) =>
  inUnit((unit) => notificationPreferences(unit, personOf(principal, actor))),
);

export const PUT = endpoint(putNotificationPreferencesOperation, ({ principal, actor, body, inUnit }) =>
  inUnit((unit) => changeNotificationPreferences(unit, personOf(principal, actor), body)),
);
