"use client";

import { ZConsoleOutcome } from "@/lib/contract/ops/console";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { operationPath, postConsole } from "@/lib/portal/operations/api";
import { rootField } from "@/lib/portal/operations/fields";
import { FORMS, type FormId, type FormSpec } from "@/lib/portal/operations/forms";

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-600 aria-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

type Errors = Record<string, string>;

function initialValues(spec: FormSpec): Record<string, string> {
  return Object.fromEntries(spec.fields.map((f) => [f.name, f.kind === "select" && f.required && f.options ? (f.options[0] ?? "") : ""]));
}

/**
 * One console form: checked with its operation's zod schema before it is
 * sent, and the server's refusal put on the field it names. A revealed
 * secret or link is shown once, then the page's data is refreshed.
 */
export function OpsForm({ form, fixed = {} }: { form: FormId; fixed?: Record<string, string> }) {
  const spec: FormSpec = FORMS[form];
  const router = useRouter();
  const id = useId();
  const [values, setValues] = useState(() => initialValues(spec));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setRevealed(null);
    setDone(false);
    const input = spec.toInput({ ...values, ...fixed });
    const checked = spec.schema.safeParse(input);
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) {
        const field = rootField(issue.path.map((p) => (typeof p === "number" ? `[${p}]` : String(p))).join(".")) ?? "";
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await postConsole(operationPath(spec.action), input, ZConsoleOutcome);
    setBusy(false);
    if (!result.ok) {
      const field = rootField(result.error.field);
      if (field && spec.fields.some((f) => f.name === field)) setErrors({ [field]: result.error.message });
      else setFormError(result.error.message);
      return;
    }
    setDone(true);
    if (spec.reveal) setRevealed(String(result.data[spec.reveal.key] ?? ""));
    setValues(initialValues(spec));
    router.refresh();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={formError ? `${id}-error` : undefined}>
      {formError ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {formError}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {spec.fields.map((field) => {
          const fieldId = `${id}-${field.name}`;
          const error = errors[field.name];
          const describedBy = [error ? `${fieldId}-error` : null, field.hint ? `${fieldId}-hint` : null].filter(Boolean).join(" ") || undefined;
          const common = {
            id: fieldId,
            name: field.name,
            value: values[field.name] ?? "",
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy,
            onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field.name]: e.target.value })),
          };
          return (
            <div key={field.name} className={field.kind === "textarea" ? "sm:col-span-2" : undefined}>
              <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
                {field.label}
                {field.required ? null : <span className="font-normal text-slate-500 dark:text-slate-400"> (optional)</span>}
              </label>
              {field.kind === "select" ? (
                <select {...common} className={inputClass}>
                  {field.required ? null : <option value="">Default</option>}
                  {field.options?.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              ) : field.kind === "textarea" ? (
                <textarea {...common} rows={3} className={inputClass} />
              ) : (
                <input {...common} type={field.kind === "email" ? "email" : "text"} autoComplete="off" className={inputClass} />
              )}
              {field.hint ? (
                <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {field.hint}
                </p>
              ) : null}
              {error ? (
                <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? "Working…" : spec.submit}
        </Button>
        {done && !revealed ? (
          <p role="status" className="text-sm text-green-800 dark:text-green-300">
            Done.
          </p>
        ) : null}
      </div>
      {revealed && spec.reveal ? (
        <div
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-medium">{spec.reveal.label}</p>
          <p className="mt-1 break-all font-mono" data-testid="revealed-value">
            {revealed}
          </p>
          <p className="mt-2">{spec.reveal.note}</p>
        </div>
      ) : null}
    </form>
  );
}
