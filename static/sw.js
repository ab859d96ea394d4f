// Keeps the game on the tablet, so that it opens and plays without a connection (in a car, on a
// train, in a classroom whose network is down) once it has been opened with one.
//
// index.html registers this service worker. When it installs, it keeps every file of the build in
// a cache of its own version (and of the address the game is hosted at), all at once, so the copy
// kept is always one whole version: the app, its styles and pictures, and the computer player's
// worker. `scripts/offline.mjs` writes the build's files, each one's SHA-256 and a version made
// from their contents into the three lines marked below (a trunk hook, see Trunk.toml), so a new
// build is a new service worker, which the browser installs beside the old one.
//
// What it answers with:
// - The page itself (a navigation, whatever its query, as in `?animations=off`): the network's
//   copy first, so a child always gets the newest game when there is a connection; the kept
//   index.html when there is none, or when the host answers with a server error (5xx).
// - Files whose names carry their contents' hash (app-1a2b….js, app-….wasm, style-….css): the
//   kept copy, as such a name never changes its contents; the network's for any other version's.
// - Files without a hash in their names (the worker's worker.js, worker_bg.wasm and
//   worker_loader.js, the manifest, the icons): the network's copy first, the kept one without a
//   connection. Kept copies first would give a page of the new version the old version's worker.
//   The page asks for the worker's files with its build in their query ("worker.js?build=…", see
//   src/ui/thinker.rs); the kept copy is found whatever the query.
// - Anything else (another origin, anything but GET): left to the browser.
//
// It does not take over pages already open when a new version installs (no skipWaiting): each page
// keeps being answered by the version that loaded it, and the new one takes over once they are all
// closed. When it takes over, it deletes the other versions' caches (of the game hosted at the
// same address: another copy elsewhere on the same site keeps its own).

const VERSION = 'unbuilt'; // written by scripts/offline.mjs
const FILES = []; // written by scripts/offline.mjs
const DIGESTS = {}; // written by scripts/offline.mjs

// Named by where the game is hosted as well as its version: two copies on one host (a school's
// site with the game and a copy for trying a new version, /games/mancala/ and /games/mancala2/)
// deleted each other's kept files when either took over, and neither played offline. Caches of
// an earlier build of this worker, named "mancala-" and the version alone, are deleted too.
const PREFIX = 'mancala-';
const SCOPED = PREFIX + self.registration.scope + ' ';
const CACHE = SCOPED + VERSION;
const ours = (key) => key.startsWith(SCOPED) || (key.startsWith(PREFIX) && !key.includes('://'));

// A name with a hash of its contents, as trunk writes them: "app-61449a334596c700_bg.wasm". Trunk
// writes the hash, a 64-bit number, in hex without its leading zeros: one build in sixteen has 15
// digits, one in 256 has 14. (Fewer than 12, one in 65,536, counts as unhashed: network first,
// which still plays without a connection.)
const HASHED = /-[0-9a-f]{12,16}(_bg)?\.[a-z]+$/;

// Every file is fetched and checked against its SHA-256 before any is kept: a host whose files
// are being put up one by one (this sw.js already there, worker_bg.wasm still the last version's)
// gave this version's cache the last version's worker, and the computer player could not start
// offline until the next version. Then the install fails, nothing is kept, and the browser tries
// again at the next visit. index.html, which some hosts and `trunk serve` write into (a script
// of their own), is checked by what it names instead: this version's app and styles.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const fetched = await Promise.all(
        FILES.map(async (file) => {
          // `reload`: from the network, never from the browser's HTTP cache, which may hold
          // another version's unhashed files.
          const request = new Request(file, { cache: 'reload' });
          const response = await fetch(request);
          if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
          const digest = await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer());
          const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
          if (file !== 'index.html' && DIGESTS[file] && hex !== DIGESTS[file]) throw new Error(`${file} on the host is not this version's (yet)`);
          return [request, response];
        }),
      );
      // index.html may be written into, but it must be this version's: the one naming this
      // version's app and styles (the last version's would ask, offline, for files not kept).
      const [, page] = fetched.find(([request]) => new URL(request.url).pathname.endsWith('/index.html'));
      const html = await page.clone().text();
      const named = FILES.filter((file) => /^(app|style)-/.test(file) && HASHED.test(file));
      const missing = named.find((file) => !html.includes(file));
      if (missing) throw new Error(`index.html on the host is not this version's (yet): it does not name ${missing}`);
      const cache = await caches.open(CACHE);
      await Promise.all(fetched.map(([request, response]) => cache.put(request, response)));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => ours(k) && k !== CACHE).map((k) => caches.delete(k))))
      // The page that registered the first version is kept from its first visit, not its second.
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, 'index.html'));
  } else if (HASHED.test(new URL(request.url).pathname)) {
    event.respondWith(keptFirst(request));
  } else {
    event.respondWith(networkFirst(request, null));
  }
});

// The network's answer; without a connection, or when the host answers with an error (a site
// under maintenance, a school's proxy: its error page took the game's place), the kept copy of
// `fallback` (a path relative to the scope), or of the request itself.
async function networkFirst(request, fallback) {
  const kept = async () => {
    const cache = await caches.open(CACHE);
    return fallback
      ? cache.match(new URL(fallback, self.registration.scope).href)
      : cache.match(request, { ignoreSearch: true });
  };
  let answer;
  try {
    answer = await fetch(request);
  } catch (offline) {
    const copy = await kept();
    if (copy) return copy;
    throw offline;
  }
  if (answer.status >= 500) return (await kept()) || answer;
  return answer;
}

async function keptFirst(request) {
  const kept = await (await caches.open(CACHE)).match(request);
  return kept || fetch(request);
}
