import { describe, expect, it } from "vitest";
import { UPLOAD_COLUMNS } from "@/lib/portal/virtual-accounts/va-upload-columns";
import { resultsCsv, templateCsv } from "@/lib/portal/virtual-accounts/va-upload-files";

describe("CSV files", () => {
  it("the template has every column and CRLF rows", () => {
    const text = templateCsv();
    expect(text.split("\r\n")[0]).toBe(UPLOAD_COLUMNS.join(","));
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("results carry the upload's line and neutralise formula cells", () => {
    const text = resultsCsv(
      [
        { index: 0, status: "Created", virtualAccountNumber: "880000000017", clientReference: "=HYPERLINK()", error: null },
        {
          index: 1,
          status: "Failed",
          virtualAccountNumber: null,
          clientReference: null,
          error: { code: "CURRENCY_NOT_PROVISIONED", message: "USD withdrawn" },
        },
      ],
      [2, 3],
    );
    expect(text.split("\r\n")).toEqual([
      "index,line,status,virtualAccountNumber,clientReference,errorCode,errorMessage",
      "0,2,Created,880000000017,'=HYPERLINK(),,",
      "1,3,Failed,,,CURRENCY_NOT_PROVISIONED,USD withdrawn",
      "",
    ]);
  });
});
