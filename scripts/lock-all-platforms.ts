// Completes package-lock.json so `npm ci` accepts it on every machine.
//
// Why: rollup lists one optional native package per platform. The registry this project installs
// from serves only the Linux ones, so `npm install` records only those in the lock, and then
// `npm ci` refuses that same lock ("Missing: @rollup/rollup-darwin-arm64@ from lock file").
// Each missing optional package is recorded with its version and the os/cpu/libc its name
// declares, so npm skips it on every other platform and never needs to fetch it.
// Run it after any change to package-lock.json: `npm run lock`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
interface LockEntry {
  version?: string;
  dev?: boolean;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };
const packages = lock.packages;
// @rollup/rollup-<os>-<cpu>[-<abi>], e.g. rollup-linux-arm-musleabihf, rollup-win32-x64-msvc.
const rollupNative = /^@rollup\/rollup-([a-z0-9]+)-([a-z0-9]+)(?:-([a-z]+))?$/;
const libcOf: Record<string, string> = { gnu: 'glibc', gnueabihf: 'glibc', musl: 'musl', musleabihf: 'musl' };

let added = 0;
for (const entry of Object.values(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const match = rollupNative.exec(name);
    if (!match)
      throw new Error(
        `${name} is missing from the lock and is not a rollup native package: install it or extend this script`,
      );
    const [, os, cpu, abi = ''] = match;
    packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libcOf[abi] ? { libc: [libcOf[abi]] } : {}),
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`lock: recorded ${added} optional platform package(s)`);
