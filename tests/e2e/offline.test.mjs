// The game on a tablet's home screen and without a connection: its manifest and icons, and the
// service worker (static/sw.js) that keeps one whole version of the game once it has been opened.
// These tests allow service workers (fn.serviceWorkers); the others run without them.

// The files the built service worker keeps and its version, as scripts/offline.mjs wrote them.
async function builtServiceWorker(page) {
  return page.evaluate(async () => {
    const text = await (await fetch('sw.js', { cache: 'no-store' })).text();
    const version = /^const VERSION = '([^']*)'/m.exec(text)?.[1];
    const files = JSON.parse(/^const FILES = (\[.*\]);/m.exec(text)?.[1] ?? 'null');
    const hashed = /^const HASHED = \/(.*)\/;$/m.exec(text)?.[1];
    return { version, files, hashed };
  });
}

// Waits until the service worker answers this page's requests.
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10000 });
}

// The child's turn, nothing being shown.
async function childsTurn(page) {
  await page.waitForFunction(
    () => document.querySelector('g.hole[data-legal="true"]') && document.querySelector('.app').dataset.busy === 'false',
    null,
    { timeout: 30000 },
  );
}

export async function onceOpenedTheGamePlaysWithoutAConnection(helper) {
  const { page, context } = helper;
  // A cache an older version left behind; the page is not the game, so nothing is registered yet.
  await helper.goto('manifest.json');
  // Caches other versions left behind: one named as earlier builds of the service worker named
  // theirs, one of an older version here, and another copy's, hosted elsewhere on the same site,
  // which stays.
  const elsewhere = `mancala-${new URL('elsewhere/', page.url()).href} 0123456789abcdef`;
  const olderHere = `mancala-${new URL('./', page.url()).href} 0123456789abcdef`;
  await page.evaluate(async (names) => {
    for (const name of names) await (await caches.open(name)).put('old.txt', new Response('old'));
  }, ['mancala-0123456789abcdef', elsewhere, olderHere]);

  await helper.goto('?animations=off');
  await helper.waitForApp();
  await controlled(page);
  const { version, files, hashed } = await builtServiceWorker(page);
  if (!/^[0-9a-f]{16}$/.test(version ?? '')) throw new Error(`the built service worker's version is ${version}`);
  for (const needed of ['index.html', 'worker.js', 'worker_bg.wasm', 'worker_loader.js', 'manifest.json', 'icon-192.png']) {
    if (!files?.includes(needed)) throw new Error(`the service worker does not keep ${needed}: ${JSON.stringify(files)}`);
  }
  // Trunk's hash has no leading zeros: sometimes fewer than 16 digits.
  if (!files.some((f) => /^app-[0-9a-f]{12,16}_bg\.wasm$/.test(f))) throw new Error(`the service worker does not keep the app: ${JSON.stringify(files)}`);
  // The files trunk names by their contents are taken from the kept copy first; the others, whose
  // names stay the same from build to build, from the network first.
  const firstFromTheCopy = files.filter((f) => new RegExp(hashed).test(f)).sort();
  const expected = files.filter((f) => /^(app|style|icon)-[0-9a-f]+(_bg)?\.[a-z]+$/.test(f) && !/^icon-\d+\.png$/.test(f)).sort();
  if (firstFromTheCopy.join() !== expected.join()) throw new Error(`kept first: ${firstFromTheCopy.join(', ')}; expected ${expected.join(', ')}`);
  // Every file is kept, in the version's own cache, and the older version's cache is gone.
  const caches = await page.evaluate(async () => {
    const names = await caches.keys();
    const kept = {};
    for (const name of names) kept[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname.slice(1)).sort();
    return kept;
  });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  const ours = `mancala-${scope} ${version}`;
  if (Object.keys(caches).sort().join() !== [ours, elsewhere].sort().join()) throw new Error(`caches: ${Object.keys(caches).join(', ')}`);
  if (caches[ours].join() !== [...files].sort().join()) throw new Error(`kept ${caches[ours].join(', ')}`);
  helper.log(`version ${version}: ${files.length} files kept`);

  // No connection at all: the page comes back from what was kept, and a whole turn against the
  // computer is played (its worker, started only now, comes from what was kept too).
  await context.setOffline(true);
  if (await page.evaluate(() => navigator.onLine)) throw new Error('the page still has a connection');
  await page.reload();
  await helper.waitForApp();
  await page.click('.game-pick[data-game="kidcala-classic"]');
  await page.click('#opponent-computer');
  await page.click('#level button[data-value="2"]');
  await page.click('#start-game');
  await childsTurn(page);
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 30000 });
  if (await page.locator('#computer-retry').count()) throw new Error('the computer could not think without a connection');
  // A page asked for with another query (a link to the benchmark, say) is the kept game too.
  await helper.goto('?animations=off&from=home');
  await helper.waitForApp();

  // With the connection back but the host answering with an error (a site under maintenance), the
  // kept page, not the host's error page.
  await context.setOffline(false);
  const down = (url) => url.search.includes('down=1');
  await context.route(down, (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Down for maintenance</h1>' }));
  const answer = await helper.goto('?animations=off&down=1');
  await helper.waitForApp();
  await page.waitForSelector('#board');
  if (answer.status() !== 200 || (await page.locator('text=Down for maintenance').count())) throw new Error(`the host's error page was shown (${answer.status()})`);
  await context.unroute(down);
  // With the connection back, the page comes from the network again, and the game goes on.
  await page.reload();
  await helper.waitForApp();
  await page.waitForSelector('#board');
  if ((await page.locator('#moves li').count()) < 2) throw new Error('the game was lost');
}
onceOpenedTheGamePlaysWithoutAConnection.serviceWorkers = 'allow';
// (The host's error page, which the service worker does not pass on.)
onceOpenedTheGamePlaysWithoutAConnection.expectedError = 'down=1';
onceOpenedTheGamePlaysWithoutAConnection.timeout = 90_000;

// A host whose files are being put up one by one, this version's sw.js already there and one of
// its other files still the last version's (`stale` names it, `last` writes the last version's
// from this one's): the service worker keeps nothing (its worker_bg.wasm kept as this version's,
// the computer player could not start offline until the next version), and the whole version,
// every file checked, at the next visit once the host has it all.
async function aHostHalfPutUp(helper, stale, last) {
  const { page, context } = helper;
  await context.route(stale, last);
  await helper.goto('?animations=off');
  await helper.waitForApp();
  // The install is over, and failed: nothing kept, nothing answering the page. (Registering
  // again gives the page's registration, once the page has made it.)
  const ended = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register('./sw.js');
    const worker = registration.installing || registration.waiting || registration.active;
    const settled = () => ['redundant', 'installed', 'activated'].includes(worker.state);
    if (!settled()) await new Promise((done) => worker.addEventListener('statechange', () => settled() && done()));
    return worker.state;
  });
  const after = await page.evaluate(async () => ({ controlled: !!navigator.serviceWorker.controller, caches: await caches.keys() }));
  if (ended !== 'redundant' || after.controlled || after.caches.length) throw new Error(`a half-put-up host was kept: ${ended}, ${JSON.stringify(after)}`);
  // The host has every file now: kept, this version's.
  await context.unroute(stale);
  await page.reload();
  await helper.waitForApp();
  await controlled(page);
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    if (names.length !== 1) return `caches: ${names.join(', ')}`;
    const cache = await caches.open(names[0]);
    for (const file of ['worker_bg.wasm', 'index.html']) {
      const copy = await (await cache.match(file)).text();
      const host = await (await fetch(file, { cache: 'no-store' })).text();
      if (copy !== host) return `another ${file}`;
    }
    return 'whole';
  });
  if (kept !== 'whole') throw new Error(`once the host had every file: ${kept}`);
}

