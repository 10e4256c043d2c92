// The browser's stand-in for Node's `buffer` (next.config.mjs, turbopack.resolveAlias): fast-xml-parser, which reads
// pain.001 files in the portal too, guards a `Buffer.isBuffer` check with `typeof Buffer`; without this the bundler
// answers that free `Buffer` with the whole browserify polyfill. No browser code of ours uses Buffer.
export const Buffer = undefined;
