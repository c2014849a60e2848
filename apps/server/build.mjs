// Bundles the server into dist/main.js: our workspace code (including the TypeScript contract) is
// bundled, npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';
import fs from 'node:fs';

const pkgs = ['./package.json', '../../package.json'].map((p) => JSON.parse(fs.readFileSync(new URL(p, import.meta.url), 'utf8')));
const external = [...new Set(pkgs.flatMap((p) => Object.keys({ ...p.dependencies, ...p.devDependencies })))].filter(
  (name) => !name.startsWith('@app/'),
);

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((n) => [n, `${n}/*`]),
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
