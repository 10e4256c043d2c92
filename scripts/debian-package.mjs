// Installs a Debian package the project's scripts need (Chromium for the browser tests,
// HAProxy for `npm run cluster`) when its binary is missing and we run as root.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function aptGet(args) {
  console.log(`=== apt-get ${args.join(" ")} ===`);
  return spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status ?? 1;
}

/** True when `binary` exists afterwards. Tries without `apt-get update` first (fast, offline). */
export function ensureDebianPackage(binary, packageName) {
  if (existsSync(binary)) return true;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log(`${binary} is missing: installing Debian's package ${packageName}.`);
    const install = ["install", "-y", "--no-install-recommends", packageName];
    if (aptGet(install) !== 0) {
      aptGet(["update"]);
      aptGet(install);
    }
  }
  return existsSync(binary);
}
