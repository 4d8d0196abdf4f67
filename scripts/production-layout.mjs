#!/usr/bin/env node
// Lays out the production build in a clean folder: the compiled server side (each package's dist/
// from `npx tsc -b`), the built SPA (apps/web/dist, when present) and the package.json files, with a
// root package.json listing only the server's workspaces. Then, in that folder:
//   npm install --omit=dev && NODE_OPTIONS=--conditions=portal-build node apps/api/dist/server.js
// Used by the Dockerfile and by scripts/production-check.ts.
//   node scripts/production-layout.mjs <folder>
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2];
if (!out) {
  console.error('usage: node scripts/production-layout.mjs <folder>');
  process.exit(2);
}
// The server's workspaces: what the API, the workers and the operator scripts need at run time.
const workspaces = [
  'packages/process',
  'packages/domain',
  'packages/db',
  'packages/queue',
  'packages/storage',
  'packages/webhooks',
  'packages/telemetry',
  'apps/api',
  'workers',
  'scripts',
];

for (const workspace of workspaces) {
  const dist = join(root, workspace, 'dist');
  if (!existsSync(dist)) {
    console.error(`${workspace}/dist is missing: run \`npx tsc -b\` first`);
    process.exit(1);
  }
  mkdirSync(join(out, workspace), { recursive: true });
  cpSync(join(root, workspace, 'package.json'), join(out, workspace, 'package.json'));
  cpSync(dist, join(out, workspace, 'dist'), {
    recursive: true,
    filter: (source) => !source.endsWith('.tsbuildinfo'),
  });
}
const web = join(root, 'apps/web/dist');
if (existsSync(web)) cpSync(web, join(out, 'apps/web/dist'), { recursive: true });

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const production = {
  name: manifest.name,
  private: true,
  version: manifest.version,
  type: 'module',
  engines: manifest.engines,
  // The same install scripts denied as in development (package.json).
  allowScripts: manifest.allowScripts,
  workspaces,
  scripts: {
    // Tracing (OTEL_EXPORTER_OTLP_ENDPOINT) registers before the server's modules load.
    start: 'node --conditions=portal-build --import @portal/telemetry/register-api apps/api/dist/server.js',
    worker: 'node --conditions=portal-build --import @portal/telemetry/register-workers workers/dist/main.js',
  },
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(production, null, 2)}\n`);
// The lock pins the same versions as development; npm drops what the fewer workspaces do not need.
cpSync(join(root, 'package-lock.json'), join(out, 'package-lock.json'));
console.log(`production layout in ${out}`);
