"use client";

import { useState } from "react";

/** A scrollable code sample with a copy button; `label` names it for screen readers. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="relative">
      <pre
        tabIndex={0}
        aria-label={label}
        className="max-h-96 overflow-auto rounded-lg bg-slate-950 p-4 pr-20 font-mono text-xs leading-relaxed text-slate-100 dark:bg-black/60 dark:ring-1 dark:ring-slate-800"
      >
        <code>{code}</code>
      </pre>
      <button
        type="button"
        onClick={copy}
        className="absolute top-2 right-2 rounded-md bg-slate-800 px-2 py-1 text-xs font-medium text-slate-100 hover:bg-slate-700"
      >
        {copied ? "Copied" : "Copy"}
        <span className="sr-only"> {label}</span>
      </button>
    </div>
  );
}
