// End-to-end tests of the built web app in Debian's Chromium, driven by playwright-core.
//
//   node tests/e2e/run.mjs [FILTER]
//
// It builds nothing: scripts/test.sh runs `trunk build index.html --release` first, and this serves
// the resulting dist/ with `python3 -m http.server` on a free port of 127.0.0.1. Every exported async
// function of every tests/e2e/*.test.mjs is a test, run in file order and then name order, each in a
// fresh browser context and page. FILTER, when given, keeps the tests whose "file › name" contains it.
//
// A test is called with one helper object:
//   page             the Playwright page (timeouts: 10 s for actions, 20 s for navigation)
//   context          its browser context
//   baseUrl          "http://127.0.0.1:PORT/", the served dist/
//   goto(path)       page.goto(baseUrl + path), waiting for the load event
//   waitForApp()     waits until #app has elements of the Yew app (it has replaced the picture
//                    index.html shows while the game loads)
//   fresh(query)     the start screen at `query` ('?animations=off' unless given) with nothing kept
//                    from before
//   screenshot(name) a PNG of the page in tests/screenshots/FILE-NAME.png (git-ignored); returns its path
//   log(...args)     prints under the test's line
//   lendVoice(langs) gives the page a voice for each language of `langs` (['en-GB'] unless told)
//                    before it loads (headless Chromium has none, most tablets have some); what it
//                    is asked to say is kept in window.spoken
//   countNotes()     keeps the frequency of every note the page starts in window.notes
//   coveredBy(sel)   what the element `sel` picks lies over, of what a child taps (buttons, menus,
//                    the list of moves, houses and stores): a list of their ids or classes
// Service workers are blocked in a test's context unless the test sets fn.serviceWorkers = 'allow'.
// A test fails when it throws, when it runs past its time limit (60 s, or fn.timeout in ms), on any
// console error, console warning (but the browser's own, `BROWSERS_OWN`) or uncaught page error
// (except one containing fn.expectedError, for a test that breaks something on purpose), on any
// HTTP error status from the served origin, and on any request to another origin: those are
// aborted (the tests must never touch the network) and named. A test that sets fn.retries = 1 (for a
// failure of this harness's own that its comment names) runs once more, in a fresh context, when it
// fails, and passes only if that run passes; the first run's failure is printed under it.
//
// Prints one line per test and closes with "N passed, N failed" alone on a line; exits non-zero when
// any test failed or none ran. The server and the browser are always stopped, and the whole run is
// bounded (E2E_TOTAL_TIMEOUT_MS, 30 minutes by default: the run takes 15 to 20 minutes on 2 cores,
// the longer on a slower machine, so the bound is there for a run that hangs, not for a slow one).
//
// Environment: E2E_DIST (default dist), CHROMIUM (default /usr/bin/chromium), E2E_TEST_TIMEOUT_MS,
// E2E_TOTAL_TIMEOUT_MS.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const distDir = resolve(root, process.env.E2E_DIST ?? 'dist');
const screenshotDir = join(root, 'tests', 'screenshots');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const testTimeoutMs = Number(process.env.E2E_TEST_TIMEOUT_MS ?? 60_000);
const totalTimeoutMs = Number(process.env.E2E_TOTAL_TIMEOUT_MS ?? 30 * 60_000);
const filter = process.argv[2] ?? '';

