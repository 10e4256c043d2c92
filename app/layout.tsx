import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import "./globals.css";

/**
 * Every page reads the session (and so the database): none may be prerendered
 * at `next build`, which would open the database during the build.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Harbour corporate banking", template: "%s · Harbour" },
  description: "Accounts, payments, virtual accounts and webhooks for corporate treasury teams.",
  // Files in public/ (browsers also ask for /favicon.ico on their own).
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f8fafc" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

/**
 * Runs before first paint: applies the saved theme (or the system's) so a
 * dark-mode user never sees a white flash. Kept tiny and inline on purpose.
 */
const THEME_SCRIPT = `try{var t=localStorage.getItem("harbour-theme");var d=t==="dark"||(t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}`;

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The front door's CSP allows scripts with this response's nonce only (Next puts it on its own scripts).
  const nonce = (await headers()).get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">{children}</body>
    </html>
  );
}
