import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { get, type FieldErrors, type FieldValues } from "react-hook-form";
import { cx } from "@/components/ui/cx";

/**
 * The portal's one form kit: every form (payments, virtual accounts, webhooks, sandbox) uses these controls,
 * so a field looks, reads and reports its rule's message the same everywhere.
 */

/** A control's look; `invalid` (or the control's own aria-invalid) turns the border red. */
export const inputClass = (invalid = false, extra?: string) =>
  cx(
    "block h-9 w-full rounded-md border bg-white px-2.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 disabled:bg-slate-50 disabled:text-slate-500 read-only:bg-slate-50 read-only:text-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:scheme-dark dark:placeholder:text-slate-500 dark:disabled:bg-slate-900 dark:read-only:bg-slate-900 dark:read-only:text-slate-300",
    invalid
      ? "border-red-600 dark:border-red-400"
      : "border-slate-300 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:aria-[invalid=true]:border-red-400",
    extra,
  );

export const labelClass = "mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200";

/**
 * The first message among the request paths a control stands for (an array's
 * own rule, "at least 1 line", sits on `.root` of its first line's control).
 */
export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, ...paths: string[]): string | undefined {
  for (const path of paths) {
    const error = get(errors, path) as { message?: unknown; root?: { message?: unknown } } | undefined;
    if (typeof error?.message === "string") return error.message;
    if (typeof error?.root?.message === "string") return error.root.message;
  }
  return undefined;
}

type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  className?: string;
  children: ReactNode;
};

/** Label, control, then one line for the hint or the error (reserved, so nothing jumps when an error appears). */
export function FormField({ id, label, hint, error, optional, className, children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 flex items-baseline justify-between gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
        <span>{label}</span>
        {optional ? <span className="text-xs font-normal text-slate-500 dark:text-slate-400">Optional</span> : null}
      </label>
      {children}
      <p id={`${id}-msg`} className={cx("mt-1 min-h-5 text-xs", error ? "text-red-700 dark:text-red-400" : "text-slate-600 dark:text-slate-400")}>
        {error ?? hint ?? "\u00a0"}
      </p>
    </div>
  );
}

/** aria props for a control whose FormField has this id. */
export function describedBy(id: string, error: string | undefined) {
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": `${id}-msg` } as const;
}

export function Fieldset({ legend, description, children }: { legend: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="border-t border-slate-200 px-5 pt-4 pb-2 first:border-t-0 dark:border-slate-800">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{legend}</legend>
        {description ? <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
        <div className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-2">{children}</div>
      </fieldset>
    </div>
  );
}

/** "12/35 characters" under a length-limited field. */
export function Counter({ value, max }: { value: string | undefined; max: number }) {
  return <>{`${(value ?? "").length}/${max} characters`}</>;
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** A rule's message such as "is required": shown after the label, "Address country is required". */
  error?: { message?: string };
  hint?: ReactNode;
};

/** A labelled input (register it with react-hook-form) in a FormField: its message line is reserved, so nothing moves. */
export function TextField({ label, error, hint, id: givenId, className, ...props }: TextFieldProps) {
  const auto = useId();
  const id = givenId ?? auto;
  const message = error?.message ? `${label.replace(/ \(optional\)$/, "")} ${error.message}` : undefined;
  return (
    <FormField id={id} label={label} hint={hint} error={message}>
      <input className={inputClass(Boolean(message), className)} {...describedBy(id, message)} {...props} />
    </FormField>
  );
}

/** A message under a control that has no FormField (table cells, rows); nothing when there is none. */
export function FieldMessage({ id, tone = "error", children }: { id?: string; tone?: "error" | "hint"; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={cx("mt-1 text-xs", tone === "error" ? "text-red-700 dark:text-red-400" : "text-slate-600 dark:text-slate-400")}>
      {children}
    </p>
  );
}

/** A list filter's control: compact, no message line (a filter has no wrong value). */
export const filterClass = (wide = false) =>
  cx(
    "h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500",
    wide && "w-full",
  );

export const filterLabelClass = "mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300";

type FilterInputProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "date";
  inputMode?: "decimal";
  /** An example, shown as the placeholder. */
  hint?: string;
};

/** A labelled text or date filter over a list; applied by the list's Search, so it is never "wrong". */
export function FilterInput({ id, label, value, onChange, type = "text", inputMode, hint }: FilterInputProps) {
  return (
    <div>
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        value={value}
        placeholder={hint}
        onChange={(e) => onChange(e.target.value)}
        className={filterClass(true)}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}

type FilterSelectProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first option, meaning "no filter" (its value is ""); omit when every option is a choice. */
  all?: string;
  options: ReadonlyArray<string | { value: string; label: string }>;
  wide?: boolean;
};

/** A labelled select over a list (accounts, payments, virtual accounts): every list filters the same way. */
export function FilterSelect({ id, label, value, onChange, all, options, wide }: FilterSelectProps) {
  return (
    <div>
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={filterClass(wide)}>
        {all !== undefined ? <option value="">{all}</option> : null}
        {options.map((o) => {
          const { value: v, label: l } = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option key={v} value={v}>
              {l}
            </option>
          );
        })}
      </select>
    </div>
  );
}