export async function aHostHalfPutUpIsNotKeptUntilWhole(helper) {
  await aHostHalfPutUp(helper, (url) => url.pathname.endsWith('/worker_bg.wasm'),
    (route) => route.fulfill({ status: 200, contentType: 'application/wasm', body: 'the last version' }));
}
aHostHalfPutUpIsNotKeptUntilWhole.serviceWorkers = 'allow';
aHostHalfPutUpIsNotKeptUntilWhole.timeout = 90_000;
aHostHalfPutUpIsNotKeptUntilWhole.expectedError = "is not this version's";

// The same with the last version's index.html, which names the last version's app (a host may
// write into index.html, so it is checked by what it names, not byte for byte).
export async function aHostWithTheLastVersionsPageIsNotKeptUntilWhole(helper) {
  await aHostHalfPutUp(helper, (url) => url.pathname.endsWith('/index.html'), async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/app-[0-9a-f]+/g, 'app-0123456789abcdef');
    await route.fulfill({ response, body });
  });
}
aHostWithTheLastVersionsPageIsNotKeptUntilWhole.serviceWorkers = 'allow';
aHostWithTheLastVersionsPageIsNotKeptUntilWhole.timeout = 90_000;
aHostWithTheLastVersionsPageIsNotKeptUntilWhole.expectedError = "is not this version's";

// How big the picture at `src` is, "WIDTHxHEIGHT" in pixels, once the page has loaded it.
async function pictureSize(page, src) {
  return page.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    return `${img.naturalWidth}x${img.naturalHeight}`;
  }, src);
}

export async function theGameCanGoOnAHomeScreen(helper) {
  const { page } = helper;
  await helper.goto('');
  await helper.waitForApp();
  const href = await page.getAttribute('link[rel="manifest"]', 'href');
  const manifest = await page.evaluate(async (h) => (await fetch(h)).json(), href);
  if (manifest.name !== 'Mancala' || !manifest.short_name) throw new Error(`the manifest names ${manifest.name}`);
  if (!['fullscreen', 'standalone'].includes(manifest.display)) throw new Error(`display: ${manifest.display}`);
  if (manifest.start_url !== './') throw new Error(`start_url: ${manifest.start_url}`);
  // Each icon loads and is as big as the manifest says; a 192 and a 512 pixel one, as home screens
  // ask, and one that may be cut to any shape.
  for (const icon of manifest.icons) {
    const size = await pictureSize(page, new URL(icon.src, new URL(href, page.url())).href);
    if (icon.sizes !== 'any' && icon.sizes !== size) throw new Error(`${icon.src} is ${size}, not ${icon.sizes}`);
  }
  for (const size of ['192x192', '512x512']) {
    if (!manifest.icons.some((i) => i.sizes === size && i.type === 'image/png')) throw new Error(`no ${size} icon`);
  }
  if (!manifest.icons.some((i) => i.purpose.split(' ').includes('maskable'))) throw new Error('no icon that may be cut to a shape');
  const touch = await page.getAttribute('link[rel="apple-touch-icon"]', 'href');
  const touchSize = await pictureSize(page, touch);
  if (touchSize !== '180x180') throw new Error(`the apple-touch-icon is ${touchSize} pixels`);
  // Without service workers (this test blocks them, as a browser may), the game plays as before.
  if (await page.evaluate(() => navigator.serviceWorker?.controller)) throw new Error('a service worker answers');
}
