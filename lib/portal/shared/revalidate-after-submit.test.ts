import { createFormControl, type FieldErrors, type FieldValues } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { ZAchPaymentRequest } from "@/lib/contract/payments/schema";
import { achDefaults, requestResolver, toAchRequest, type AchFormValues } from "@/lib/portal/payments/payment-forms";
import { revalidateChangesAfterSubmit, serverErrorsApartFrom } from "@/lib/portal/shared/revalidate-after-submit";

/** The ACH form's control without React: register the remittance inputs, submit, type. */
function achForm(reValidateMode: "onChange" | "onSubmit", withFix: boolean) {
  const resolver = requestResolver(ZAchPaymentRequest, (values: AchFormValues) => toAchRequest(values, () => "USD"));
  const { formControl, control } = createFormControl<AchFormValues, unknown, unknown>({
    resolver: resolver as never,
    mode: "onTouched",
    reValidateMode,
    defaultValues: achDefaults("1000123456"),
  });
  if (withFix) revalidateChangesAfterSubmit(formControl);
  const line = (i: number) => {
    const name = `remittanceInformation.${i}` as const;
    const field = formControl.register(name);
    const input = { name, value: "", type: "text", focus() {}, addEventListener() {}, removeEventListener() {} };
    field.ref(input);
    return async (value: string) => {
      input.value = value;
      await field.onChange({ target: input, type: "change" });
      await new Promise((resolve) => setTimeout(resolve, 0)); // the triggered validation settles
    };
  };
  const errorsAt = (path: string) => {
    // The control's live state (formState proper is React's snapshot of it).
    let node: unknown = control._formState.errors as FieldValues;
    for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };
  return { submit: () => formControl.handleSubmit(() => {})(), line, errorsAt };
}

describe("a message appears as the user types after a failed submit (issue 11: remittance line)", () => {
  it("react-hook-form alone loses the too-long line's message after an empty submit (the bug this fixes)", async () => {
    const form = achForm("onChange", false);
    const line1 = form.line(0);
    await form.submit();
    expect(form.errorsAt("remittanceInformation.root")).toBe("remittanceInformation needs at least 1 line");
    await line1("x".repeat(40));
    expect(form.errorsAt("remittanceInformation.0")).toBeUndefined();
  });

  it("with the change re-validated by name, the too-long line says so at once, and a fix clears it at once", async () => {
    const form = achForm("onSubmit", true);
    const line1 = form.line(0);
    await form.submit();
    await line1("x".repeat(40));
    expect(form.errorsAt("remittanceInformation.0")).toMatch(/at most 35 characters/);
    expect(form.errorsAt("remittanceInformation.root")).toBeUndefined();
    await line1("Invoice 1001");
    expect(form.errorsAt("remittanceInformation.0")).toBeUndefined();
    await line1("");
    expect(form.errorsAt("remittanceInformation.root")).toBe("remittanceInformation needs at least 1 line");
  });

  it("before the first submit nothing is re-validated by it (the form's onTouched rules apply)", async () => {
    const form = achForm("onSubmit", true);
    await form.line(0)("x".repeat(40));
    expect(form.errorsAt("remittanceInformation.0")).toBeUndefined();
  });

  it("keeps the API's answers on other fields, drops the one on the field being changed", () => {
    const errors = {
      creditorAccount: {
        identification: { type: "server", message: "no such account at that bank" },
        name: { type: "too_small", message: "name must not be empty" },
      },
      remittanceInformation: [{ type: "server", message: "refused" }],
    } as unknown as FieldErrors;
    expect(serverErrorsApartFrom(errors, "remittanceInformation.0")).toEqual([
      { path: "creditorAccount.identification", type: "server", message: "no such account at that bank" },
    ]);
    expect(serverErrorsApartFrom(errors, "creditorAccount")).toEqual([{ path: "remittanceInformation.0", type: "server", message: "refused" }]);
  });
});
