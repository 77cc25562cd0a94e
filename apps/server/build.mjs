// Bundles the server (and @cargo/shared, which is TypeScript source) into dist/; npm packages stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@cargo/'));

await build({
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
// The fix writer's thread and the checkpoint thread (decisions 079 and 084) are files of their own beside server.js:
// `new URL('./sqlite-fix-thread.mjs', import.meta.url)` finds each there as it finds the source beside fix-writer.ts.
await build({
  entryPoints: { 'sqlite-fix-thread': 'src/repositories/sqlite-fix-thread.mjs', 'sqlite-checkpoint-thread': 'src/repositories/sqlite-checkpoint-thread.mjs' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external,
  logLevel: 'warning',
});
// The planner's worker thread (issue 34, design.md §14): `new URL('./planning-thread.mjs', import.meta.url)` from
// server.js. It imports only the solver, which needs no npm package.
await build({
  entryPoints: { 'planning-thread': 'src/services/planning/solver/planning-thread.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external,
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/server.js, apps/server/dist/cli.js');
