import type { Metadata } from "next";
import { NotificationPreferences } from "@/components/notifications/notification-preferences";
import { NotificationsView } from "@/components/notifications/notifications-view";
import { PageHeader } from "@/components/ui/page-header";
import { requirePortalUser } from "@/lib/server/entry/portal/session";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage() {
  await requirePortalUser("/notifications");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Notifications"
        description="What needs you: drafts waiting for your approval, your drafts' outcomes, payments that failed or came back."
      />
      <NotificationsView />
      <NotificationPreferences />
    </div>
  );
}