const CHROMIUM_ARGS = [
  '--no-sandbox', // as root Chromium refuses to start without it
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
  // Belt and braces besides the request routing below: no host name resolves to anything.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

let server = null; // the python3 child process
let browser = null;
let passed = 0;
let failed = 0;

let quiet = false; // once stopping, nothing more is printed but the reason

// Warnings the browser or the test's own set-up writes, not the game: Chromium's note on the
// `integrity` of trunk's preload links, and the service workers blocked in a test's context.
const BROWSERS_OWN = ['`integrity` attribute is currently ignored', 'Service Worker registration blocked by Playwright'];
const browsersOwn = (text) => BROWSERS_OWN.some((known) => text.includes(known));

function say(line = '') {
  // eslint-disable-next-line no-control-regex
  if (!quiet) process.stdout.write(`${String(line).replace(/\x1b\[[0-9;]*m/g, '')}\n`);
}

// Rejects after ms with a clear message; the timer never keeps node alive by itself.
function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`${what}: timed out after ${ms / 1000} s`);
      error.stack = error.message; // where the timer fired says nothing
      reject(error);
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function sleep(ms) {
  return new Promise((done) => setTimeout(done, ms));
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/`;
  let output = '';
  server = spawn('python3', ['-m', 'http.server', '--bind', '127.0.0.1', '--directory', distDir, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000); // request log: shown only when the server fails
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  let exited = null;
  server.on('exit', (code, signal) => {
    exited = signal ?? code;
  });
  server.on('error', (err) => {
    exited = err.message;
  });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (exited !== null) {
      throw new Error(`python3 -m http.server exited (${exited}) before serving:\n${output}`);
    }
    try {
      const response = await fetch(baseUrl, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return baseUrl;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`python3 -m http.server did not answer on ${baseUrl} within 15 s:\n${output}`);
}

async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  try {
    await withTimeout(gone, 3_000, 'stopping the server');
  } catch {
    server.kill('SIGKILL');
  }
}

async function stopBrowser() {
  if (!browser) return;
  const closing = browser;
  browser = null;
  try {
    await withTimeout(closing.close(), 10_000, 'closing the browser');
  } catch (err) {
    say(`e2e: ${err.message}; it is killed when node exits`);
  }
}

// Never leave the server behind, whatever ends this process (playwright-core kills its browser).
process.on('exit', () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});

let exiting = false;
async function cleanupAndExit(code, message) {
  if (exiting) return;
  exiting = true;
  if (message) say(`e2e: ${message}`);
  quiet = true;
  // Bounded: if cleaning up hangs, exit anyway.
  setTimeout(() => process.exit(code), 15_000).unref();
  await stopBrowser();
  await stopServer();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (exiting) return;
    say(`${passed} passed, ${failed + 1} failed`);
    cleanupAndExit(1, `stopped by ${signal}`);
  });
}

async function loadTests() {
  const files = readdirSync(here)
    .filter((name) => name.endsWith('.test.mjs'))
    .sort();
  const tests = [];
  for (const file of files) {
    const module = await import(pathToFileURL(join(here, file)).href);
    // Module namespaces list their exports in name order.
    for (const [name, fn] of Object.entries(module)) {
      if (typeof fn !== 'function') continue;
      const title = `${file} › ${name}`;
      if (filter && !title.includes(filter)) continue;
      tests.push({ file, name, fn, title });
    }
  }
  return tests;
}

function safeName(text) {
  return String(text).replace(/[^A-Za-z0-9._-]+/g, '_');
}

async function runTest(test, baseUrl) {
  const origin = new URL(baseUrl).origin;
  const problems = [];
  const notes = [];
  const fileStem = basename(test.file, '.test.mjs');
  const context = await withTimeout(
    // Service workers are blocked unless a test allows them (fn.serviceWorkers = 'allow'): the game's
    // would otherwise answer a test's requests from what an earlier page of the same test kept.
    browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: test.fn.serviceWorkers ?? 'block' }),
    20_000,
    'opening a browser context',
  );
  try {
    // Every request leaves through here: other origins are recorded and aborted. The request event
    // also sees what routing might not (none expected); each foreign URL is named once.
    const foreign = new Set();
    const isForeign = (url) => {
      if (/^(data|blob|about):/.test(url)) return false;
      try {
        return new URL(url).origin !== origin;
      } catch {
        return true;
      }
    };
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (!isForeign(url)) return route.continue();
      foreign.add(url);
      return route.abort('blockedbyclient');
    });
    await context.routeWebSocket(/.*/, (ws) => {
      problems.push(`WebSocket, refused: ${ws.url()}`);
      ws.close();
    });
    context.on('request', (request) => {
      if (isForeign(request.url())) foreign.add(request.url());
    });
    // A test that breaks something on purpose names the error it expects (fn.expectedError).
    const expected = (text) => test.fn.expectedError && String(text).includes(test.fn.expectedError);
    context.on('response', (response) => {
      const problem = `HTTP ${response.status()} for ${response.url()}`;
      if (response.status() >= 400 && new URL(response.url()).origin === origin && !expected(problem)) problems.push(problem);
    });
    context.on('console', (message) => {
      const serious = message.type() === 'error' || (message.type() === 'warning' && !browsersOwn(message.text()));
      if (serious && !expected(message.text())) {
        const where = message.location()?.url ? ` (${message.location().url}:${message.location().lineNumber})` : '';
        problems.push(`console ${message.type()}: ${message.text()}${where}`);
      }
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      if (expected(error?.stack || error?.message || error)) return;
      problems.push(`page error: ${error?.stack || error?.message || error}`);
    });

    const page = await withTimeout(context.newPage(), 20_000, 'opening a page');
    page.setDefaultTimeout(10_000);
    page.setDefaultNavigationTimeout(20_000);
    page.on('crash', () => problems.push('the page crashed'));

    const helper = {
      page,
      context,
      baseUrl,
      goto: (path = '') => page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' }),
      waitForApp: () => page.waitForSelector('#app > :not(#loading)', { state: 'attached', timeout: 20_000 }),
      screenshot: async (name) => {
        mkdirSync(screenshotDir, { recursive: true });
        const path = join(screenshotDir, `${safeName(fileStem)}-${safeName(name)}.png`);
        await page.screenshot({ path, fullPage: true, timeout: 15_000 });
        return path;
      },
      log: (...args) => notes.push(args.join(' ')),
      // A game left by the test before is resumed as the page starts and saved again then: the page
      // is let start before its storage is emptied, and should that saving still come after the
      // emptying (once the start screen's name field never came), the storage is emptied again.
      fresh: async (query = '?animations=off') => {
        await helper.goto(query);
        await helper.waitForApp();
        for (let tries = 1; ; tries++) {
          await page.evaluate(() => localStorage.clear());
          await helper.goto(query);
          await helper.waitForApp();
          if ((await page.getAttribute('.app', 'data-screen')) === 'start' || tries === 3) return;
        }
      },
      // A voice for each of `langs` (English alone unless told), as a device has.
      lendVoice: (langs = ['en-GB']) => page.addInitScript((langs) => {
        const voices = langs.map((lang) => Object.create(SpeechSynthesisVoice.prototype, { lang: { value: lang }, name: { value: `Reader ${lang}` } }));
        window.spoken = [];
        speechSynthesis.getVoices = () => voices;
        speechSynthesis.speak = (u) => window.spoken.push({ text: u.text, lang: u.lang });
        speechSynthesis.cancel = () => {};
      }, langs),
      countNotes: () => page.addInitScript(() => {
        window.notes = [];
        const start = OscillatorNode.prototype.start;
        OscillatorNode.prototype.start = function (...args) {
          window.notes.push(Math.round(this.frequency.value));
          return start.apply(this, args);
        };
      }),
      coveredBy: (selector) => page.locator(selector).evaluate((n) => {
        const over = n.getBoundingClientRect();
        return [...document.querySelectorAll('button, select, summary, g.hole')].filter((t) => {
          const r = t.getBoundingClientRect();
          return !n.contains(t) && r.width > 0 && r.left < over.right && over.left < r.right && r.top < over.bottom && over.top < r.bottom;
        }).map((t) => t.id || (t.matches('g.hole') ? `house ${t.dataset.side} ${t.dataset.house ?? 'store'}` : t.tagName.toLowerCase()));
      }),
    };

    const limit = Number(test.fn.timeout ?? testTimeoutMs);
    try {
      await withTimeout(Promise.resolve().then(() => test.fn(helper)), limit, 'the test');
    } catch (err) {
      problems.unshift(err?.stack || String(err));
    }
    // Errors logged just after the last step still count.
    await sleep(200);
    for (const url of foreign) problems.push(`request to another origin (aborted): ${url}`);
  } finally {
    await withTimeout(context.close(), 10_000, 'closing the browser context').catch((err) => problems.push(err.message));
  }
  return { problems, notes };
}

async function main() {
  const watchdog = setTimeout(() => {
    if (exiting) return;
    say(`${passed} passed, ${failed + 1} failed`);
    cleanupAndExit(1, `the end-to-end run took longer than ${totalTimeoutMs / 1000} s; stopped`);
  }, totalTimeoutMs);
  watchdog.unref();

  let tests;
  try {
    tests = await loadTests();
  } catch (err) {
    say(`e2e: could not load the tests: ${err?.stack || err}`);
    say('0 passed, 1 failed');
    return cleanupAndExit(1);
  }
  if (tests.length === 0) {
    say(`e2e: no tests found in tests/e2e/*.test.mjs${filter ? ` matching "${filter}"` : ''}`);
    say('0 passed, 0 failed');
    return cleanupAndExit(1);
  }

  let baseUrl;
  try {
    if (!existsSync(join(distDir, 'index.html'))) {
      throw new Error(`${distDir}/index.html is missing: run \`trunk build index.html --release\` first`);
    }
    if (!existsSync(chromiumPath)) {
      throw new Error(`${chromiumPath} is missing: run \`bash scripts/setup.sh test\` first`);
    }
    let chromium;
    try {
      ({ chromium } = await import('playwright-core'));
    } catch {
      throw new Error('playwright-core is not installed: run `bash scripts/setup.sh test` first');
    }
    // Old screenshots go, so that the folder shows this run only.
    if (!filter && existsSync(screenshotDir)) {
      for (const name of readdirSync(screenshotDir)) {
        if (name.endsWith('.png')) rmSync(join(screenshotDir, name));
      }
    }
    baseUrl = await startServer();
    say(`e2e: serving ${distDir} at ${baseUrl}`);
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: 30_000,
      // This script stops the browser itself, after printing the closing line.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    say(`e2e: Chromium ${browser.version()}; ${tests.length} test(s)`);
  } catch (err) {
    say(`e2e: ${err?.message || err}`);
    say(`0 passed, ${tests.length} failed`);
    return cleanupAndExit(1);
  }

  for (const test of tests) {
    const started = Date.now();
    const once = async () => {
      try {
        return await runTest(test, baseUrl);
      } catch (err) {
        return { problems: [err?.stack || String(err)], notes: [] };
      }
    };
    let result = await once();
    if (result.problems.length > 0 && (test.fn.retries ?? 0) > 0) {
      const first = result.problems.map((p) => p.split('\n')[0]);
      result = await once();
      result.notes.unshift(`its first run failed, so it ran again: ${first.join('; ')}`);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (result.problems.length === 0) {
      passed += 1;
      say(`ok   ${test.title} (${seconds} s)`);
    } else {
      failed += 1;
      say(`FAIL ${test.title} (${seconds} s)`);
      for (const problem of result.problems) {
        say(`     ${problem.split('\n').join('\n     ')}`);
      }
    }
    for (const note of result.notes) say(`     ${note}`);
    if (!browser?.isConnected()) {
      const left = tests.length - passed - failed;
      say('e2e: the browser is gone; the remaining tests cannot run');
      failed += left;
      break;
    }
  }

  say(`${passed} passed, ${failed} failed`);
  return cleanupAndExit(failed === 0 ? 0 : 1);
}

main().catch((err) => {
  say(`e2e: ${err?.stack || err}`);
  say(`${passed} passed, ${failed + 1} failed`);
  cleanupAndExit(1);
});
