// Trunk's post-build hook (Trunk.toml): writes into the built service worker (static/sw.js, copied
// as sw.js) the list of the build's files it keeps for playing without a connection, each one's
// SHA-256 (it checks what the host gives against them), and a version made from their contents,
// so that every new build is a new service worker and an unchanged build is the same one.
//
//   TRUNK_STAGING_DIR=dist/.stage node scripts/offline.mjs
//
// Fails, and so fails the build, when sw.js or one of its three marked lines is missing: a build
// whose service worker kept nothing would look fine until the first day without a connection.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('offline.mjs: TRUNK_STAGING_DIR is not set (run by trunk as a post_build hook)');
  process.exit(1);
}

function filesUnder(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const SELF = 'sw.js';
const files = filesUnder(dir)
  .map((path) => relative(dir, path).split(sep).join('/'))
  .filter((file) => file !== SELF && !file.startsWith('.'))
  .sort();
if (!files.includes('index.html')) {
  console.error(`offline.mjs: no index.html in ${dir}`);
  process.exit(1);
}

const hash = createHash('sha256');
// Each file's own SHA-256 too: the service worker checks what it fetches against them, so that a
// host whose files are still being put up one by one (sw.js there before worker_bg.wasm) never has
// it keep another version's file for this one's.
const digests = {};
for (const file of files) {
  const bytes = readFileSync(join(dir, file));
  hash.update(file);
  hash.update('\0');
  hash.update(bytes);
  hash.update('\0');
  digests[file] = createHash('sha256').update(bytes).digest('hex');
}
const version = hash.digest('hex').slice(0, 16);

const swPath = join(dir, SELF);
let sw;
try {
  sw = readFileSync(swPath, 'utf8');
} catch {
  console.error(`offline.mjs: no ${SELF} in ${dir} (index.html copies static/sw.js)`);
  process.exit(1);
}
const lines = [
  [/^const VERSION = .*$/m, `const VERSION = '${version}'; // written by scripts/offline.mjs`],
  [/^const FILES = .*$/m, `const FILES = ${JSON.stringify(files)}; // written by scripts/offline.mjs`],
  [/^const DIGESTS = .*$/m, `const DIGESTS = ${JSON.stringify(digests)}; // written by scripts/offline.mjs`],
];
for (const [line, text] of lines) {
  if (!line.test(sw)) {
    console.error(`offline.mjs: ${SELF} has no line matching ${line}`);
    process.exit(1);
  }
  sw = sw.replace(line, text);
}
writeFileSync(swPath, sw);
console.log(`offline.mjs: sw.js keeps ${files.length} files, version ${version}`);
