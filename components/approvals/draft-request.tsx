import { DetailField } from "@/components/ui/detail";
import type { TDraft } from "@/lib/contract/approvals/schema";
import { draftRequestRows } from "@/lib/portal/approvals/draft-request";

/** The draft's whole request as detail rows, so an approver never approves blind (issue 24). */
export function DraftRequestFields({ draft }: { draft: TDraft }) {
  return (
    <>
      {draftRequestRows(draft).map((row) => (
        <DetailField key={row.label} label={row.label} mono={row.mono}>
          {typeof row.value === "string"
            ? row.value
            : row.value.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
        </DetailField>
      ))}
    </>
  );
}
