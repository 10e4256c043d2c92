import type { Metadata } from "next";
import { AutoRefresh } from "@/components/operations/auto-refresh";
import { ServiceStatus } from "@/components/operations/service-status";
import { PageHeader } from "@/components/ui/page-header";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { requireOperator } from "@/lib/server/entry/console/operator-session";
import { collectBankStatus } from "@/lib/server/domain/operations/service-status";
import { getRuntime } from "@/lib/server/entry/runtime";

export const metadata: Metadata = { title: "Service · Bank operations" };
export const dynamic = "force-dynamic";

/** Bank-wide figures are for bank staff: a client's System page shows only its own (lib/server/entry/portal/status.ts). */
export default async function OperationsSystemPage() {
  await requireOperator("/operations/system");
  const status = await collectBankStatus(await getRuntime());
  return (
    <>
      <PageHeader
        title="Service"
        description={
          <>
            Instances, queue and webhook backlog across every client. Checked {formatBankDateTime(status.checkedAt)}; <AutoRefresh seconds={15} />
          </>
        }
      />
      <ServiceStatus status={status} />
    </>
  );
}
