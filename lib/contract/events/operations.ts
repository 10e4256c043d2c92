import { defineOperation } from "@/lib/contract/http/operation";
import { EVENT_RETENTION_DAYS, ZEventListQuery, ZEventPage } from "@/lib/contract/events/schema";

export const listEventsOperation = defineOperation({
  id: "listEvents",
  method: "GET",
  path: "/v1/events",
  tag: "Notifications",
  summary: "The client's events, oldest first, to catch up on what webhooks reported",
  description:
    `Events of the last ${EVENT_RETENTION_DAYS} days, oldest first, optionally of one topic. Pass the last eventId you processed as ` +
    "`after` (meta.next) to read on: the order is fixed when an event becomes listed, and an event whose transaction is still " +
    "committing is listed only once every earlier one is, so a reader paging from any server never skips or repeats one. " +
    "An `after` unknown to this client, or older than the retention, is 400. CSV by Accept: text/csv.",
  access: { permission: "receive-notifications" },
  query: ZEventListQuery,
  response: ZEventPage,
  csv: true,
  errors: ["VALIDATION_ERROR"],
});
