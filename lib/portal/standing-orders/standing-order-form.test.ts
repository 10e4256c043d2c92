import { describe, expect, it } from "vitest";
import { ZCreateStandingOrder } from "@/lib/contract/standing-orders/schema";
import { orderBodyOf, previewDates, ZStandingOrderForm, type StandingOrderFormValues } from "@/lib/portal/standing-orders/standing-order-form";

const values: StandingOrderFormValues = {
  counterpartyId: "2b1f7a8e-5c55-4c43-9d1e-6a7b8c9d0e1f",
  debtorAccount: "1000123456",
  amount: "1250.00",
  remittance: "Rent",
  frequency: "Monthly",
  startDate: "2027-01-31",
  end: "count",
  endDate: "",
  count: "3",
};

describe("the standing-order form", () => {
  it("sends the body the contract accepts: the payee, the payee's currency both sides, the schedule with its end", () => {
    const body = orderBodyOf(values, "USD");
    expect(ZCreateStandingOrder.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      rail: "ACH",
      request: {
        debtorAccount: { identification: "1000123456" },
        debitCurrency: "USD",
        instructedAmount: { amount: "1250.00", currency: "USD" },
        counterpartyId: values.counterpartyId,
        remittanceInformation: ["Rent"],
      },
      schedule: { frequency: "Monthly", startDate: "2027-01-31", count: 3 },
    });
    expect(orderBodyOf({ ...values, end: "date", endDate: "2027-06-30" }, "BMD").schedule).toEqual({
      frequency: "Monthly",
      startDate: "2027-01-31",
      endDate: "2027-06-30",
    });
    expect(orderBodyOf({ ...values, end: "never" }, "USD").schedule).toEqual({ frequency: "Monthly", startDate: "2027-01-31" });
  });

  it("previews the next dates by the contract's recurrence (the month's last day when shorter), bounded by the end", () => {
    expect(previewDates(values)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31"]);
    expect(previewDates({ ...values, end: "never" })).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
    expect(previewDates({ ...values, frequency: "Weekly", end: "date", endDate: "2027-02-14" })).toEqual(["2027-01-31", "2027-02-07", "2027-02-14"]);
    expect(previewDates({ ...values, startDate: "" })).toEqual([]);
    expect(previewDates({ ...values, end: "count", count: "" })).toHaveLength(5);
  });

  it("names what is missing or wrong before anything is sent", () => {
    const bad = ZStandingOrderForm.safeParse({ ...values, counterpartyId: "", amount: "12.345", end: "date", endDate: "2027-01-01" });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["counterpartyId", "amount", "endDate"]));
    expect(ZStandingOrderForm.safeParse({ ...values, count: "0" }).error?.issues[0]?.path).toEqual(["count"]);
  });
});
