// The computer player in the browser: it answers from its Web Worker while the page stays
// responsive, gives hints, survives a worker that cannot start, and runs the benchmark.

// The start screen with nothing kept from before (see `fresh` in run.mjs).
const fresh = (helper, query) => helper.fresh(query);

async function startAgainstComputer(page, game, level) {
  await page.click(`.game-pick[data-game="${game}"]`);
  await page.click('#opponent-computer');
  await page.click(`#level button[data-value="${level}"]`);
  // Each level has its animal's picture, for a child who cannot read its name yet; the computer's
  // "who starts" button shows the chosen one.
  const pictures = await page.locator('#level button').evaluateAll((els) => els.map((b) => b.querySelector('svg.animal')?.dataset.level));
  if (pictures.join() !== '1,2,3,4,5') throw new Error(`the levels' pictures are ${JSON.stringify(pictures)}`);
  if ((await page.getAttribute('#starter-2 svg.animal', 'data-level')) !== String(level)) throw new Error('"who starts" does not show the computer\'s animal');
  if (await page.locator('#starter-1 svg.animal').count()) throw new Error('the child is drawn as an animal');
  // The child has typed no name: "who starts" offers "You" or the computer by its level's name.
  const starters = [await page.textContent('#starter-1'), await page.textContent('#starter-2')];
  if (starters[0] !== 'You' || !['Snail', 'Bunny', 'Fox', 'Owl', 'Dragon'].includes(starters[1])) {
    throw new Error(`who starts offers ${JSON.stringify(starters)}`);
  }
  // The one name asked for is the child's, and "the youngest starts" (for two children) is not said.
  const label = await page.textContent('.players .player label span');
  if (label !== 'You') throw new Error(`the name field is labelled ${JSON.stringify(label)}`);
  if (await page.locator('.who-starts p').count()) throw new Error('"the youngest starts" is shown against the computer');
  await page.click('#start-game');
  await page.waitForSelector('#board');
}

// A game against the computer at `level`, the computer starting.
async function startWithTheComputerFirst(page, game, level) {
  await page.click(`.game-pick[data-game="${game}"]`);
  await page.click('#opponent-computer');
  await page.click(`#level button[data-value="${level}"]`);
  await page.click('#starter-2');
  await page.click('#start-game');
}

// A game of `game` against the computer at `level`, the child starting, after `moves`
// (space-separated), put in the saved game and resumed by a reload: the child's turn. `change`
// alters the saved game first (another board).
async function resume(helper, game, level, moves, change = () => {}) {
  const { page } = helper;
  await fresh(helper);
  await startAgainstComputer(page, game, level);
  await childsTurn(page);
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('mancala.game')));
  change(saved);
  saved.game.moves = moves ? moves.split(' ') : [];
  await page.evaluate((text) => localStorage.setItem('mancala.game', text), JSON.stringify(saved));
  await page.reload();
  await helper.waitForApp();
  await childsTurn(page);
}

// Kalah on 4 houses of 3 seeds, resumed after `moves` as above.
const resumeSmallKalah = (helper, level, moves) => resume(helper, 'kalah', level, moves, (saved) => {
  saved.choice.houses = 4;
  saved.choice.seeds = 3;
  saved.game.variant = 'kalah:4:3';
});

// The small game above, after which the child sows `last`, which ends it. Returns what the end
// screen says.
async function endSmallKalah(helper, level, moves, last) {
  const { page } = helper;
  await resumeSmallKalah(helper, level, moves);
  await page.click(`g.hole[data-side="south"][data-house="${last}"]`);
  await page.waitForSelector('#end-screen', { timeout: 20000 });
  return page.textContent('#winner');
}

// Banana-Cala after which both players have fruits of three kinds caught, the child to play.
const BANANA_FRUITS_CAUGHT = 'M:AAOBOA M:GOBGGA M:GAGAO M:BAAGAG M:GGOAOG M:OOAGB M:BOBB M:OOB 2:OOO M:OO M:BBG M:BA 4:BGGOO 2:BGA M:G 6:BBGOOOOO M:O 3:GGGG M:G 4:BBBAA 2:G M:BO 6:BBGGGGAAOO 1:BBGO 2:G 6:BA 4:BO 4:AO M:A M:G';

const movesPlayed = (page) => page.locator('#moves li').count();

// The child's turn (or the end): some house can be tapped and nothing is being shown.
async function childsTurn(page) {
  await page.waitForFunction(
    () => document.querySelector('[data-screen="over"]') || (document.querySelector('g.hole[data-legal="true"]') && document.querySelector('.app').dataset.busy === 'false'),
    null,
    { timeout: 30000 },
  );
}

export async function aWholeGameAgainstTheComputer(helper) {
  const { page } = helper;
  await fresh(helper);
  await startAgainstComputer(page, 'kidcala-classic', 1);
  if (!(await page.textContent('#info-north')).includes('Snail')) throw new Error('the computer is not named after its level');
  if ((await page.getAttribute('#info-north svg.animal', 'data-level')) !== '1') throw new Error('the computer\'s panel does not show the snail');
  if (await page.locator('#info-south svg.animal').count()) throw new Error('the child\'s panel shows an animal');
  // The child left their name empty: the turn and the end speak to them.
  await childsTurn(page);
  const turn = await page.textContent('#info-south .name');
  if (turn !== 'Your turn') throw new Error(`the child's turn reads ${JSON.stringify(turn)}`);
  let seed = 5;
  for (let i = 0; i < 200 && (await page.locator('[data-screen="over"]').count()) === 0; i++) {
    await childsTurn(page);
    if (await page.locator('[data-screen="over"]').count()) break;
    const houses = page.locator('g.hole.house[data-legal="true"]');
    const n = await houses.count();
    if (n === 0) continue;
    // Only South's houses are ever offered: the computer's side never is.
    if ((await page.locator('g.hole[data-side="north"][data-legal="true"]').count()) > 0) throw new Error('the computer\'s houses are offered');
    seed = (seed * 1103515245 + 12345) % 2147483648;
    await houses.nth(seed % n).click();
  }
  await page.waitForSelector('#end-screen', { timeout: 30000 });
  const winner = await page.getAttribute('#winner', 'data-winner');
  const said = await page.textContent('#winner');
  helper.log(said);
  const expected = { south: 'You win!', north: 'Snail wins!', draw: "It's a draw!" }[winner];
  if (said !== expected) throw new Error(`the end for ${winner} reads ${JSON.stringify(said)}`);
  const moves = await movesPlayed(page);
  helper.log(`${moves} moves`);
  await helper.screenshot('end-against-computer');
}
aWholeGameAgainstTheComputer.timeout = 240_000;

export async function thePageStaysResponsiveWhileTheComputerThinks(helper) {
  const { page } = helper;
  await fresh(helper);
  // Level 5 at Kalah with 3 seeds a house, the computer starting: 36 seeds, few enough for its
  // exact solver to try, which takes about half a second (its search alone, a few hundredths).
  await page.click('.game-pick[data-game="kalah"]');
  await page.click('#seeds button[data-value="3"]');
  await startWithTheComputerFirst(page, 'kalah', 5);
  await page.waitForSelector('.app[data-thinking="true"]', { timeout: 10000 });
  // The dragon rocks on its panel while it thinks (the computer started, so it sits South).
  await page.waitForSelector('#info-south.thinking svg.animal[data-level="5"]', { timeout: 2000 });
  // While it thinks, the main thread keeps drawing frames: measure the longest gap, and how long
  // the computer was seen thinking (long enough for a search on the main thread to show).
  const { gap, thinking } = await page.evaluate(() => new Promise((resolve) => {
    let last = performance.now();
    let worst = 0;
    let thinking = 0;
    const started = last;
    function frame(t) {
      worst = Math.max(worst, t - last);
      if (document.querySelector('.app').dataset.thinking === 'true') thinking += t - last;
      last = t;
      if (t - started < 1500) requestAnimationFrame(frame); else resolve({ gap: worst, thinking });
    }
    requestAnimationFrame(frame);
  }));
  helper.log(`longest gap between frames while thinking: ${gap.toFixed(0)} ms, thinking seen for ${thinking.toFixed(0)} ms`);
  if (gap > 250) throw new Error(`the page froze for ${gap} ms while the computer thought`);
  // A search on the main thread as long as this one would have left a gap longer than 250 ms.
  if (thinking < 300) throw new Error(`the computer thought for only ${thinking} ms: nothing was measured`);
  // A tap on the computer's side (it started, so it sits South) is refused, gently.
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForSelector('#notice');
  // Its move arrives and is shown: the child's turn.
  await childsTurn(page);
  if ((await movesPlayed(page)) < 1) throw new Error('the computer did not move');
  if (await page.locator('.side-info.thinking').count()) throw new Error('the dragon still rocks on the child\'s turn');
}

// Records every worker the page starts, when, when it was first asked something (not counting the
// request to make ready what the computer's moves will need, sent as it starts on the child's turn:
// `prepared` has when), and whether the page stopped it (its search cancelled).
// Called before the page is opened.
async function watchWorkers(page) {
  await page.addInitScript(() => {
    const Original = window.Worker;
    window.startedWorkers = [];
    window.Worker = class extends Original {
      constructor(...args) {
        super(...args);
        const record = { stopped: false, worker: this, started: performance.now(), asked: null };
        window.startedWorkers.push(record);
        const post = this.postMessage.bind(this);
        this.postMessage = (...message) => {
          if (String(message[0]).includes('"task":"prepare"')) record.prepared ??= performance.now();
          else record.asked ??= performance.now();
          post(...message);
        };
        const terminate = this.terminate.bind(this);
        this.terminate = () => {
          record.stopped = true;
          terminate();
        };
      }
    };
  });
}

// Runs the script `prelude` at the start of the first `times` workers the page starts, before
// their own loader: to change what they send to the page.
async function beforeWorker(page, prelude, times = Infinity) {
  let started = 0;
  await page.route('**/worker_loader.js*', async (route) => {
    const original = await (await route.fetch()).text();
    const body = started++ < times ? `${prelude}\n${original}` : original;
    await route.fulfill({ status: 200, contentType: 'text/javascript', body });
  });
}

// A worker stopped while it is still loading (a hint asked for, then a house tapped at once) is not
// heard from again: its loading, cut short, ends in an error that reaches the page a few
// milliseconds later, and found a listener already let go, which the browser's console called an
// error ("closure invoked recursively or after being dropped"). The worker's code is slow to come
// here, so that each tap stops it while it loads.
export async function aWorkerStoppedWhileLoadingIsNotHeard(helper) {
  const { page } = helper;
  await page.route('**/worker.js*', async (route) => {
    await new Promise((done) => setTimeout(done, 1000));
    await route.continue().catch(() => {});
  });
  await fresh(helper);
  await page.click('.game-pick[data-game="kalah"]');
  await page.click('#start-game');
  await page.waitForSelector('#board');
  for (let i = 0; i < 6; i++) {
    await page.click('#hint');
    await page.waitForTimeout(300);
    await page.click('g.hole.house[data-legal="true"]');
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n, i + 1);
    await page.waitForTimeout(100);
  }
}

// Makes the worker slow to answer: everything it sends reaches the page `ms` later, so that the
// computer is still thinking when the test acts (its own searches can take only a few
// milliseconds).
async function slowWorker(page, ms) {
  await beforeWorker(page, `const send = self.postMessage.bind(self); self.postMessage = (...args) => setTimeout(() => send(...args), ${ms});`);
}

const workersStopped = (page) => page.evaluate(() => window.startedWorkers.map((w) => w.stopped));

// Opens the page afresh with its workers watched and slow to answer.
async function freshWithASlowWorker(helper) {
  await watchWorkers(helper.page);
  await slowWorker(helper.page, 3000);
  await fresh(helper);
}

// Waits until the computer is thinking in a worker that has started.
async function computerThinking(page) {
  await page.waitForSelector('.app[data-thinking="true"]', { timeout: 10000 });
  await page.waitForFunction(() => window.startedWorkers.length > 0, null, { timeout: 10000 });
}

// Kalah against level 5, its worker slow to answer: the child sows house 1, and the computer thinks.
async function childMovesAndTheComputerThinks(helper) {
  const { page } = helper;
  await freshWithASlowWorker(helper);
  await startAgainstComputer(page, 'kalah', 5);
  await childsTurn(page);
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await computerThinking(page);
}

// Kalah against level 5, its worker slow to answer, the computer starting: "Menu" while it thinks.
async function leaveWhileTheComputerThinks(helper) {
  const { page } = helper;
  await freshWithASlowWorker(helper);
  await startWithTheComputerFirst(page, 'kalah', 5);
  await computerThinking(page);
  await page.click('#menu');
  await page.waitForSelector('[data-screen="start"]');
}

// Leaving the game while the computer thinks stops its search, and nothing of it lands in the next
// game.
export async function leavingTheGameStopsTheComputersSearch(helper) {
  const { page } = helper;
  await leaveWhileTheComputerThinks(helper);
  const stopped = await workersStopped(page);
  if (stopped.join() !== 'true') throw new Error(`the workers after leaving the game: stopped ${JSON.stringify(stopped)}`);
  // A game for two children: the old search's move never comes.
  await page.click('#opponent-friend');
  await page.click('#start-game');
  await page.waitForSelector('#board');
  await page.waitForTimeout(2500);
  if ((await movesPlayed(page)) !== 0) throw new Error(`the new game has ${await movesPlayed(page)} moves`);
  if (await page.locator('.app[data-thinking="true"]').count()) throw new Error('the computer still thinks in a game for two');
}

// The rules opened while the computer thinks: it waits until they are closed, and then thinks and
// plays, its move shown (it was played and shown behind the rules, and the child found it done).
// A sowing under way waits too, and goes on where it was.
export async function theComputerWaitsWhileTheRulesAreOpen(helper) {
  const { page } = helper;
  await watchWorkers(page);
  await slowWorker(page, 3000);
  // At the page's usual speed, moves shown step by step.
  await fresh(helper, '');
  await startWithTheComputerFirst(page, 'kalah', 5);
  await computerThinking(page);
  await page.click('#rules');
  // Past the slow worker's answer (3 s): no move, nothing thought about.
  await page.waitForTimeout(4500);
  if ((await movesPlayed(page)) !== 0) throw new Error('the computer played behind the rules');
  if (await page.locator('.app[data-thinking="true"]').count()) throw new Error('the computer still thinks behind the rules');
  await page.click('#close-rules');
  await computerThinking(page);
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length > 0, null, { timeout: 15000 });
  // Its move is shown step by step (the page's usual speed): the rules opened meanwhile hold it.
  await page.waitForSelector('.app[data-busy="true"]', { timeout: 5000 });
  await page.click('#rules');
  const hand = () => page.evaluate(() => document.querySelector('#board g.hand')?.dataset.count ?? 'none');
  const held = await hand();
  await page.waitForTimeout(1500);
  if (!(await page.locator('.app[data-busy="true"]').count()) || (await hand()) !== held) throw new Error('the sowing went on behind the rules');
  await page.click('#close-rules');
  await page.waitForSelector('.app[data-busy="false"]', { timeout: 15000 });
}
theComputerWaitsWhileTheRulesAreOpen.timeout = 90_000;

// Left for the start screen while the computer thinks, and gone back to: the computer thinks again
// and plays its move, as the one it was thinking of was called off.
export async function aGameLeftWhileTheComputerThinksGoesOnWhenGoneBackTo(helper) {
  const { page } = helper;
  await leaveWhileTheComputerThinks(helper);
  // The way back shows the computer's animal too.
  if ((await page.getAttribute('#back-to-game svg.animal', 'data-level')) !== '5') throw new Error('the way back does not show the dragon');
  await page.click('#back-to-game');
  await page.waitForSelector('[data-screen="playing"]');
  await computerThinking(page);
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length > 0, null, { timeout: 15000 });
  await childsTurn(page);
  const stopped = await workersStopped(page);
  if (stopped[0] !== true) throw new Error(`the first search was not stopped: ${JSON.stringify(stopped)}`);
}

// Undo while the computer thinks about its answer stops its search: back to the child's turn, and
// the answer never comes.
export async function undoWhileTheComputerThinksStopsItsSearch(helper) {
  const { page } = helper;
  await childMovesAndTheComputerThinks(helper);
  // A tap meanwhile is refused, and no house pulses to be tapped instead: none is the child's to
  // tap while the computer plays.
  await page.click('g.hole[data-side="north"][data-house="1"]');
  await page.waitForSelector('#notice');
  const pulsing = await page.locator('g.hole .ring').evaluateAll((rings) => rings.filter((r) => getComputedStyle(r).animationName === 'nudge').length);
  if (pulsing) throw new Error(`${pulsing} houses pulse while the computer thinks`);
  await page.click('#undo');
  await childsTurn(page);
  // The search was stopped; a new worker loads for the computer's next turn (while the child
  // chooses), asked nothing yet.
  const workers = await page.evaluate(() => window.startedWorkers.map((w) => ({ stopped: w.stopped, asked: w.asked !== null })));
  const ok = workers.length === 2 && workers[0].stopped && !workers[1].stopped && !workers[1].asked;
  if (!ok) throw new Error(`the workers after undo: ${JSON.stringify(workers)}`);
  await page.waitForTimeout(2500);
  if ((await movesPlayed(page)) !== 0) throw new Error(`after undo, ${await movesPlayed(page)} moves`);
  if (await page.locator('.side-info.thinking').count()) throw new Error('the dragon still rocks after undo');
}

// A worker that stops answering in the middle of its search (stopped by the browser, say, which
// tells the page nothing) is noticed when its time is up: the child is told, the game is intact, and
// "Try again" starts a new worker, which answers.
export async function aWorkerThatDiesWhileThinkingIsToldAndTheGameGoesOn(helper) {
  const { page } = helper;
  await childMovesAndTheComputerThinks(helper);
  // Stopped behind the page's back: the page does not know.
  await page.evaluate(() => Worker.prototype.terminate.call(window.startedWorkers[0].worker));
  await page.waitForSelector('#computer-retry', { timeout: 30000 });
  const notice = await page.textContent('#notice');
  if (!/computer/i.test(notice)) throw new Error(`the child is told: ${notice}`);
  if ((await movesPlayed(page)) !== 1) throw new Error('the game lost a move');
  await page.click('#computer-retry');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 30000 });
  const started = await page.evaluate(() => window.startedWorkers.length);
  if (started !== 2) throw new Error(`${started} workers started`);
}
aWorkerThatDiesWhileThinkingIsToldAndTheGameGoesOn.timeout = 90_000;
// Twice among many runs, the worker started by "Try again" could not load worker.js ("importScripts
// ... failed to load": a network error inside the test harness, whose routing of every request
// the workers' go through too; the page told the child, as it should). Run once more when it fails.
aWorkerThatDiesWhileThinkingIsToldAndTheGameGoesOn.retries = 1;
// The worker stopped without a word is noticed when its time is up, and said in the console.
aWorkerThatDiesWhileThinkingIsToldAndTheGameGoesOn.expectedError = 'did not answer in time';

// The computer's time limit counts only time the page is seen. A tablet put down, or another app
// brought in front, while the computer thinks puts the page to sleep (iOS stops it altogether):
// on waking, the page's timer for the whole limit fired at once, before the worker, woken too,
// could answer, and the child came back to "the computer could not answer". Here the worker's
// answer comes 19 s after it was asked, past the limit and its grace (17.5 s for Bunny's move);
// meanwhile the page is hidden for 6 s, then wakes with its clock a minute on, as after a long
// sleep. The computer's move comes, and nobody is told it failed.
export async function aComputerThatThinksWhileThePageSleepsIsWaitedFor(helper) {
  const { page } = helper;
  await beforeWorker(page, "const send = self.postMessage.bind(self); self.postMessage = (m, ...rest) => (m.startsWith('ready') ? send(m, ...rest) : setTimeout(() => send(m, ...rest), 19000));");
  const hidden = (yes) => page.evaluate((yes) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => yes });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (yes ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, yes);
  await fresh(helper);
  await startAgainstComputer(page, 'kalah', 2);
  await childsTurn(page);
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForSelector('.app[data-thinking="true"]', { timeout: 10000 });
  await hidden(true);
  await page.waitForTimeout(6000);
  await hidden(false);
  await page.evaluate(() => { const clock = Date.now; Date.now = () => clock() + 60_000; });
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2 || document.querySelector('#computer-retry'), null, { timeout: 30000 });
  if (await page.locator('#computer-retry').count()) throw new Error(`the child is told: ${await page.textContent('#notice')}`);
}
aComputerThatThinksWhileThePageSleepsIsWaitedFor.timeout = 60_000;

// Worker files that name another build of the game: the first `times` workers started say they
// are of the build `build` (a newer version put on the host while the page was left open).
async function workersOfAnotherBuild(page, build, times) {
  await beforeWorker(page, `const send = self.postMessage.bind(self); self.postMessage = (m, ...rest) => send(typeof m === 'string' && m.startsWith('ready') ? 'ready ${build}' : m, ...rest);`, times);
}

// A game against the computer at the child's turn, its page at `query` (see `fresh`), whose
// workers say they are of the build `build` (the first `times` of them).
async function childsTurnWithWorkersOf(helper, build, query, times) {
  await fresh(helper, query);
  await workersOfAnotherBuild(helper.page, build, times);
  await startAgainstComputer(helper.page, 'kalah', 2);
  await childsTurn(helper.page);
}

// The worker's files are asked for under the page's build (the same for all three), so that a
// browser's cache, which keeps files by their address, never gives a page a worker of another
// version: their names stay the same from one version to the next.
export async function theWorkersFilesAreAskedForUnderThePagesBuild(helper) {
  const { page } = helper;
  const asked = [];
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/worker/.test(url.pathname)) asked.push(url.pathname + url.search);
  });
  await fresh(helper);
  await startAgainstComputer(page, 'kalah', 2);
  await childsTurn(page);
  await page.click('#hint');
  await page.waitForSelector('g.hole.hint', { timeout: 20000 });
  const build = asked[0]?.match(/\?build=([0-9a-f]{16})$/)?.[1];
  const expected = ['/worker_loader.js', '/worker.js', '/worker_bg.wasm'].map((file) => `${file}?build=${build}`);
  if (!build || JSON.stringify(asked) !== JSON.stringify(expected)) throw new Error(`the worker's files asked for: ${JSON.stringify(asked)}`);
}

// A page left open for days on a tablet while a newer version of the game is put on the host: a
// worker it starts then comes from the newer version (its files' names never change), and the two
// may not understand each other; the child waited for a computer that never answered. The page
// reloads itself for the newer version, once, and the game goes on where it was.
export async function aPageOfAnOlderVersionReloadsForTheNewerOne(helper) {
  const { page } = helper;
  // At the usual speed: the worker, started with the pause before the computer's turn, says which
  // build it is of before it is asked anything.
  await childsTurnWithWorkersOf(helper, '0123456789abcdef', '', 1);
  await page.evaluate(() => { window.before = true; });
  const reloaded = page.waitForEvent('load', { timeout: 20000 });
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await reloaded;
  await helper.waitForApp();
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2 || document.querySelector('#computer-retry'), null, { timeout: 30000 });
  if (await page.locator('#computer-retry').count()) throw new Error(`the child is told: ${await page.textContent('#notice')}`);
  if (await page.evaluate(() => window.before)) throw new Error('the page did not reload');
  const first = await page.getAttribute('#moves li', 'data-move');
  if (first !== '1') throw new Error(`the game after the reload begins with ${first}, not the child's house 1`);
  if ((await page.evaluate(() => sessionStorage.getItem('mancala.reloaded-for'))) !== '0123456789abcdef') throw new Error('the reload is not remembered');
}

// A page that reloaded for a newer version and still is not of it (a browser's cache giving it the
// older page again) does not reload round and round: the computer is said not to answer, and the
// game is kept.
export async function aPageReloadsForANewerVersionOnlyOnce(helper) {
  const { page } = helper;
  await childsTurnWithWorkersOf(helper, 'fedcba9876543210');
  let loads = 0;
  let failures = 0;
  page.on('load', () => { loads++; });
  page.on('console', (m) => { if (m.text().includes('another build of the game')) failures++; });
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForSelector('#computer-retry', { timeout: 30000 });
  await page.click('#computer-retry');
  // "Try again" starts another worker, of that build too: told again, without a reload.
  for (let waited = 0; failures < 2 && waited < 30000; waited += 100) await page.waitForTimeout(100);
  await page.waitForSelector('#computer-retry', { timeout: 30000 });
  if (failures !== 2 || loads !== 1) throw new Error(`the page loaded ${loads} times and was told ${failures} times`);
  if ((await movesPlayed(page)) !== 1) throw new Error('the game lost a move');
}
// The worker of another build is said in the console on purpose.
aPageReloadsForANewerVersionOnlyOnce.expectedError = 'another build of the game';

// A page whose game cannot be kept on the device (storage full, or not allowed) does not reload
// for a newer version: the game would be lost. The child is told so, in words a grown-up can act
// on ("Try again" only failed again and again, saying the computer could not think).
export async function aPageWhoseGameCannotBeKeptDoesNotReloadForANewerVersion(helper) {
  const { page } = helper;
  await page.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function setItem(key, value) {
      if (key === 'mancala.game') throw new DOMException('the storage is full', 'QuotaExceededError');
      return set.call(this, key, value);
    };
  });
  await childsTurnWithWorkersOf(helper, '0123456789abcdef');
  let loads = 0;
  page.on('load', () => { loads++; });
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForSelector('#computer-retry', { timeout: 30000 });
  if (loads !== 0) throw new Error(`the page loaded ${loads} times`);
  if ((await movesPlayed(page)) !== 1) throw new Error('the game lost a move');
  const told = (await page.textContent('#notice')).trim();
  if (!told.startsWith('A new version of the game is ready') || !told.includes('reload the page')) throw new Error(`the child is told: ${JSON.stringify(told)}`);
}
// The worker of another build is said in the console on purpose.
aPageWhoseGameCannotBeKeptDoesNotReloadForANewerVersion.expectedError = 'another build of the game';

// The computer's worker loads while the child chooses their first move, when the child starts: it
// started at the computer's first turn, and on a slow connection the child waited seconds for its
// files. When the computer starts, its worker loads during the pause the child is given to follow
// (0.7 s), so that on a slow tablet its loading does not come on top: it started only when asked,
// after the pause.
export async function theComputersWorkerLoadsBeforeItsFirstTurn(helper) {
  const { page } = helper;
  await watchWorkers(page);
  // Sowings shown at their usual speed, as a child sees them: the pause is the usual one.
  await fresh(helper, '');
  await startAgainstComputer(page, 'kalah', 2);
  await childsTurn(page);
  await page.waitForFunction(() => window.startedWorkers.length === 1, null, { timeout: 5000 });
  await page.waitForTimeout(500);
  const tapped = await page.evaluate(() => performance.now());
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 20000 });
  const workers = await page.evaluate(() => window.startedWorkers.map((w) => ({ started: w.started, asked: w.asked })));
  if (workers.length !== 1 || !(workers[0].started < tapped) || !(workers[0].asked > tapped)) {
    throw new Error(`the child tapped at ${tapped}; the workers: ${JSON.stringify(workers)}`);
  }
  // The computer starting, on a page opened afresh.
  await fresh(helper, '');
  await startWithTheComputerFirst(page, 'kalah', 2);
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 1, null, { timeout: 20000 });
  const [first] = await page.evaluate(() => window.startedWorkers.map((w) => w.asked - w.started));
  if (!(first >= 600)) throw new Error(`the worker was asked ${first} ms after it started`);
}

// With moves shown at once (chosen, or a tablet that reduces motion), the computer still waits
// its pause before it plays: the child's move's end showed for a blink before the computer's move
// took its place, and a screen reader heard both in one breath.
export async function theComputerWaitsItsPauseWithMovesShownAtOnce(helper) {
  const { page } = helper;
  await fresh(helper, '');
  await startAgainstComputer(page, 'kalah', 1);
  await childsTurn(page);
  await page.selectOption('#speed', 'instant');
  const tapped = await page.evaluate(() => performance.now());
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForTimeout(300);
  const caption = (await page.textContent('#caption')).trim();
  if (!caption.startsWith('You sowed house 1.')) throw new Error(`a moment after the child's move the caption says ${JSON.stringify(caption)}`);
  if ((await movesPlayed(page)) !== 1) throw new Error('the computer played at once');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 20000 });
  const answered = await page.evaluate(() => performance.now());
  if (answered - tapped < 650) throw new Error(`the computer played ${Math.round(answered - tapped)} ms after the child`);
}

// While the computer thinks, the caption still says the child's move (the computer's animal rocks
// in its panel meanwhile): "Snail is thinking" took its place at once, before a child had read it,
// and cut off what a screen reader was saying. Before any move, with the computer starting, the
// caption says it is thinking.
export async function theChildsMoveStaysSaidWhileTheComputerThinks(helper) {
  const { page } = helper;
  await childMovesAndTheComputerThinks(helper);
  await page.waitForSelector('#info-north.thinking');
  const caption = (await page.textContent('#caption')).trim();
  if (caption !== 'You sowed house 1.') throw new Error(`while the computer thinks, the caption says ${JSON.stringify(caption)}`);
  // A screen reader hears whose turn it is after the child's move, and after the computer's.
  const turn = await page.textContent('#turn-said');
  if (turn !== "Dragon's turn.") throw new Error(`while the computer thinks, whose turn is said as ${JSON.stringify(turn)}`);
  await childsTurn(page);
  await page.waitForFunction(() => document.querySelector('#turn-said').textContent === 'Your turn.');
  await page.click('#menu');
  await startWithTheComputerFirst(page, 'kalah', 5);
  await computerThinking(page);
  await page.waitForFunction(() => /is thinking/.test(document.querySelector('#caption').textContent));
}

// Against Dragon in Kalah(6,3), the worker started on the child's turn makes its exact solver's
// endgame table while the child chooses (made during the computer's first move, it left the solve
// too little of its time: Dragon answered house 3 with a search's move, giving away 4 seeds). The
// request goes under no number the page waits for, and the computer's move, asked meanwhile, comes
// after it. Prints how long Dragon took to answer house 3, and with which house (6, the solver's,
// is the best; a slow machine may still leave it a search's, which is why this only prints it).
export async function dragonMakesItsSolverReadyWhileTheChildChooses(helper) {
  const { page } = helper;
  await watchWorkers(page);
  await page.addInitScript(() => {
    const Watched = window.Worker;
    window.Worker = class extends Watched {
      constructor(...args) {
        super(...args);
        const record = window.startedWorkers.at(-1);
        record.sent = [];
        record.heard = [];
        const post = this.postMessage;
        this.postMessage = (...message) => { record.sent.push(String(message[0])); post(...message); };
        this.addEventListener('message', (e) => record.heard.push(String(e.data)));
      }
    };
  });
  await fresh(helper);
  await page.click('.game-pick[data-game="kalah"]');
  await page.click('#seeds button[data-value="3"]');
  await startAgainstComputer(page, 'kalah', 5);
  await childsTurn(page);
  await page.waitForFunction(() => window.startedWorkers[0]?.heard.some((m) => m.includes('"prepared"')), null, { timeout: 20000 })
    .catch(async () => { throw new Error(`no table made ready: ${JSON.stringify(await page.evaluate(() => window.startedWorkers.map((w) => [w.sent, w.heard])))}`); });
  const [sent, heard] = await page.evaluate(() => [window.startedWorkers[0].sent, window.startedWorkers[0].heard]);
  const asked = JSON.parse(sent[0]);
  if (asked.id !== 0 || asked.task.task !== 'prepare' || asked.task.level !== 5) throw new Error(`the worker was first asked ${sent[0]}`);
  const answer = JSON.parse(heard.find((m) => m.includes('"prepared"')));
  if (answer.id !== 0 || answer.reply.ready !== true) throw new Error(`the worker answered ${JSON.stringify(answer)}`);
  const before = await page.evaluate(() => window.startedWorkers[0].sent.length);
  await page.click('g.hole[data-side="south"][data-house="3"]');
  await page.waitForFunction((n) => window.startedWorkers[0].sent.length > n, before, { timeout: 20000 });
  const asking = await page.evaluate(() => performance.now());
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 20000 });
  const took = (await page.evaluate(() => performance.now())) - asking;
  const reply = JSON.parse((await page.evaluate(() => window.startedWorkers[0].heard)).filter((m) => m.includes('"reply":"move"')).at(-1));
  helper.log(`Dragon's answer to house 3 in Kalah(6,3): house ${reply.reply.mv} (6 is the best) after ${took.toFixed(0)} ms, ${reply.reply.nodes} positions`);
  if (await page.evaluate(() => window.startedWorkers.length) !== 1) throw new Error('the worker was started again');
  // A new game in the same page, whose worker goes on: made ready again, for its game.
  const sentBefore = await page.evaluate(() => window.startedWorkers[0].sent.length);
  await page.click('#menu');
  await page.click('#seeds button[data-value="4"]');
  await page.click('#start-game');
  await childsTurn(page);
  await page.waitForFunction((n) => window.startedWorkers[0].sent.slice(n).some((m) => m.includes('"prepare"') && m.includes('kalah:6:4')), sentBefore, { timeout: 10000 })
    .catch(async () => { throw new Error(`a new game was not made ready: ${JSON.stringify(await page.evaluate(() => window.startedWorkers.map((w) => w.sent)))}`); });
  // A hint asked at once, on a page opened afresh: the table is made first, then the hint.
  await fresh(helper);
  await page.click('.game-pick[data-game="kalah"]');
  await page.click('#seeds button[data-value="3"]');
  await startAgainstComputer(page, 'kalah', 5);
  await page.click('#hint');
  await page.waitForSelector('g.hole.hint', { timeout: 20000 });
  const order = await page.evaluate(() => window.startedWorkers.flatMap((w) => w.sent.map((m) => JSON.parse(m).task.task)));
  if (order.join() !== 'prepare,hint') throw new Error(`with a hint asked at once, the worker was asked ${order}`);
}

// A notice that stays over the computer's move says its lasting words alone then ("Welcome back!
// Your game goes on.", without whose turn it was): a screen reader, which says words changed in
// the notice's line, heard them again in the middle of the computer's move. Nor is whose turn it
// is said in the notice where the line after the caption says it ("Dragon's turn." twice).
export async function aNoticeKeptOverTheComputersMoveIsHeardOnce(helper) {
  const { page } = helper;
  await fresh(helper);
  await startAgainstComputer(page, 'kalah', 1);
  await childsTurn(page);
  // The child has sown house 2 (its last seed in house 6): the computer's turn, after a reload.
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('mancala.game')));
  saved.game.moves = ['2'];
  await page.evaluate((text) => localStorage.setItem('mancala.game', text), JSON.stringify(saved));
  await page.addInitScript(() => {
    window.noticeHeard = [];
    // Each change of the page: the words changed, and those put in (once, not again for the
    // pieces inside a piece put in).
    new MutationObserver((records) => {
      const changed = new Set();
      for (const r of records) {
        const inNotice = (r.type === 'characterData' ? r.target.parentElement : r.target)?.closest?.('#notice-said');
        if (!inNotice) continue;
        if (r.type === 'characterData' && r.target.data.trim()) changed.add(r.target);
        for (const n of r.addedNodes) if (n.textContent.trim()) changed.add(n);
      }
      const all = [...changed].filter((n) => n.isConnected);
      for (const n of all) {
        if (!all.some((m) => m !== n && m.contains(n))) window.noticeHeard.push(n.textContent.trim());
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload();
  await helper.waitForApp();
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 20000 });
  await childsTurn(page);
  const heard = await page.evaluate(() => window.noticeHeard);
  if (heard.join('|') !== 'Welcome back! Your game goes on.') throw new Error(`a screen reader heard the notice say ${JSON.stringify(heard)}`);
}

export async function undoTakesBackTheComputersAnswerToo(helper) {
  const { page } = helper;
  await fresh(helper);
  await startAgainstComputer(page, 'kalah', 2);
  await childsTurn(page);
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 20000 });
  await childsTurn(page);
  await page.click('#undo');
  await childsTurn(page);
  if ((await movesPlayed(page)) !== 0) throw new Error(`after undo, ${await movesPlayed(page)} moves are left`);
}

export async function aHintMakesAHouseGlow(helper) {
  const { page } = helper;
  await fresh(helper);
  await startAgainstComputer(page, 'kalah', 1);
  await childsTurn(page);
  // A tap on the computer's row says whose it is (no "whose turn": a child alone knows it is theirs).
  await page.click('g.hole[data-side="north"][data-house="2"]');
  await page.waitForFunction(() => document.querySelector('#notice')?.textContent === 'This house belongs to Snail.');
  await page.click('#notice');
  await page.click('#hint');
  await page.waitForSelector('g.hole.hint', { timeout: 20000 });
  const caption = await page.textContent('#caption');
  // Kalah(6,4) from the start: the hint names a house (and its reason when there is a simple one).
  if (!/\d/.test(caption)) throw new Error(`the hint says: ${caption}`);
  helper.log(caption);
  await helper.screenshot('hint');
  // Only house 3 has a simple reason here: its last seed lands in the child's store, which the board
  // fills green as well as saying it (for a child who cannot read it yet).
  const hint = await page.getAttribute('#caption', 'data-hint');
  const landing = await marked(page, 'landing');
  const expected = hint === '3' ? ['south store'] : [];
  if (landing.join() !== expected.join()) throw new Error(`the hint ${hint} marks ${JSON.stringify(landing)} as where it lands`);
  // Playing the hinted house works and the glow goes.
  await page.click('g.hole.hint');
  await page.waitForFunction(() => !document.querySelector('g.hole.hint'));
  if ((await marked(page, 'landing')).length) throw new Error('the landing is still marked after the move');
}

// On a phone held sideways the board and both panels fill the screen, and the hint under them is
// below its edge: against the computer the child has a hint and "read aloud" at the end of their
// own panel, on the screen, the panel no taller. Greyed on the computer's turn; in the computer's
// panel when the child goes second (their panel is then the near one); not on a tablet or an
// upright phone, whose hint is on the screen; not between two children, who share the buttons
// under the board. In Banana-Cala, whose panel has the fruits caught, the hint and "read aloud" are
// their pictures alone, on phones up to 640 pixels wide too (there "read aloud" had stayed under the
// board, below the screen's edge); below 600 the panel says the child's name alone to make room.
export async function onAPhoneHeldSidewaysTheChildHasAHintInTheirPanel(helper) {
  const { page } = helper;
  await helper.lendVoice();
  const look = (panel) => page.evaluate((panel) => {
    const box = document.querySelector(panel).getBoundingClientRect();
    const inside = (id) => {
      const b = document.querySelector(id)?.getBoundingClientRect();
      return !!b && b.width > 0 && b.top >= box.top && b.bottom <= box.bottom && b.left >= box.left && b.right <= box.right;
    };
    return {
      // "Read aloud" where the device has a voice for the language (the one lent here is English).
      inside: inside('#hint-near') && (document.documentElement.lang !== 'en' || inside('#read-aloud-near')),
      onScreen: box.bottom <= innerHeight && box.right <= innerWidth,
      height: Math.round(box.height),
      word: document.querySelector('#hint-near .word') ? getComputedStyle(document.querySelector('#hint-near .word')).display !== 'none' : false,
      disabled: document.querySelector('#hint-near')?.disabled,
    };
  }, panel);
  // A notice over the child's panel leaves their hint uncovered (a tap there reaches it), its words
  // beside it.
  const noticeBesideHint = () => page.evaluate(() => {
    const hint = document.querySelector('#hint-near').getBoundingClientRect();
    const words = document.querySelector('#notice .words').getBoundingClientRect();
    return document.elementFromPoint(hint.left + hint.width / 2, hint.top + hint.height / 2)?.closest('button')?.id === 'hint-near' && words.right <= hint.left;
  });
  for (const [w, h] of [[844, 390], [568, 320]]) {
    await page.setViewportSize({ width: w, height: h });
    await fresh(helper);
    await startAgainstComputer(page, 'kalah', 1);
    await childsTurn(page);
    const seen = await look('#info-south');
    if (!seen.inside || !seen.onScreen || seen.height > 46 || !seen.word || seen.disabled) throw new Error(`the child's hint at ${w}x${h}: ${JSON.stringify(seen)}`);
    // A notice over the panel leaves it uncovered, its words beside it. The notice's own "read
    // aloud" reads it; the panel's, which reads the caption, waits unseen in its place until the
    // notice goes (two speakers side by side read different words), and the hint does not move.
    const hintBefore = JSON.stringify(await page.locator('#hint-near').boundingBox());
    await page.click('g.hole[data-side="north"][data-house="2"]');
    await page.waitForSelector('#notice');
    const speakers = { notice: await page.locator('#read-notice').isVisible(), panel: await page.locator('#read-aloud-near').isVisible() };
    if (!speakers.notice || speakers.panel) throw new Error(`the "read aloud" buttons under a notice at ${w}x${h}: ${JSON.stringify(speakers)}`);
    if (JSON.stringify(await page.locator('#hint-near').boundingBox()) !== hintBefore) throw new Error(`the child's hint moved for a notice at ${w}x${h}`);
    const clear = await noticeBesideHint();
    if (!clear) throw new Error(`a notice covers the child's hint at ${w}x${h}`);
    await page.click('#notice .words');
    await page.waitForSelector('#notice', { state: 'detached' });
    if (!(await page.locator('#read-aloud-near').isVisible())) throw new Error(`the panel's "read aloud" stays hidden after the notice at ${w}x${h}`);
    await page.click('#hint-near');
    await page.waitForSelector('g.hole.hint', { timeout: 20000 });
    await helper.screenshot(`hint-in-panel-${w}x${h}`);
    // House 1 (no extra move): the computer's turn, greyed.
    await page.click('g.hole[data-side="south"][data-house="1"]');
    await page.waitForFunction(() => document.querySelector('#hint-near').disabled);
    await childsTurn(page);
  }
  // The child going second sits North, nearest them: their panel has it.
  await fresh(helper);
  await startWithTheComputerFirst(page, 'kalah', 1);
  await page.waitForSelector('#board');
  await childsTurn(page);
  const second = await look('#info-north');
  if (!second.inside || !second.onScreen || second.disabled) throw new Error(`the hint of a child going second: ${JSON.stringify(second)}`);
  // Banana-Cala, fruits caught on both sides: the picture alone, the panel on one line, in every
  // language, with "read aloud", on a 667-, a 640- and a 568-pixel phone (on the last two it had
  // stayed under the board); the hint works, a notice beside it, the panel's "read aloud" hidden
  // under it and back after it.
  await page.setViewportSize({ width: 667, height: 375 });
  await resume(helper, 'banana', 1, BANANA_FRUITS_CAUGHT);
  if ((await page.locator('#info-south .caught').count()) < 3) throw new Error('the child\'s panel shows no fruits caught');
  for (const [w, h] of [[667, 375], [640, 360], [568, 320]]) {
    await page.setViewportSize({ width: w, height: h });
    for (const language of ['en', 'fr', 'de', 'es']) {
      await page.selectOption('#language', language);
      await page.waitForFunction((l) => document.documentElement.lang === l, language);
      await page.evaluate(() => window.scrollTo(0, 0));
      const fruits = await look('#info-south');
      if (!fruits.inside || !fruits.onScreen || fruits.height > 46 || fruits.word) throw new Error(`the child's hint in Banana-Cala at ${w}x${h} in ${language}: ${JSON.stringify(fruits)}`);
    }
    await page.selectOption('#language', 'en');
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  const hintBox = await page.locator('#hint-near').boundingBox();
  if (hintBox.width < 44 || hintBox.height < 40) throw new Error(`the child's hint in Banana-Cala at 568x320 is ${hintBox.width}x${hintBox.height}`);
  await page.click('g.hole[data-side="north"][data-house="2"]');
  await page.waitForSelector('#notice');
  const noticeBeside = await noticeBesideHint();
  if (!noticeBeside) throw new Error('a notice covers the child\'s hint in Banana-Cala at 568x320');
  if (await page.locator('#read-aloud-near').isVisible()) throw new Error('the panel\'s "read aloud" beside a notice\'s in Banana-Cala at 568x320');
  await page.click('#notice .words');
  await page.waitForSelector('#notice', { state: 'detached' });
  const readBox = await page.locator('#read-aloud-near').boundingBox();
  if (!readBox || readBox.width < 44 || readBox.height < 40) throw new Error(`the child's "read aloud" in Banana-Cala at 568x320 is ${JSON.stringify(readBox)}`);
  await page.click('#hint-near');
  await page.waitForSelector('g.hole.hint', { timeout: 20000 });
  await helper.screenshot('hint-in-banana-panel-568x320');
  // The panel's "read aloud" reads the caption, the hint's words.
  await page.click('#read-aloud-near');
  const said = await page.evaluate(() => window.spoken.at(-1)?.text);
  const caption = await page.textContent('#caption');
  if (!said || said !== caption) throw new Error(`"read aloud" in the child's Banana-Cala panel said ${JSON.stringify(said)} for "${caption}"`);
  // A tablet and an upright phone: the hint under the board is on the screen, and none in the panel.
  for (const [w, h] of [[1024, 768], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    if (await page.locator('#hint-near').isVisible()) throw new Error(`the child has a second hint at ${w}x${h}`);
  }
  // Two children: none.
  await page.setViewportSize({ width: 844, height: 390 });
  await fresh(helper);
  await page.click('.game-pick[data-game="kalah"]');
  await page.click('#opponent-friend');
  await page.click('#start-game');
  await page.waitForSelector('#board');
  if (await page.locator('#hint-near').count()) throw new Error('a hint in a panel between two children');
}

// Banana-Cala against the computer on a phone held sideways: the far panel, beside the language
// menu, had no room for the fruits caught beside the computer's name; with the first few they went on
// a second line, which moved the board and pushed the child's panel 13 pixels below the screen's edge
// on the smallest phone. They have their line from the start: fruits caught move nothing, and the
// board and both panels stay on the screen, in every language.
export async function bananaFruitsCaughtOnAPhoneHeldSidewaysMoveNothing(helper) {
  const { page } = helper;
  const where = () => page.evaluate(() => ['#info-north', '#board', '#info-south'].map((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return [s, Math.round(r.top), Math.round(r.bottom)];
  }));
  for (const [w, h] of [[568, 320], [667, 375], [740, 360], [844, 390]]) {
    await page.setViewportSize({ width: w, height: h });
    await fresh(helper);
    await startAgainstComputer(page, 'banana', 1);
    await childsTurn(page);
    const before = JSON.stringify(await where());
    await resume(helper, 'banana', 1, BANANA_FRUITS_CAUGHT);
    if ((await page.locator('#info-north .caught').count()) < 3) throw new Error('the computer\'s panel shows no fruits caught');
    for (const language of ['en', 'fr', 'de', 'es']) {
      await page.selectOption('#language', language);
      await page.waitForFunction((l) => document.documentElement.lang === l, language);
      const after = await where();
      const off = after.filter(([, top, bottom]) => top < 0 || bottom > h);
      if (off.length) throw new Error(`at ${w}x${h} in ${language}, off the screen: ${JSON.stringify(off)}`);
      if (JSON.stringify(after) !== before) throw new Error(`at ${w}x${h} in ${language}, the fruits caught moved ${before} to ${JSON.stringify(after)}`);
    }
    await page.selectOption('#language', 'en');
  }
}

// Banana-Cala's first fruits caught move neither the panels nor the board nor the buttons on a big
// screen (1920 by 1080, whose words and fruits are bigger: both panels grew 5 pixels there,
// against the computer and between two children alike), nor on a phone or a tablet whose browser
// has its words made bigger (24 pixels: the counts beside the fruits made the panels 3 pixels
// higher). There the caption is left out: its words take more lines on a narrow screen than the
// room kept for them, and the two compared here differ.
export async function bananaFruitsCaughtMoveNothingWithBiggerWords(helper) {
  const { page } = helper;
  const cdp = await helper.context.newCDPSession(page);
  await cdp.send('Page.enable');
  const where = (sels) => page.evaluate((sels) => sels.map((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return [s, Math.round(r.top + window.scrollY), Math.round(r.height)];
  }), sels);
  for (const [w, h, words, opponent] of [[1920, 1080, 16, 'computer'], [1920, 1080, 16, 'child'], [390, 844, 24, 'computer'], [768, 1024, 24, 'computer'], [1024, 768, 24, 'child']]) {
    await page.setViewportSize({ width: w, height: h });
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: words, fixed: 13 } });
    const parts = ['#info-north', '#board', '#info-south', ...(words === 16 ? ['#caption', '#hint', '#undo'] : [])];
    const change = opponent === 'computer' ? undefined : (saved) => { saved.choice.computer = null; };
    await resume(helper, 'banana', 1, '', change);
    if (await page.locator('.captured .caught').count()) throw new Error('fruits are caught at the start');
    const before = JSON.stringify(await where(parts));
    await resume(helper, 'banana', 1, BANANA_FRUITS_CAUGHT, change);
    if ((await page.locator('#info-north .caught').count()) < 3) throw new Error('the panel shows no fruits caught');
    if ((await page.locator('#info-north .animal').count()) !== (opponent === 'computer' ? 1 : 0)) throw new Error(`not a game against the ${opponent}`);
    const after = JSON.stringify(await where(parts));
    if (after !== before) throw new Error(`at ${w}x${h}, words of ${words} pixels, against the ${opponent}: the fruits caught moved ${before} to ${after}`);
  }
}

// The hinted house differs from the others that may be played by more than its green, which a
// child who does not see red and green as most do hardly told from their yellow (nor in grey): a
// second, thin ring inside its own. And while a refused tap makes the houses to play pulse, the
// hint's ring keeps its glow: it pulsed with them, faded to their yellow.
export async function theHintIsToldByItsShapeNotItsColourAlone(helper) {
  const { page } = helper;
  await fresh(helper);
  await startAgainstComputer(page, 'kalah', 1);
  await childsTurn(page);
  await page.click('#hint');
  await page.waitForSelector('g.hole.hint', { timeout: 20000 });
  const rings = await page.locator('g.hole').evaluateAll((holes) => holes.filter((h) => {
    const line = h.querySelector('.hint-ring .line');
    return line && getComputedStyle(line).stroke !== 'none' && parseFloat(getComputedStyle(line).strokeWidth) >= 4;
  }).map((h) => h.classList.contains('hint')));
  if (JSON.stringify(rings) !== '[true]') throw new Error(`second rings (true for the hinted house): ${JSON.stringify(rings)}`);
  await page.click('g.hole[data-side="north"][data-house="2"]');
  await page.waitForSelector('.board-wrap.nudge');
  const animations = await page.locator('g.hole.legal').evaluateAll((holes) => holes.map((h) =>
    `${h.classList.contains('hint') ? 'hint' : 'other'} ${getComputedStyle(h.querySelector('.ring')).animationName}`));
  const hint = animations.filter((a) => a.startsWith('hint'));
  const others = animations.filter((a) => a.startsWith('other'));
  if (hint.join() !== 'hint glow' || !others.length || others.some((a) => a !== 'other nudge')) {
    throw new Error(`while the houses to play pulse: ${JSON.stringify(animations)}`);
  }
  await helper.screenshot('hint-while-houses-pulse');
}

// On a tablet set to reduce motion the hinted house does not pulse, but it still glows, still:
// its ring of darker green alone showed less than the yellow rings of the houses beside it.
export async function theHintGlowsWithoutMotionToo(helper) {
  const { page } = helper;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await fresh(helper);
  await startAgainstComputer(page, 'kalah', 1);
  await childsTurn(page);
  await page.click('#hint');
  await page.waitForSelector('g.hole.hint', { timeout: 20000 });
  const [animation, filter] = await page.$eval('g.hole.hint .ring', (ring) => [getComputedStyle(ring).animationName, getComputedStyle(ring).filter]);
  if (animation !== 'none') throw new Error(`the hint moves (${animation}) on a tablet set to reduce motion`);
  if (!filter.includes('drop-shadow')) throw new Error(`the hint does not glow without motion (filter ${filter})`);
  await helper.screenshot('hint-without-motion');
}

// A hint asked for with the keyboard: while it is awaited its button hands the focus on (to the
// next button); when it comes, the house it names has the focus, and Enter plays it.
export async function aHintAskedByKeyboardGivesItsHouseTheFocus(helper) {
  const { page } = helper;
  await fresh(helper);
  await startAgainstComputer(page, 'kalah', 1);
  await childsTurn(page);
  await page.focus('#hint');
  await page.keyboard.press('Enter');
  await page.waitForSelector('g.hole.hint', { timeout: 20000 });
  await page.waitForFunction(() => document.activeElement?.matches('g.hole.hint'), null, { timeout: 3000 })
    .catch(async () => { throw new Error(`the focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))}`); });
  const house = await page.getAttribute('g.hole.hint', 'data-house');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 1, null, { timeout: 5000 });
  const first = await page.textContent('#moves li');
  if (!first.includes(house)) throw new Error(`Enter played ${first}, the hint named house ${house}`);
}

// The holes with `mark` on the board, as "south house 3" or "north store".
const marked = (page, mark) => page.locator(`g.hole.${mark}`).evaluateAll((els) =>
  els.map((e) => `${e.dataset.side} ${e.dataset.house ? `house ${e.dataset.house}` : 'store'}`));

// Plays the child's `house` and returns the caption that told that move: every text the caption
// shows is recorded, as the computer's answer may replace it within a few milliseconds.
async function playAndReadCaption(page, house) {
  await page.evaluate(() => {
    window.captionsSeen = [];
    const seen = () => {
      const text = document.querySelector('#caption')?.textContent;
      if (text && text !== window.captionsSeen.at(-1)) window.captionsSeen.push(text);
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.click(`g.hole[data-side="south"][data-house="${house}"]`);
  const said = await page.waitForFunction(
    (n) => window.captionsSeen.find((t) => t.startsWith(`You sowed house ${n}.`)),
    house,
    { timeout: 10000 },
  );
  return said.jsonValue();
}

// Asks for a hint and waits for it: its move (text form) and what the caption says.
async function askForHint(helper) {
  const { page } = helper;
  await page.click('#hint');
  await page.waitForSelector('#caption[data-hint]', { timeout: 20000 });
  const hint = await page.getAttribute('#caption', 'data-hint');
  const caption = await page.textContent('#caption');
  helper.log(`${hint}: ${caption}`);
  return { hint, caption };
}

// Asks for a hint that should be `move`, catching `count`, and checks what the board marks: where
// the last piece lands and the holes it catches from.
async function expectHintMarks(helper, move, count, landing, caught) {
  const { page } = helper;
  const { hint, caption } = await askForHint(helper);
  if (hint !== move || !caption.includes(`catch ${count}`)) throw new Error(`the hint ${hint} says ${caption}`);
  const marks = { landing: await marked(page, 'landing'), caught: await marked(page, 'caught') };
  if (JSON.stringify(marks) !== JSON.stringify({ landing, caught })) throw new Error(`the hint ${hint} marks ${JSON.stringify(marks)}`);
}

// A hint whose reason is a capture shows it on the board: the house where the last seed lands is
// filled green and the house across, whose seeds it takes, is ringed.
export async function aHintShowsWhatItCatches(helper) {
  const { page } = helper;
  // South: 5 1 0 0 (store 4); North: 0 6 5 1 from its left (store 2). House 2's one seed lands in
  // the empty house 3 and catches the 6 across: the only best move.
  await resumeSmallKalah(helper, 1, '2 4 4 3 1 4');
  await expectHintMarks(helper, '2', 7, ['south house 3'], ['north house 2']);
  await helper.screenshot('hint-capture');
  // Once the move is played the marks go, and the caption says the catch as the hint did, once
  // (it said "You catch 6! You catch 1!": the seeds across, then the catching seed).
  const said = await playAndReadCaption(page, 2);
  await page.waitForFunction(() => !document.querySelector('g.hole.caught, g.hole.landing, g.hole.hint'));
  if (!said.includes('You catch 7!') || said.split('catch').length !== 2) throw new Error(`after the move the caption says ${said}`);
}

// In Kauri a cowrie catches on the way, in the other player's house: a hint rings that house and
// fills no house of the child's, as nothing is caught where the last piece lands on their side; a
// held house says it would catch with its shells.
export async function aKauriHintShowsWhereTheCowrieCatches(helper) {
  // South from their left: 9 seeds and 2 cowries, a cowrie, 4 and 3, 4 and 2, 1 seed, 3 seeds;
  // North from theirs: a cowrie, nothing, 1 and 1, 5 and 2, 7 seeds, 10 seeds. House 1's 9 seeds
  // go round to North's house 4 (the one in North's house 1 is North's at once), and its cowries
  // land in North's houses 5 and 6, which have none: they catch 7 and 10 seeds, the last piece in 6.
  await resume(helper, 'kauri', 1, '2 4 1 6 4 3 4 5 3 2 2 1 6 3 5 2');
  await expectHintMarks(helper, '1', '17 in 2 houses', [], ['north house 5', 'north house 6']);
  await helper.screenshot('kauri-hint-capture');
  // Pressed and held, the house says how it would catch: with its shells on the way, not with a
  // last seed in an empty house.
  const { page } = helper;
  const box = await page.locator('g.hole[data-side="south"][data-house="1"]').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForSelector('g.hole.held', { timeout: 3000 });
  const said = await page.textContent('#caption');
  if (!/shells would catch/.test(said)) throw new Error(`held, house 1 says ${said}`);
  await page.mouse.up();
  // Played, the caption says the catches in one sentence with the hint's number, and the seed
  // North got (it said "You catch 7! You catch 10!").
  const played = await playAndReadCaption(page, 1);
  if (!played.includes('Snail gets a seed that fell among their shells. You catch 17 in 2 houses!')) {
    throw new Error(`after the move the caption says ${played}`);
  }
}

// Breaks the worker until `page.unroute('**/worker_loader.js*')`: its loader throws as it starts
// (a broken deployment, a lost connection). Its error shows in the console on purpose: a test that
// calls this sets its `expectedError` to 'broken worker for the test'.
async function breakWorker(page) {
  await page.route('**/worker_loader.js*', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken worker for the test")' }));
}

// Where each button under the board is on the page (not on the screen, which may have scrolled).
async function navButtons(page) {
  return JSON.stringify(await page.locator('nav.controls > *').evaluateAll((els) => els.map((el) => {
    const r = el.getBoundingClientRect();
    return [el.id, Math.round(r.x + window.scrollX), Math.round(r.y + window.scrollY), Math.round(r.width)];
  })));
}

// Checks that the middle of what `selector` picks lies inside the board's drawing.
async function overTheBoard(page, selector) {
  const b = await page.locator(selector).boundingBox();
  const board = await page.locator('#board').boundingBox();
  const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
  if (x < board.x || x > board.x + board.width || y < board.y || y > board.y + board.height) {
    throw new Error(`${selector} is at ${x},${y}, off the board at ${JSON.stringify(board)}`);
  }
}

export async function aWorkerThatCannotStartIsToldAndTheGameGoesOn(helper) {
  const { page } = helper;
  await breakWorker(page);
  await page.setViewportSize({ width: 844, height: 390 });
  await fresh(helper);
  await startAgainstComputer(page, 'kidcala-classic', 2);
  await childsTurn(page);
  const before = await navButtons(page);
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForSelector('#computer-retry', { timeout: 30000 });
  const notice = await page.textContent('#notice');
  if (!/computer/i.test(notice)) throw new Error(`the child is told: ${notice}`);
  await helper.screenshot('try-again-sideways');
  // The notice asks the child to tap "Try again", which lies over the middle of the board: nothing
  // around the board moves for it. On a phone held sideways it is brought into view, and the notice
  // does not cover it.
  await overTheBoard(page, '#computer-retry');
  const with_ = await navButtons(page);
  if (with_ !== before) throw new Error(`"Try again" moved the buttons: ${before}, then ${with_}`);
  const retry = await page.locator('#computer-retry').boundingBox();
  if (retry.y < 0 || retry.y + retry.height > 390) throw new Error(`"Try again" is at ${retry.y} to ${retry.y + retry.height}, off the screen`);
  const covered = await page.locator('#computer-retry').evaluate((b) => {
    const r = b.getBoundingClientRect();
    return !b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
  if (covered) throw new Error('"Try again" is covered');
  if ((await movesPlayed(page)) !== 1) throw new Error('the game lost a move');
  // The worker works again: "try again" starts a new one, and the computer moves.
  await page.unroute('**/worker_loader.js*');
  await page.click('#computer-retry');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 30000 });
  // The board is back in view for the computer's move.
  const board = await page.locator('#board').boundingBox();
  if (board.y < 0) throw new Error(`the board starts ${-board.y} pixels above the screen`);
}
// The broken worker's error shows in the console on purpose.
aWorkerThatCannotStartIsToldAndTheGameGoesOn.expectedError = 'broken worker for the test';

// A worker whose WebAssembly cannot be loaded (cut short by a lost connection, damaged on the way)
// is told to the child as soon as it fails, as one that cannot start is: trunk's loader left that
// failure unheard, and the page waited out the computer's whole time limit and more before saying
// anything. And a worker that loads starts without a word in the console: trunk's loader drew a
// warning from wasm-bindgen at every start of a worker.
export async function aWorkerWhoseWebAssemblyCannotLoadIsToldAtOnce(helper) {
  const { page } = helper;
  await page.route('**/worker_bg.wasm*', (route) => route.fulfill({ status: 200, contentType: 'application/wasm', body: Buffer.from('cut short') }));
  await fresh(helper);
  const heard = [];
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') heard.push(m.text()); });
  await startAgainstComputer(page, 'kidcala-classic', 2);
  await childsTurn(page);
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForSelector('#computer-retry', { timeout: 30000 });
  if (!/computer/i.test(await page.textContent('#notice'))) throw new Error(`the child is told: ${await page.textContent('#notice')}`);
  if (!heard.some((t) => t.includes("the computer's worker failed") && t.includes('could not be loaded'))) {
    throw new Error(`the failure was not heard as the worker's error: ${JSON.stringify(heard)}`);
  }
  if ((await movesPlayed(page)) !== 1) throw new Error('the game lost a move');
  // The WebAssembly comes whole again: "Try again" starts a new worker, the computer moves, and
  // a hint is given, with no warning in the console.
  await page.unroute('**/worker_bg.wasm*');
  heard.length = 0;
  await page.click('#computer-retry');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 30000 });
  await childsTurn(page);
  await page.click('#hint');
  await page.waitForSelector('g.hole.hint', { timeout: 30000 });
  if (heard.length) throw new Error(`the console says: ${JSON.stringify(heard)}`);
}
// The damaged WebAssembly's error shows in the worker's console on purpose.
aWorkerWhoseWebAssemblyCannotLoadIsToldAtOnce.expectedError = 'could not be loaded';

// A hint the worker cannot give is told in plain words, and the child asks again with the hint
// button: no "Try again" comes, nothing moves, and the computer still plays its next turn. Where
// the worker fails at the computer's turn too, undo takes the child's move back and the computer
// is asked again after the next one. On a phone.
export async function aHintThatFailsIsToldAndTheGameGoesOn(helper) {
  const { page } = helper;
  await breakWorker(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await fresh(helper);
  await startAgainstComputer(page, 'kidcala-classic', 2);
  await childsTurn(page);
  const before = await navButtons(page);
  await page.click('#hint');
  await page.waitForSelector('#notice', { timeout: 30000 });
  const notice = await page.textContent('#notice');
  if (!notice.includes('could not think of a hint') || !notice.includes('"Hint"')) throw new Error(`the child is told: ${notice}`);
  // The words asking for "Hint" do not cover it, nor anything else the child taps.
  const covered = await helper.coveredBy('#notice');
  if (covered.length) throw new Error(`the notice covers ${covered}`);
  if (await page.locator('#computer-retry').count()) throw new Error('"Try again" is offered for a hint');
  if (await page.locator('#hint').isDisabled()) throw new Error('the hint cannot be asked again');
  if (await page.locator('g.hole.hint').count()) throw new Error('a house glows as a hint');
  if ((await navButtons(page)) !== before) throw new Error('the buttons moved');
  // The child plays on; the worker fails the computer's turn too: "Try again" lies over the board.
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForSelector('#computer-retry', { timeout: 30000 });
  await overTheBoard(page, '#computer-retry');
  await helper.screenshot('try-again-phone');
  if ((await navButtons(page)) !== before) throw new Error('"Try again" moved the buttons');
  // Undo takes the child's move back: no "Try again" over their own turn.
  await page.click('#undo');
  await childsTurn(page);
  if (await page.locator('#computer-retry').count()) throw new Error('"Try again" stays over the child\'s turn');
  if ((await movesPlayed(page)) !== 0) throw new Error(`after undo, ${await movesPlayed(page)} moves`);
  // The worker works again: the child's next move gets the computer's answer.
  await page.unroute('**/worker_loader.js*');
  await page.click('g.hole[data-side="south"][data-house="2"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 30000 });
  if (await page.locator('#computer-retry').count()) throw new Error('"Try again" was needed');
}
aHintThatFailsIsToldAndTheGameGoesOn.expectedError = 'broken worker for the test';
aHintThatFailsIsToldAndTheGameGoesOn.timeout = 90_000;

// A worker started ahead of the computer's move (on the child's turn, to load meanwhile) that fails
// to load after the move was asked of it (the connection back only then): the move is asked of a
// new worker, once, and comes; the child was told "the computer could not think" of a request no
// worker had seen.
export async function aWorkerStartedAheadThatFailsToLoadIsReplacedOnce(helper) {
  const { page } = helper;
  await watchWorkers(page);
  let loads = 0;
  await page.route('**/worker_loader.js*', async (route) => {
    loads += 1;
    if (loads === 1) {
      // The first worker's loader comes late, and broken.
      await new Promise((done) => { setTimeout(done, 1500); });
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken worker for the test")' });
    } else {
      await route.continue();
    }
  });
  await fresh(helper);
  await startAgainstComputer(page, 'kalah', 2);
  await page.waitForSelector('g.hole[data-legal="true"]');
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 20000 })
    .catch(async () => { throw new Error(`the computer did not move (${await page.locator('#computer-retry').count() ? '"Try again" offered' : 'nothing offered'}); loads: ${loads}`); });
  if (await page.locator('#computer-retry').count()) throw new Error('"Try again" was offered');
  const workers = await page.evaluate(() => window.startedWorkers.length);
  if (workers !== 2 || loads !== 2) throw new Error(`${workers} workers started, ${loads} loaders asked for`);
}
aWorkerStartedAheadThatFailsToLoadIsReplacedOnce.expectedError = 'broken worker for the test';

// Opens the page with `query`, waits for the worker's report in `selector` and logs its lines.
async function workerReport(helper, query, selector, timeout) {
  await helper.goto(query);
  await helper.page.waitForSelector(selector, { timeout });
  const report = await helper.page.textContent(selector);
  for (const line of report.trim().split('\n')) helper.log(line);
  return report;
}

export async function theBenchmarkRunsInTheWorker(helper) {
  const report = await workerReport(helper, '?bench', '#bench', 240000);
  if (!/worker nodes\/s \d+/.test(report)) throw new Error(`no figure: ${report}`);
}
theBenchmarkRunsInTheWorker.timeout = 300_000;

// The exact solver in the worker: Kalah(6,4) from the start, value and time (a figure for the
// README, and a check that the worker's solver gives the command line's value).
export async function theSolverRunsInTheWorker(helper) {
  const report = await workerReport(helper, '?solve=kalah:6:4', '#solve', 1_200_000);
  if (!report.startsWith('8\n')) throw new Error(`Kalah(6,4) is worth +8, the worker says: ${report}`);
}
theSolverRunsInTheWorker.timeout = 1_300_000;

// With the 21-seed endgame table the worker made once and the browser kept (`&keep=1`), Kalah(6,4)
// from the start: the first solve makes and keeps the table, the second reads it back (the figures
// for the README: the second is the solve the speed aim measures).
export async function theSolverRunsInTheWorkerWithItsKeptTable(helper) {
  // The figure needs room for the table's 355 MB (the test's browser keeps its files on the
  // machine's disk); whether a table is kept and read back at all is `aKeptEndgameTableIs...`'s.
  await helper.goto('?animations=off');
  const room = await helper.page.evaluate(async () => (await navigator.storage.estimate()).quota);
  if (room < 600 * 2 ** 20) {
    helper.log(`not measured: the browser offers ${Math.round(room / 2 ** 20)} MB of room, not 600`);
    return;
  }
  for (const expected of ['made and kept in this browser', 'read back from this browser']) {
    const started = Date.now();
    const report = await workerReport(helper, '?solve=kalah:6:4&endgame=21&keep=1', '#solve', 600_000);
    helper.log(`from the address to the answer: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (!report.startsWith('8\n')) throw new Error(`Kalah(6,4) is worth +8, the worker says: ${report}`);
    if (!report.includes(`endgame table ${expected}\n`)) throw new Error(`not ${expected}: ${report}`);
  }
}
theSolverRunsInTheWorkerWithItsKeptTable.timeout = 1_300_000;

// A kept endgame table (`&keep=1`) is read back by the next solve of the same game and table, with
// the same answer; one damaged since is made again and kept in its place; `&keep=0` forgets it.
export async function aKeptEndgameTableIsReadBackOrMadeAgain(helper) {
  const { page } = helper;
  const solve = async (keep) => {
    const report = await workerReport(helper, `?solve=kalah:4:3&moves=2&endgame=8&bits=18&keep=${keep}`, '#solve', 120_000);
    return { value: report.split('\n')[0], kept: (report.match(/^endgame table ([^:\n]*(?:: .*)?)$/m) ?? [])[1] };
  };
  const files = () => page.evaluate(async () => {
    const names = [];
    for await (const [name, handle] of (await navigator.storage.getDirectory()).entries()) {
      names.push(`${name} ${(await handle.getFile()).size}`);
    }
    return names;
  });
  const first = await solve(1);
  if (first.kept !== 'made and kept in this browser') throw new Error(`first solve: ${JSON.stringify(first)}`);
  const [file] = await files();
  // The file is named by the game and the table's seeds, and holds a header and a byte a board:
  // 12,870 boards of at most 8 seeds on the 4-house board, after 24 bytes of header.
  if (!/^endgame-4-e\d-c\d-r\d-8\.table 12894$/.test(file ?? '')) throw new Error(`kept: ${JSON.stringify(await files())}`);
  const again = await solve(1);
  if (again.kept !== 'read back from this browser' || again.value !== first.value) {
    throw new Error(`second solve: ${JSON.stringify(again)} after ${JSON.stringify(first)}`);
  }
  // A byte changed in the middle of the kept table: refused, made again, kept whole.
  await page.evaluate(async (name) => {
    const handle = await (await navigator.storage.getDirectory()).getFileHandle(name);
    const out = await handle.createWritable({ keepExistingData: true });
    await out.write({ type: 'write', position: 6000, data: new Uint8Array([0x7f]) });
    await out.close();
  }, file.split(' ')[0]);
  const damaged = await solve(1);
  if (!damaged.kept?.startsWith('made again and kept in this browser (the one kept was refused: not an endgame table') || damaged.value !== first.value) {
    throw new Error(`after damage: ${JSON.stringify(damaged)}`);
  }
  if ((await solve(1)).kept !== 'read back from this browser') throw new Error('the table made again was not kept');
  const forgotten = await solve(0);
  if (forgotten.kept !== 'forgotten by this browser' || forgotten.value !== first.value) {
    throw new Error(`forgetting: ${JSON.stringify(forgotten)}`);
  }
  const left = await files();
  if (left.length) throw new Error(`still kept: ${left}`);
  const none = await solve(0);
  if (none.kept !== 'not kept in this browser: nothing to forget') throw new Error(`forgetting again: ${JSON.stringify(none)}`);
  // A browser out of room (Chromium then answers a write with a count it did not write, which
  // once stopped the worker): the value all the same, the reason, and no half a table kept.
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 6000 });
  const full = await solve(1);
  if (!full.kept?.startsWith('not kept: this browser could not write it (no room left') || full.value !== first.value) {
    throw new Error(`out of room: ${JSON.stringify(full)}`);
  }
  const emptied = await files();
  if (emptied.some((f) => !f.endsWith(' 0'))) throw new Error(`left after running out of room: ${emptied}`);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  if ((await solve(1)).kept !== 'made and kept in this browser') throw new Error('not kept once there is room again');
}

// A browser without private files a worker can write (no `navigator.storage` on a page served
// from a school's own address over plain http, no `getDirectory` in an older browser, no
// `createSyncAccessHandle`): a solve asked to keep or forget its table gives its value all the
// same, and says why the table is not kept. (The missing method's TypeError killed the worker,
// and the solve with it.)
export async function aSolveKeepsItsValueWhereTheBrowserHasNoFiles(helper) {
  const { page } = helper;
  const takeAway = {
    storage: 'Object.defineProperty(WorkerNavigator.prototype, "storage", { get: () => undefined });',
    getDirectory: 'delete StorageManager.prototype.getDirectory;',
    createSyncAccessHandle: 'delete FileSystemFileHandle.prototype.createSyncAccessHandle;',
  };
  for (const [what, line] of Object.entries(takeAway)) {
    await page.route('**/worker_loader.js*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `${line}\n${await response.text()}` });
    });
    for (const keep of what === 'createSyncAccessHandle' ? [1] : [1, 0]) {
      const report = await workerReport(helper, `?solve=kalah:4:3&moves=2&endgame=8&bits=18&keep=${keep}`, '#solve', 120_000);
      const kept = (report.match(/^endgame table (.*)$/m) ?? [])[1];
      const why = keep ? 'not kept' : 'not forgotten';
      if (!/^-?\d+\n/.test(report) || kept !== `${why}: this browser has no private files for it`) {
        throw new Error(`without ${what}, keep=${keep}: ${JSON.stringify(report)}`);
      }
    }
    await page.unroute('**/worker_loader.js*');
  }
  // Nothing left behind (the file was made before a browser without createSyncAccessHandle
  // showed it could not write it).
  const left = await page.evaluate(async () => {
    const names = [];
    for await (const name of (await navigator.storage.getDirectory()).keys()) names.push(name);
    return names;
  });
  if (left.length) throw new Error(`left in the browser's private files: ${left}`);
}

// A solve asked by the page's address with a value that is not a number says so, rather than
// solving something else (the position after 3 and 1 for "3,x,1"); one it can read is solved.
export async function aSolveAskedWrongSaysWhatItCannotRead(helper) {
  const wrong = await workerReport(helper, '?solve=kalah:4:3&moves=3,x,1', '#solve', 30000);
  if (!wrong.startsWith('error: moves="x"')) throw new Error(`the page says ${JSON.stringify(wrong)}`);
  const right = await workerReport(helper, '?solve=kalah:4:3&moves=2&endgame=0&bits=18', '#solve', 60000);
  if (!/^-?\d+\n/.test(right)) throw new Error(`the page says ${JSON.stringify(right)}`);
  const big = await workerReport(helper, '?solve=kalah:4:3&bits=28', '#solve', 30000);
  if (!big.startsWith('error: a transposition table of 2^28 entries')) throw new Error(`the page says ${JSON.stringify(big)}`);
}
// The worker's refusal is said in the console too.
aSolveAskedWrongSaysWhatItCannotRead.expectedError = 'transposition table';

// Banana-Cala: a hint is a whole move with its fruits in order. A tap on the glowing store opens the
// chooser with the hinted fruits already picked; a tap on a glowing house sows its fruits in the
// hinted order.
export async function aBananaHintShowsWhichFruits(helper) {
  const { page } = helper;
  await fresh(helper);
  await startAgainstComputer(page, 'banana', 1);
  let houseHints = 0;
  let shownCatch = false;
  for (let turn = 0; turn < 20 && houseHints < 2; turn++) {
    await childsTurn(page);
    if (await page.locator('[data-screen="over"]').count()) break;
    const played = await movesPlayed(page);
    const { hint, caption } = await askForHint(helper);
    // A reason in words is a reason on the board: where the last fruit lands is filled green.
    const reasoned = /catch|play again/.test(caption);
    const landing = await marked(page, 'landing');
    if (landing.length !== (reasoned ? 1 : 0)) throw new Error(`the hint ${hint} (${caption}) marks ${JSON.stringify(landing)} as where it lands`);
    if (/catch/.test(caption) && !shownCatch) {
      shownCatch = true;
      await helper.screenshot('banana-hint-catch');
    }
    if (hint.startsWith('M:')) {
      // The caption counts the fruits; the chooser shows them picked, in order.
      const fruits = hint.slice(2);
      if (!caption.includes(String(fruits.length))) throw new Error(`the hint ${hint} says ${caption}`);
      await page.click('g.hole.store.hint');
      const order = await page.getAttribute('#store-picker .order', 'data-order');
      if (order !== fruits) throw new Error(`the chooser opened with ${order} for the hint ${hint}`);
      if (turn === 0) await helper.screenshot('banana-hint-store');
      await page.click('#sow');
    } else {
      houseHints += 1;
      const house = hint.split(':')[0];
      await page.click(`g.hole.hint[data-side="south"][data-house="${house}"]`);
    }
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, played, { timeout: 20000 });
    const move = await page.locator('#moves li').nth(played).getAttribute('data-move');
    if (move !== hint) throw new Error(`the hint was ${hint}, the move played ${move}`);
  }
  if (houseHints === 0) throw new Error('no hint for a house in twenty turns');
}
aBananaHintShowsWhichFruits.timeout = 120_000;

// On a keyboard, a hint followed in Banana-Cala: Enter on the glowing store, or on the glowing
// house with "Choose the order" on, opens the chooser with the hinted fruits in order and the focus
// on "Sow!", whose Enter plays the hint. (It went to the first fruit, where Enter added a banana to
// the hinted one from the store, or with every fruit used to "Not now", where Enter threw the hint
// away.) And the store or house whose chooser is open, tapped or entered again, sows what is picked
// rather than emptying the chooser, or says what to pick first.
export async function aHintedChooserHasTheFocusOnSow(helper) {
  const { page } = helper;
  await fresh(helper);
  await startAgainstComputer(page, 'banana', 1);
  const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.outerHTML.slice(0, 80));
  let houseHints = 0;
  for (let turn = 0; turn < 20 && houseHints < 1; turn++) {
    await childsTurn(page);
    if (await page.locator('[data-screen="over"]').count()) break;
    const played = await movesPlayed(page);
    const store = (await page.locator('g.hole.store[data-side="south"][data-legal="true"]').count()) > 0;
    // A house's hint is followed with "Choose the order" on (the chooser opens on the house).
    if (turn > 0 && !store) {
      await page.click('#arrange');
    }
    await page.focus('#hint');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#caption[data-hint]', { timeout: 20000 });
    const move = await page.getAttribute('#caption', 'data-hint');
    await page.waitForFunction(() => document.activeElement?.matches('g.hole.hint'), null, { timeout: 3000 });
    if (!move.startsWith('M:') && (await page.getAttribute('#arrange', 'aria-pressed')) !== 'true') {
      // The store could be played, the hint names a house: played as the hint says, with its order.
      await page.click('#arrange');
      await page.focus('g.hole.hint');
    }
    await page.keyboard.press('Enter');
    await page.waitForSelector('#store-picker');
    const order = await page.getAttribute('#store-picker .order', 'data-order');
    if (order !== move.split(':')[1]) throw new Error(`the chooser opened with ${order} for the hint ${move}`);
    await page.waitForFunction(() => document.activeElement?.id === 'sow', null, { timeout: 3000 })
      .catch(async () => { throw new Error(`the chooser for the hint ${move} opened with the focus on ${await focused()}`); });
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, played, { timeout: 20000 });
    const sown = await page.locator('#moves li').nth(played).getAttribute('data-move');
    if (sown !== move) throw new Error(`the hint was ${move}, Enter played ${sown}`);
    if (!move.startsWith('M:')) houseHints += 1;
  }
  if (houseHints === 0) throw new Error('no hint for a house in twenty turns');
  // The store tapped again: with nothing picked, the chooser stays open and says what to do; with
  // a fruit picked, it sows it.
  for (let turn = 0; turn < 20; turn++) {
    await childsTurn(page);
    if (await page.locator('[data-screen="over"]').count()) throw new Error('the game ended before the store could be played again');
    if (await page.locator('g.hole.store[data-side="south"][data-legal="true"]').count()) break;
    await page.click('g.hole.house[data-side="south"][data-legal="true"] >> nth=0');
    if (await page.locator('#store-picker').count()) await page.click('#sow');
  }
  const played = await movesPlayed(page);
  await page.click('g.hole.store[data-side="south"]');
  await page.waitForSelector('#store-picker');
  await page.click('g.hole.store[data-side="south"]');
  await page.waitForSelector('#notice');
  if (!(await page.locator('#store-picker').count()) || (await movesPlayed(page)) !== played) throw new Error('the store tapped again with nothing picked closed the chooser or played');
  const fruit = await page.getAttribute('#store-picker .fruit:enabled >> nth=0', 'data-fruit');
  await page.click('#store-picker .fruit:enabled >> nth=0');
  await page.focus('g.hole.store[data-side="south"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, played, { timeout: 20000 });
  const sown = await page.locator('#moves li').nth(played).getAttribute('data-move');
  if (sown !== `M:${fruit}`) throw new Error(`the store entered again with ${fruit} picked played ${sown}`);
}
aHintedChooserHasTheFocusOnSow.timeout = 120_000;

// A child who beats the computer is offered the next level; taking it starts a new game against
// that level, the child (the winner) starting.
// The end screen's picture of the winner, for a child who cannot read yet: "SIDE COLOUR", then
// " animal LEVEL" for the computer or " crown" for a child.
const winnerDisc = (page) => page.locator('#winner-picture .winner-disc').evaluateAll((discs) => discs.map((d) => {
  const animal = d.querySelector('svg.animal');
  const crown = d.querySelector('svg.crown') ? ' crown' : '';
  return `${d.dataset.side} ${getComputedStyle(d).backgroundColor}${animal ? ` animal ${animal.dataset.level}` : ''}${crown}`;
}).join(', '));

// The end's fanfare (a win), and its two soft notes (the computer won, or nobody).
const FANFARE = '523,659,784,1047';
const SOFT_END = '392,523';

export async function beatingTheComputerOffersTheNextLevel(helper) {
  const { page } = helper;
  await helper.countNotes();
  // A small Kalah board, one move before the child wins.
  const end = await endSmallKalah(helper, 1, '3 4 1 4 1 1 3 1 4 1 2 2 2 3 3 4 1 1 4 2 3 2 3 1 4 4 1 1', 2);
  if (end !== 'You win!') throw new Error(`the end reads ${end}`);
  // The fanfare of a win.
  const notes = (await page.evaluate(() => window.notes)).join();
  if (!notes.endsWith(FANFARE)) throw new Error(`the child's win sounds ${notes}`);
  // The child's own colour is shown big, with a crown and no animal.
  const disc = await winnerDisc(page);
  if (disc !== 'south rgb(233, 99, 61) crown') throw new Error(`the winner is shown as ${disc}`);
  if ((await page.locator('#end-screen .confetti').count()) !== 1) throw new Error('no confetti for the child who won');
  if (await page.locator('#try-turn').count()) throw new Error('a child who won is sent back to a turn');
  if (await page.locator('#kind-words').count()) throw new Error('a child who won is consoled');
  const offer = await page.textContent('#next-level');
  if (offer !== 'Play against Bunny') throw new Error(`the next level is offered as ${JSON.stringify(offer)}`);
  if ((await page.getAttribute('#next-level svg.animal', 'data-level')) !== '2') throw new Error('the next level\'s animal is not shown');
  if (await page.locator('#easier-level').count()) throw new Error('a child who won is offered an easier level');
  await helper.screenshot('next-level');
  await page.click('#next-level');
  await page.waitForSelector('[data-screen="playing"]');
  if (!(await page.textContent('#info-north')).includes('Bunny')) throw new Error('the new game is not against Bunny');
  if ((await movesPlayed(page)) !== 0) throw new Error('the new game has moves');
  if ((await page.locator('g.hole[data-side="south"]').count()) !== 5) throw new Error('the new game is not on the same board');
  await childsTurn(page);
  if ((await page.textContent('#info-south .name')) !== 'Your turn') throw new Error('the child, who won, does not start');
}

// A child who looked away can see the computer's turn again: "Show again" replays its moves from
// the position before them, and the game is left as it was.
export async function theComputersTurnCanBeShownAgain(helper) {
  const { page } = helper;
  await fresh(helper, '');
  await startAgainstComputer(page, 'kalah', 1);
  await page.selectOption('#speed', 'fast');
  if (!(await page.isDisabled('#show-again'))) throw new Error('"show again" is offered before any move');
  await page.evaluate(() => {
    window.frames_seen = [];
    window.asked_again = false;
    const look = () => {
      window.frames_seen.push({
        busy: document.querySelector('.app').dataset.busy === 'true',
        again: window.asked_again,
        counts: [...document.querySelectorAll('g.hole')].map((h) => h.dataset.count).join(),
        caption: document.querySelector('#caption').textContent,
        northTurn: document.querySelector('#info-north').classList.contains('turn'),
      });
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  // House 1 of 4 seeds ends in house 5: the computer's turn.
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 20000 });
  await childsTurn(page);
  const moves = await movesPlayed(page);
  // What the caption gives a screen reader from here: the words of each piece put in or changed.
  await page.evaluate(() => {
    window.said_again = [];
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') window.said_again.push(r.target.textContent);
        for (const n of r.addedNodes) window.said_again.push(n.textContent);
      }
    }).observe(document.querySelector('#caption'), { childList: true, subtree: true, characterData: true });
  });
  await page.evaluate(() => { window.asked_again = true; });
  await page.click('#show-again');
  await page.waitForFunction(() => {
    const f = window.frames_seen.filter((x) => x.again);
    const start = f.findIndex((x) => x.busy);
    return start >= 0 && f.slice(start).some((x) => !x.busy);
  }, null, { timeout: 20000 });
  const frames = await page.evaluate(() => window.frames_seen);
  // The computer's first move as it was first shown, and its replay.
  const computerStart = frames.findIndex((f) => f.busy && f.caption.startsWith('Snail sowed') && !f.again);
  const firstAgain = frames.findIndex((f) => f.again);
  const replayStart = frames.findIndex((f, i) => i >= firstAgain && f.busy);
  const replayEnd = replayStart + frames.slice(replayStart).findIndex((f) => !f.busy);
  if (computerStart < 0 || replayStart < 0) throw new Error('the computer\'s move or its replay was not seen');
  if (frames[replayStart].counts !== frames[computerStart].counts) {
    throw new Error(`the replay starts from ${frames[replayStart].counts}, the turn started from ${frames[computerStart].counts}`);
  }
  if (frames[replayEnd].counts !== frames[firstAgain].counts) throw new Error('the replay does not end where the game is');
  const during = frames.slice(replayStart, replayEnd);
  if (!during.every((f) => f.caption.startsWith('Snail sowed') && f.northTurn)) throw new Error(`during the replay: ${JSON.stringify(during[0])}`);
  if (new Set(during.map((f) => f.counts)).size < 3) throw new Error('the replay did not show the sowing step by step');
  // A screen reader hears the move again too (the same words kept their place in the caption,
  // and it heard nothing of the replay).
  const saidAgain = await page.evaluate(() => window.said_again);
  if (!saidAgain.some((t) => t.startsWith('Snail sowed'))) throw new Error(`the replay gave a screen reader ${JSON.stringify(saidAgain)}`);
  // Nothing changed in the game: the same moves, and the child's turn.
  if ((await movesPlayed(page)) !== moves) throw new Error('showing again changed the moves');
  await childsTurn(page);
  if ((await page.textContent('#info-south .name')) !== 'Your turn') throw new Error('after the replay it is not the child\'s turn');
}

// A child who cannot read yet has the words read aloud: the caption, the rules and the end. The
// test's browser has no voice, so one is lent to the page, and what it is asked to say is kept.
export async function theWordsAreReadAloudForAChildWhoCannotRead(helper) {
  const { page } = helper;
  await helper.lendVoice();
  const said = async (button) => {
    await page.click(button);
    return page.evaluate(() => window.spoken.at(-1));
  };
  await resumeSmallKalah(helper, 2, '1 1 4 4 2 2 3 2 4 1 4 1 2 3');
  // The hint's words, as the caption shows them.
  await page.click('#hint');
  await page.waitForFunction(() => /house/.test(document.querySelector('#caption').textContent));
  const caption = await page.textContent('#caption');
  const line = await said('#read-aloud');
  if (!caption.trim() || line.text !== caption.trim() || line.lang !== 'en') throw new Error(`the caption ${JSON.stringify(caption)} was read as ${JSON.stringify(line)}`);
  await page.click('#rules');
  const rules = await said('#read-rules');
  if (!rules.text.startsWith((await page.locator('#rules-panel li').first().textContent()).trim())) throw new Error(`the rules were read as ${JSON.stringify(rules)}`);
  await page.click('#close-rules');
  await page.click('g.hole[data-side="south"][data-house="4"]');
  await page.waitForSelector('#end-screen', { timeout: 20000 });
  await helper.screenshot('read-aloud-end');
  // Once the game has been looked back at, going back is offered, and said with its picture.
  await page.waitForSelector('#try-turn', { timeout: 20000 });
  const end = await said('#read-end');
  const expected = [
    await page.textContent('#winner'),
    await page.textContent('#why-ended'),
    `${await page.textContent('#final-score')}.`,
    await page.textContent('#kind-words'),
    'You can go back and try again: tap the arrow with the light bulb.',
  ].join(' ');
  if (end.text !== expected || !end.text.startsWith('Bunny wins!')) throw new Error(`the end was read as ${JSON.stringify(end.text)}, not ${JSON.stringify(expected)}`);
}

// The row of five animals at the end of a game against the computer: for each, whether it has a
// star, and marks for the one just played ("p") and a star just earned ("new").
const ladder = (page) => page.locator('#animal-ladder .rung').evaluateAll((els) => els.map((r) =>
  `${r.dataset.level}${r.dataset.star === 'true' ? '*' : ''}${r.classList.contains('played') ? 'p' : ''}${r.classList.contains('new') ? 'new' : ''}${r.querySelector('svg.animal') ? '' : '?'}`).join(' '));

// A child who lost to Bunny is offered Snail: the new game is on the same board, and the computer,
// who won, starts it.
export async function losingToTheComputerOffersAnEasierOne(helper) {
  const { page } = helper;
  await helper.countNotes();
  // A small Kalah board where the child's one move left ends the game, Bunny ahead.
  const end = await endSmallKalah(helper, 2, '1 1 4 4 2 2 3 2 4 1 4 1 2 3', 4);
  if (end !== 'Bunny wins!') throw new Error(`the end reads ${end}`);
  // Two soft notes, as the end screen says "Good try!": not the fanfare of a win.
  const notes = (await page.evaluate(() => window.notes)).join();
  if (!notes.endsWith(SOFT_END) || notes.includes('1047')) throw new Error(`the child's loss sounds ${notes}`);
  const disc = await winnerDisc(page);
  if (!disc.startsWith('north ') || !disc.endsWith(' animal 2')) throw new Error(`the winner is shown as ${disc}`);
  // No star for a game lost.
  if (await page.locator('#new-star').count()) throw new Error('a star for a game lost');
  if ((await page.evaluate(() => localStorage.getItem('mancala.stars'))) !== null) throw new Error('a star is kept for a game lost');
  // No confetti for the computer: kind words for the child instead.
  if (await page.locator('#end-screen .confetti').count()) throw new Error('confetti for the computer\'s win');
  const kind = await page.textContent('#kind-words');
  if (kind !== 'Good try! You get better with every game.') throw new Error(`the child who lost is told ${JSON.stringify(kind)}`);
  // A screen reader hears them with the end (they were shown and never said).
  const described = (await page.getAttribute('#end-screen', 'aria-describedby')).split(' ');
  if (!described.includes('kind-words')) throw new Error(`the end is described by ${JSON.stringify(described)}`);
  await helper.screenshot('computer-won');
  // The five animals, none beaten yet, Bunny ringed.
  if ((await ladder(page)) !== '1 2p 3 4 5') throw new Error(`the animals read ${await ladder(page)}`);
  if ((await page.getAttribute('#animal-ladder', 'aria-label')) !== 'Animals beaten at this game: 0 of 5') throw new Error('the animals are not told');
  if (await page.locator('#next-level').count()) throw new Error('a child who lost is offered a stronger level');
  const offer = await page.textContent('#easier-level');
  if (offer !== 'Play against Snail') throw new Error(`the easier level is offered as ${JSON.stringify(offer)}`);
  if ((await page.getAttribute('#easier-level svg.animal', 'data-level')) !== '1') throw new Error('the snail is not shown');
  await page.click('#easier-level');
  await page.waitForSelector('[data-screen="playing"]');
  if ((await page.locator('g.hole[data-side="south"]').count()) !== 5) throw new Error('the new game is not on the same board');
  // Snail starts (it sits South, so the board is turned round), then it is the child's turn. (Snail
  // may have moved already: the worker is awake from looking back at the game just lost.)
  if (!(await page.textContent('#info-south')).includes('Snail')) throw new Error('the new game is not against Snail, starting');
  await childsTurn(page);
  if ((await page.textContent('#info-north .name')) !== 'Your turn') throw new Error('it is not the child\'s turn after Snail\'s move');
  // A new game: only Snail's opening is played, not the 15 moves of the game lost.
  const played = await movesPlayed(page);
  if (played < 1 || played >= 15) throw new Error(`the new game has ${played} moves`);
}

// A child who lost to the computer is offered to go back to the turn that mattered: the worker
// looks back at the game, the moves after that turn are taken back, and the better move glows
// there with why, as a hint does. On this small board every turn is judged exactly, the first
// ones too (a child who opened with house 1 gave away 12 there, where house 2 ends in the store):
// the child's fifth move (house 4) gave away 10, where house 1, whose last seed ends in the store,
// was better.
export async function aChildWhoLostCanGoBackToTheTurnThatMattered(helper) {
  const { page } = helper;
  const end = await endSmallKalah(helper, 2, '2 3 1 2 4 3 1 1 3', 4);
  if (end !== 'Bunny wins!') throw new Error(`the end reads ${end}`);
  await page.waitForSelector('#try-turn', { timeout: 20000 });
  const offer = await page.textContent('#try-turn');
  if (offer !== 'Go back and try again') throw new Error(`going back is offered as ${JSON.stringify(offer)}`);
  if ((await page.getAttribute('#try-turn', 'data-index')) !== '4') throw new Error('the turn offered is not the fifth move');
  if ((await page.getAttribute('#try-turn svg.icon', 'data-icon')) !== 'tryturn') throw new Error('the offer has no picture');
  // The other choices stay where they were.
  for (const id of ['#play-again', '#easier-level', '#choose-game']) {
    if (!(await page.locator(id).isVisible())) throw new Error(`${id} is gone`);
  }
  await helper.screenshot('try-turn-offered');
  // With the keyboard: it goes on to the house that glows (it went back to the one played last).
  await page.focus('#try-turn');
  await page.keyboard.press('Enter');
  await page.waitForSelector('g.hole.hint', { timeout: 20000 });
  if (!(await page.evaluate(() => document.activeElement?.matches('g.hole.hint')))) throw new Error('the keyboard is not on the house that glows');
  if (await page.locator('#end-screen').count()) throw new Error('the end screen stays');
  if ((await movesPlayed(page)) !== 4) throw new Error('the moves after the turn are still played');
  const glowing = await marked(page, 'hint');
  if (glowing.join() !== 'south house 1') throw new Error(`${JSON.stringify(glowing)} glows`);
  const caption = await page.textContent('#caption');
  if (caption !== 'Here you could do better. Try house 1. Your last piece lands in your store: you play again!') {
    throw new Error(`the turn is told as ${JSON.stringify(caption)}`);
  }
  if ((await marked(page, 'landing')).join() !== 'south store') throw new Error('where the last seed lands is not shown');
  // The game as it went is not lost: redo plays it again.
  if (await page.locator('#redo').isDisabled()) throw new Error('the moves taken back cannot be played again');
  await helper.screenshot('try-turn-back');
  // The child plays the better move and plays on: their last seed ends in the store, their turn again.
  await page.click('g.hole.hint');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 5);
  await childsTurn(page);
  if (await page.locator('g.hole.hint').count()) throw new Error('the glow stays after the move');
  if ((await page.textContent('#info-south .name')) !== 'Your turn') throw new Error('the extra move is not the child\'s');
  // Another game: at its ninth move the better house has no simple reason of its own, so what the
  // move played cost is said instead: Bunny caught 6 right after it.
  await endSmallKalah(helper, 2, '2 1 2 4 1 3 4 3 1 2 3 3', 4);
  await page.waitForSelector('#try-turn', { timeout: 20000 });
  if ((await page.getAttribute('#try-turn', 'data-index')) !== '8') throw new Error('the turn offered is not the ninth move');
  await page.click('#try-turn');
  await page.waitForSelector('g.hole.hint', { timeout: 20000 });
  if ((await movesPlayed(page)) !== 8) throw new Error('the game did not go back to the ninth move');
  if ((await marked(page, 'hint')).join() !== 'south house 3') throw new Error(`${JSON.stringify(await marked(page, 'hint'))} glows`);
  const told = await page.textContent('#caption');
  if (told !== 'Here you could do better. Try house 3. Last time, Bunny caught 6 right after.') throw new Error(`the turn is told as ${JSON.stringify(told)}`);
}

// The buttons under the board stay where they are while the turn goes to the computer and back,
// and whatever the caption above them says: the hint is greyed on the computer's turn, not taken
// away, and the caption's "read aloud" button (on a device with a voice, as most tablets have) is
// there from the start, greyed while there is nothing to read, and never pushed under the words. So
// "Undo" is where the child saw it when they reach for it after their move. On a tablet and a phone,
// and on a low screen held sideways, where the board keeps its size too.
export async function theButtonsStayPutWhileTheComputerPlays(helper) {
  const { page } = helper;
  await helper.lendVoice();
  const buttons = () => navButtons(page);
  const caption = () => page.textContent('#caption');
  // 1024x600: a low screen held sideways, where the board's size is what room the rest leaves.
  const board = async () => JSON.stringify(await page.locator('#board').boundingBox());
  for (const [width, height] of [[1024, 768], [390, 844], [1024, 600]]) {
    await page.setViewportSize({ width, height });
    await fresh(helper, '');
    await startAgainstComputer(page, 'kalah', 2);
    await page.selectOption('#speed', 'slow');
    await childsTurn(page);
    const seen = [];
    const look = async (when) => seen.push([when, await caption(), `${await buttons()} board ${await board()}`]);
    await look('at the start');
    // Before the first move it reads who starts and what to tap.
    if (await page.locator('#read-aloud').isDisabled()) throw new Error('"read aloud" does not offer the words before the first move');
    if (await page.locator('#hint').isDisabled()) throw new Error('no hint on the child\'s turn');
    await page.click('#hint');
    await page.waitForSelector('g.hole.hint', { timeout: 20000 });
    await look('with a hint');
    // House 3's four seeds end in the store, said at length: the child plays again.
    await page.click('g.hole[data-side="south"][data-house="3"]');
    await childsTurn(page);
    await look('after an extra move');
    await helper.screenshot(`caption-read-aloud-${width}`);
    // House 1's four seeds end in house 5: the computer's turn, while they are still going round.
    await page.click('g.hole[data-side="south"][data-house="1"]');
    await page.waitForSelector('.app[data-busy="true"]');
    await look('while the child\'s seeds go round');
    if (!(await page.locator('#hint').isDisabled())) throw new Error('a hint is offered on the computer\'s turn');
    await page.selectOption('#speed', 'instant');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 3, null, { timeout: 30000 });
    await childsTurn(page);
    await look('after the computer\'s move');
    const moved = seen.filter(([, , b]) => b !== seen[0][2]);
    if (moved.length) throw new Error(`at ${width}x${height} the buttons or the board moved: ${JSON.stringify(seen[0])}, then ${JSON.stringify(moved[0])}`);
    if (!seen.some(([, words]) => words.length > 40)) throw new Error(`no long caption was seen: ${JSON.stringify(seen.map(([, w]) => w))}`);
  }
}

// On a phone, Banana-Cala's fruits caught have a line of their own under each name from the start:
// the first catch (the child's or the computer's) does not push the board and the buttons down.
// The child plays the hints until both players have caught something.
export async function aFirstCatchMovesNothingOnAPhone(helper) {
  const { page } = helper;
  await page.setViewportSize({ width: 390, height: 844 });
  await fresh(helper);
  await startAgainstComputer(page, 'banana', 2);
  const undo = () => page.evaluate(() => Math.round(document.querySelector('#undo').getBoundingClientRect().y + window.scrollY));
  const caught = (side) => page.locator(`#info-${side} .captured .caught`).count();
  await childsTurn(page);
  const start = await undo();
  for (let turn = 0; turn < 30 && !((await caught('south')) && (await caught('north'))); turn++) {
    if (await page.locator('[data-screen="over"]').count()) break;
    await page.click('#hint');
    await page.waitForSelector('g.hole.hint', { timeout: 20000 });
    await page.locator('g.hole.hint').first().click();
    // A store's fruits are sown from the chooser, where the hint has picked them already.
    if (await page.locator('#sow').count()) await page.click('#sow');
    await childsTurn(page);
    const now = await undo();
    if (now !== start) throw new Error(`the buttons moved from ${start} to ${now} after turn ${turn + 1}`);
  }
  if (!(await caught('south')) || !(await caught('north'))) throw new Error('nobody caught anything in 30 turns');
}

// On a phone, upright or held sideways, and on a tablet or laptop held sideways with a low screen
// (1024x600, 1366x657), the end of a game has every button on the screen without scrolling (held
// sideways, the words stand beside the buttons): after a loss, with going back offered, and after a
// first win, with its new star.
export async function theEndsButtonsAreOnAPhonesScreen(helper) {
  const { page } = helper;
  // A device with a voice: the end's "read aloud" is on the screen too.
  await helper.lendVoice();
  const onScreen = async (selectors, w, h, what) => {
    for (const sel of selectors) {
      const b = await page.locator(sel).boundingBox();
      if (b.x < 0 || b.y < 0 || b.x + b.width > w + 0.5 || b.y + b.height > h + 0.5) {
        throw new Error(`${what} at ${w}x${h}: ${sel} is at ${b.x},${b.y} to ${b.x + b.width},${b.y + b.height}`);
      }
    }
  };
  // The smallest phones held upright (an iPhone SE's browser with its bars, an old 320-pixel phone):
  // "Go back and try again" lay wholly below the screen's edge there, "Choose another game" half.
  // In German too, whose words are the longest: on a phone held sideways its "go back and try
  // again" squeezed the words beside the buttons until the five animals ran off the screen. And in
  // Spanish. The smallest phone held sideways (an iPhone SE of the first kind) too: there the
  // five animals lay partly below the screen's edge in every language, and German's "go back and
  // try again" wholly; and with the browser's bars (568 by 270), where the animals still went 6
  // pixels below its edge in English, and German's "go back and try again" on three lines.
  for (const [w, h] of [[360, 640], [390, 844], [844, 390], [667, 375], [740, 360], [568, 270], [568, 320], [1024, 600], [1366, 657], [375, 548], [320, 568], [280, 653]]) {
    await page.setViewportSize({ width: w, height: h });
    await endSmallKalah(helper, 2, '1 1 4 4 2 2 3 2 4 1 4 1 2 3', 4);
    await page.waitForSelector('#try-turn', { timeout: 20000 });
    await onScreen(['#winner', '#animal-ladder', '#read-end', '#play-again', '#easier-level', '#choose-game', '#try-turn'], w, h, 'a loss');
    // The language menu lies under the end screen: a grown-up changes it during the game.
    await page.selectOption('#language', 'de', { force: true });
    await page.waitForFunction(() => document.querySelector('#winner').textContent.includes('gewinnt'));
    await onScreen(['#winner', '#animal-ladder', '#play-again', '#easier-level', '#choose-game', '#try-turn'], w, h, 'a loss in German');
    if (h < 600 || w < 300) await helper.screenshot(`end-loss-de-${w}x${h}`);
    // And in Spanish, whose "go back and try again" is as long.
    await page.selectOption('#language', 'es', { force: true });
    await page.waitForFunction(() => document.querySelector('#winner').textContent.includes('Ganó'));
    await onScreen(['#winner', '#animal-ladder', '#play-again', '#easier-level', '#choose-game', '#try-turn'], w, h, 'a loss in Spanish');
    if (h < 600 || w < 300) await helper.screenshot(`end-loss-es-${w}x${h}`);
    await page.selectOption('#language', 'en', { force: true });
    await endSmallKalah(helper, 1, '3 4 1 4 1 1 3 1 4 1 2 2 2 3 3 4 1 1 4 2 3 2 3 1 4 4 1 1', 2);
    await page.waitForSelector('#new-star');
    await onScreen(['#winner', '#new-star', '#animal-ladder', '#read-end', '#play-again', '#next-level', '#choose-game'], w, h, 'a first win');
    if (w === 844 || w === 1024) await helper.screenshot('end-sideways');
  }
}
// Many games and screens: 38 to 45 s on a slower 2-core machine, near the usual 60 s limit.
theEndsButtonsAreOnAPhonesScreen.timeout = 180_000;

// The computer's look back may answer after the end screen is up (on a slow tablet, or a long
// game): then "Go back and try again" comes into a place kept for it, and no other button moves, so
// that a child reaching for "Play against Snail" does not land on it. Here every answer of the
// worker is held back 3 s.
export async function aLookBackThatComesLateMovesNoButton(helper) {
  const { page } = helper;
  await slowWorker(page, 3000);
  const end = await endSmallKalah(helper, 2, '1 1 4 4 2 2 3 2 4 1 4 1 2 3', 4);
  if (end !== 'Bunny wins!') throw new Error(`the end reads ${end}`);
  const buttons = ['#play-again', '#easier-level', '#choose-game'];
  const boxes = async (selectors) => JSON.stringify(await Promise.all(selectors.map((s) => page.locator(s).boundingBox())));
  const before = await boxes([...buttons, '#try-turn-place']);
  if (await page.locator('#try-turn').count()) throw new Error('the look back answered at once: nothing was held back');
  if (await page.locator('#try-turn-place').isVisible()) throw new Error('the kept place shows');
  await page.waitForSelector('#try-turn', { timeout: 20000 });
  const after = await boxes([...buttons, '#try-turn']);
  if (after !== before) throw new Error(`the buttons moved: ${before} before the look back, ${after} after`);
  if (await page.locator('#try-turn-place').count()) throw new Error('the kept place stays beside the button');
}

// A worker that cannot look back at the game leaves the end screen as it is: nothing to go back
// to, and no word of a broken computer to a child whose game is over.
export async function aWorkerThatCannotLookBackLeavesTheEndAsItIs(helper) {
  const { page } = helper;
  await breakWorker(page);
  const warned = page.waitForEvent('console', { predicate: (m) => m.text().includes('looking back at the game'), timeout: 30000 });
  const end = await endSmallKalah(helper, 2, '1 1 4 4 2 2 3 2 4 1 4 1 2 3', 4);
  if (end !== 'Bunny wins!') throw new Error(`the end reads ${end}`);
  await warned;
  if (await page.locator('#try-turn').count()) throw new Error('a turn is offered without a look back');
  const notice = (await page.locator('#notice').count()) ? await page.textContent('#notice') : '';
  if (/computer/i.test(notice)) throw new Error(`the child is told: ${notice}`);
  if (!(await page.locator('#easier-level').isVisible())) throw new Error('the end screen lost its choices');
  // The place kept for the offer stays empty and unseen.
  if (await page.locator('#try-turn-place').isVisible()) throw new Error('the kept place shows');
}
aWorkerThatCannotLookBackLeavesTheEndAsItIs.expectedError = 'broken worker for the test';

// A child who lets the computer start sits North, and the board is turned for them as at a real
// board: their own row nearest them, their house 1 on their left, their name below the board.
export async function aChildGoingSecondHasTheirRowNearest(helper) {
  const { page } = helper;
  await fresh(helper);
  await startWithTheComputerFirst(page, 'kidcala-classic', 2);
  await childsTurn(page);
  const box = async (selector) => page.locator(selector).boundingBox();
  const mine1 = await box('g.hole[data-side="north"][data-house="1"]');
  const mine6 = await box('g.hole[data-side="north"][data-house="6"]');
  const theirs1 = await box('g.hole[data-side="south"][data-house="1"]');
  const board = await box('#board');
  if (!(mine1.y > theirs1.y)) throw new Error('the child\'s row is not the near one');
  if (!(mine1.x < mine6.x)) throw new Error('the child\'s house 1 is not on their left');
  if (!((await box('#info-north')).y > board.y + board.height / 2)) throw new Error('the child\'s name is not below the board');
  if (!((await box('#info-south')).y < board.y)) throw new Error('the computer\'s name is not above the board');
  // The house numbers of the near row stand at its bottom, inside the holes.
  const label = await box('g.hole[data-side="north"][data-house="1"] text.count');
  if (!(label.y > mine1.y + mine1.height / 2)) throw new Error('the near row\'s numbers are not at the bottom of its holes');
  await helper.screenshot('going-second');
  // Playing works as ever: the child's house sows, and the computer answers.
  await page.click('g.hole[data-side="north"][data-house="1"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 3, null, { timeout: 30000 });
}

// A child going second with a keyboard or a switch: "Play!" gives the focus to their own house 1
// while the computer plays, then to their first house that can be played (it fell on the
// computer's house 1 and stayed there: the child's first Enter was refused, "This house belongs
// to Bunny."). In Kalah, Banana-Cala and Kauri.
export async function aKeyboardChildGoingSecondStartsOnTheirOwnHouse(helper) {
  const { page } = helper;
  const on = () => page.evaluate(() => {
    const a = document.activeElement;
    return a?.matches('g.hole') ? `${a.dataset.side} ${a.dataset.house ?? 'store'} ${a.dataset.legal}` : a?.id || a?.tagName;
  });
  for (const game of ['kalah', 'banana', 'kauri']) {
    await fresh(helper);
    await page.click(`.game-pick[data-game="${game}"]`);
    await page.click('#opponent-computer');
    await page.click('#level button[data-value="2"]');
    await page.click('#starter-2');
    await page.focus('#start-game');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#board');
    const first = await on();
    if (!first.startsWith('north 1 ')) throw new Error(`${game}: while the computer plays first, the focus is on ${first}`);
    await childsTurn(page);
    await page.waitForFunction(() => document.activeElement?.matches('g.hole[data-side="north"][data-legal="true"]'), null, { timeout: 5000 })
      .catch(async () => { throw new Error(`${game}: on the child's first turn, the focus is on ${await on()}`); });
    // Enter plays the house the focus is on.
    if (game === 'banana') continue;
    const before = await movesPlayed(page);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before, { timeout: 5000 })
      .catch(async () => { throw new Error(`${game}: Enter on ${await on()} played nothing; the caption says ${await page.textContent('#caption')}`); });
  }
}

// While the child's seeds go round, the names' panels still tell the position before the move:
// the turn passes to the computer, and the point counts, when the last seed has landed.
export async function thePanelsChangeWhenTheSowingEnds(helper) {
  const { page } = helper;
  await fresh(helper, '');
  await startAgainstComputer(page, 'kalah', 1);
  await page.selectOption('#speed', 'slow');
  await page.evaluate(() => {
    window.frames_seen = [];
    const look = () => {
      const app = document.querySelector('.app');
      const hand = document.querySelector('g.hand');
      window.frames_seen.push({
        busy: app.dataset.busy === 'true',
        south: document.querySelector('#info-south').classList.contains('turn'),
        north: document.querySelector('#info-north').classList.contains('turn'),
        score: Number(document.querySelector('#score-south').dataset.score),
        store: Number(document.querySelector('g.hole.store[data-side="south"]').dataset.count),
        hand: hand ? Number(hand.dataset.count) : null,
        said: hand ? Number(hand.querySelector('.hand-count').textContent) : null,
      });
      if (window.frames_seen.length < 5000) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  // House 4 of 4 seeds: houses 5 and 6, the store, then the computer's house 1.
  await page.click('g.hole[data-side="south"][data-house="4"]');
  await page.waitForFunction(() => {
    const f = window.frames_seen;
    const start = f.findIndex((x) => x.busy);
    return start >= 0 && f.slice(start).some((x) => !x.busy);
  }, null, { timeout: 20000 });
  const frames = await page.evaluate(() => window.frames_seen);
  const start = frames.findIndex((x) => x.busy);
  const end = start + frames.slice(start).findIndex((x) => !x.busy);
  const during = frames.slice(start, end);
  for (const f of during) {
    if (!f.south || f.north || f.score !== 0) throw new Error(`during the sowing the panels show ${JSON.stringify(f)}`);
    if (f.hand !== null && f.said !== f.hand) throw new Error(`the hand holds ${f.hand} but says ${f.said}`);
  }
  if (!during.some((f) => f.store === 1)) throw new Error('the seed in the store was not seen before the sowing ended');
  // The hand counted down from the seeds picked up.
  const counts = [...new Set(during.map((f) => f.hand).filter((h) => h !== null))];
  if (counts[0] !== 4 && counts[0] !== 3) throw new Error(`the hand counted ${JSON.stringify(counts)}`);
  const after = frames[end];
  if (after.south || !after.north || after.score !== 1) throw new Error(`after the sowing the panels show ${JSON.stringify(after)}`);
}
thePanelsChangeWhenTheSowingEnds.timeout = 60_000;

// The house the last move sowed from is ringed with dots in the colour of who played it, so that a
// child who looked away sees where the computer played; the mark follows the moves and goes with undo.
export async function whereTheComputerPlayedStaysMarked(helper) {
  const { page } = helper;
  await fresh(helper);
  await startAgainstComputer(page, 'kalah', 1);
  await childsTurn(page);
  if (await page.locator('g.hole.played').count()) throw new Error('a house is marked before any move');
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 2, null, { timeout: 20000 });
  await childsTurn(page);
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('mancala.game')));
  const last = saved.game.moves[saved.game.moves.length - 1];
  const marked = page.locator('g.hole.played');
  if ((await marked.count()) !== 1) throw new Error(`${await marked.count()} houses are marked`);
  const where = [await marked.getAttribute('data-side'), await marked.getAttribute('data-house')];
  if (where.join() !== `north,${last}`) throw new Error(`the computer played ${last} and ${where} is marked`);
  const label = await marked.getAttribute('aria-label');
  if (!label.endsWith(', played last')) throw new Error(`the marked house is read as ${JSON.stringify(label)}`);
  // Dots in the computer's colour, not the child's.
  const ring = await marked.locator('.played-ring .dot').evaluate((el) => [getComputedStyle(el).stroke, getComputedStyle(el).strokeDasharray]);
  const computerColour = await page.locator('#info-north').evaluate((el) => getComputedStyle(el).getPropertyValue('--player').trim());
  const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  if (ring[0] !== rgb(computerColour) || ring[1] === 'none') throw new Error(`the mark is ${JSON.stringify(ring)}, the computer's colour ${computerColour}`);
  await helper.screenshot('played-last');
  // Undo takes the turns back, and the mark with them.
  await page.click('#undo');
  await childsTurn(page);
  if ((await movesPlayed(page)) !== 0 || (await page.locator('g.hole.played').count())) throw new Error('a house is still marked after undo');
}
whereTheComputerPlayedStaysMarked.timeout = 90_000;

// "Menu" tapped while the winning move is still being sown, moves shown step by step: the child
// had not seen the end. The start screen offered no way back, the game was forgotten and no star
// given; now "Back to the game" shows the end and its new star, after a reload too.
export async function menuTappedDuringTheWinningMoveKeepsItsEnd(helper) {
  const { page } = helper;
  const WIN = '3 4 1 4 1 1 3 1 4 1 2 2 2 3 3 4 1 1 4 2 3 2 3 1 4 4 1 1';
  await fresh(helper, '');
  await startAgainstComputer(page, 'kalah', 1);
  await childsTurn(page);
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('mancala.game')));
  Object.assign(saved.choice, { houses: 4, seeds: 3 });
  Object.assign(saved.game, { variant: 'kalah:4:3', moves: WIN.split(' ') });
  // The game a move before the child's win, that move, and "Menu" while it is sown.
  const winAndLeave = async () => {
    await page.evaluate((text) => localStorage.setItem('mancala.game', text), JSON.stringify(saved));
    await page.reload();
    await helper.waitForApp();
    await childsTurn(page);
    await page.click('g.hole[data-side="south"][data-house="2"]');
    await page.waitForSelector('.app[data-busy="true"]');
    await page.click('#menu');
    await page.waitForSelector('[data-screen="start"]');
  };
  await winAndLeave();
  if (!(await page.locator('#back-to-game').count())) throw new Error('the start screen offers no way back to the end');
  const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('mancala.game')) ?? 'null');
  if (kept?.game.moves.length !== 29) throw new Error(`the game kept is ${JSON.stringify(kept?.game.moves)}`);
  // A reload (or the tablet put away) keeps the way back.
  await page.reload();
  await helper.waitForApp();
  await page.waitForSelector('#end-screen', { timeout: 10000 });
  await page.click('#choose-game');
  await page.waitForSelector('[data-screen="start"]');
  // Seen once after the reload, the end is over, as any game's end is.
  if (await page.locator('#back-to-game').count()) throw new Error('after its end was seen, the game is still offered');
  if ((await page.evaluate(() => localStorage.getItem('mancala.stars'))) !== '{"kalah-4":[1]}') throw new Error(`the stars kept are ${await page.evaluate(() => localStorage.getItem('mancala.stars'))}`);
  // Without a reload: "Back to the game" shows the end, with its new star.
  await page.evaluate(() => localStorage.removeItem('mancala.stars'));
  await winAndLeave();
  await page.click('#back-to-game');
  await page.waitForSelector('#end-screen', { timeout: 10000 });
  if ((await page.textContent('#winner')) !== 'You win!') throw new Error(`the end reads ${await page.textContent('#winner')}`);
  if ((await page.textContent('#new-star')) !== 'You beat Snail: a new star!') throw new Error('no new star');
}

// Beating an animal earns its star at that game: the end screen says so the first time (not when
// the same animal is beaten again), and the start screen shows it on the animal's button from then
// on, after a reload too. A damaged record keeps the stars still readable in it.
export async function beatingTheComputerEarnsAStar(helper) {
  const { page } = helper;
  const WIN = '3 4 1 4 1 1 3 1 4 1 2 2 2 3 3 4 1 1 4 2 3 2 3 1 4 4 1 1';
  const end = await endSmallKalah(helper, 1, WIN, 2);
  if (end !== 'You win!') throw new Error(`the end reads ${end}`);
  const said = await page.textContent('#new-star');
  if (said !== 'You beat Snail: a new star!') throw new Error(`the new star is told as ${JSON.stringify(said)}`);
  if ((await page.locator('#new-star svg.star').count()) !== 1) throw new Error('the new star is not drawn');
  // It pops out to its full size, big enough to see from across the table.
  await page.waitForFunction(() => document.querySelector('#new-star svg.star').getBoundingClientRect().width >= 40, null, { timeout: 5000 })
    .catch(async () => { throw new Error(`the new star is ${(await page.locator('#new-star svg.star').boundingBox()).width} pixels wide`); });
  await helper.screenshot('new-star');
  // Kept for Kalah's teaching board of 4 houses a side, the one played.
  const kept = await page.evaluate(() => localStorage.getItem('mancala.stars'));
  if (kept !== '{"kalah-4":[1]}') throw new Error(`the stars are kept as ${kept}`);
  // Played again and won again: still a win, but no new star.
  await page.click('#play-again');
  await page.waitForSelector('[data-screen="playing"]');
  const again = JSON.parse(await page.evaluate(() => localStorage.getItem('mancala.game')));
  if (again.game.variant !== 'kalah:4:3') throw new Error(`the game played again is ${again.game.variant}`);
  again.game.moves = WIN.split(' ');
  await page.evaluate((text) => localStorage.setItem('mancala.game', text), JSON.stringify(again));
  await page.reload();
  await helper.waitForApp();
  await childsTurn(page);
  await page.click('g.hole[data-side="south"][data-house="2"]');
  await page.waitForSelector('#end-screen', { timeout: 20000 });
  if ((await page.textContent('#winner')) !== 'You win!') throw new Error('the second win is not a win');
  if (await page.locator('#new-star').count()) throw new Error('a star already earned is told as new');
  // The start screen: a star on Snail's button at Kalah, and on no other.
  const stars = async () => page.locator('#level button').evaluateAll((els) => els.map((b) => [
    b.dataset.value, b.dataset.star, b.querySelectorAll('.star-badge svg.star').length, b.textContent,
  ]));
  const expectStars = async (levels, where) => {
    const got = await stars();
    const wrong = got.filter(([level, flag, drawn, text]) => {
      const has = levels.includes(Number(level));
      return flag !== String(has) || drawn !== (has ? 1 : 0) || text.endsWith('(star won)') !== has;
    });
    if (wrong.length) throw new Error(`${where}: the level buttons are ${JSON.stringify(got)}`);
  };
  await page.click('#choose-game');
  await page.waitForSelector('#start-game');
  await expectStars([1], 'after the win');
  // The star sits on the button's corner, clear of the animal's picture.
  const [badge, animal] = await Promise.all(['.star-badge', 'svg.animal'].map((s) => page.locator(`#level button[data-value="1"] ${s}`).boundingBox()));
  if (badge.x < animal.x + animal.width && badge.y + badge.height > animal.y + 4) throw new Error(`the star ${JSON.stringify(badge)} covers the snail ${JSON.stringify(animal)}`);
  await helper.screenshot('stars-on-start');
  // Snail beaten on the teaching board is not beaten on the full board, whatever the seeds; the
  // teaching board's other seeds and options keep the star.
  await page.click('#houses button[data-value="6"]');
  await expectStars([], 'on the full board');
  await page.click('#seeds button[data-value="5"]');
  await expectStars([], 'on the full board of 5 seeds');
  await page.click('#houses button[data-value="4"]');
  await page.click('#option-empty');
  await expectStars([1], 'on the teaching board of 5 seeds with empty capture');
  await page.click('#option-empty');
  await page.click('#houses button[data-value="5"]');
  await expectStars([], 'on the board of 5 houses');
  await page.click('#houses button[data-value="4"]');
  // Another game has its own stars.
  await page.click('.game-pick[data-game="kauri"]');
  await expectStars([], 'at Kauri');
  // Kept on the device.
  await page.reload();
  await helper.waitForApp();
  await page.click('.game-pick[data-game="kalah"]');
  await page.click('#opponent-computer');
  await expectStars([1], 'after a reload');
  // A damaged record: what is readable stays, nothing breaks, and the record is left as it was.
  const damaged = '{"kalah-4":[1,"x",9],"kalah-3":[2],"chess":[2],"kauri":"five","banana":[4]}';
  await page.evaluate((text) => localStorage.setItem('mancala.stars', text), damaged);
  await page.reload();
  await helper.waitForApp();
  await page.click('.game-pick[data-game="kalah"]');
  await page.click('#opponent-computer');
  await expectStars([1], 'Kalah from a damaged record');
  await page.click('.game-pick[data-game="banana"]');
  await expectStars([4], 'Banana-Cala from a damaged record');
  if ((await page.evaluate(() => localStorage.getItem('mancala.stars'))) !== damaged) throw new Error('the damaged record was rewritten');
  // French.
  await page.selectOption('#language', 'fr');
  const label = await page.textContent('#level button[data-value="4"]');
  if (!label.endsWith('(étoile gagnée)')) throw new Error(`the star reads ${JSON.stringify(label)} in French`);
  // On a phone held upright, every star is on the screen, and the page is no wider than it.
  await page.setViewportSize({ width: 360, height: 740 });
  // (Stars kept before each board had its own are the full board's.)
  await page.evaluate(() => localStorage.setItem('mancala.stars', '{"kalah":[1,2,3,4,5]}'));
  await page.reload();
  await helper.waitForApp();
  await page.click('.game-pick[data-game="kalah"]');
  await page.click('#opponent-computer');
  await page.click('#houses button[data-value="6"]');
  if ((await page.locator('#level button[data-star="true"] .star-badge').count()) !== 5) throw new Error('the stars of an older record are not on the full board');
  const outside = await page.locator('.star-badge').evaluateAll((els) => els.map((e) => e.getBoundingClientRect())
    .filter((r) => r.left < 0 || r.right > window.innerWidth).length);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (outside || wide > 0) throw new Error(`on a phone ${outside} stars are off the screen and the page is ${wide} pixels too wide`);
}
beatingTheComputerEarnsAStar.timeout = 120_000;

// On a tablet shared by a family or a class, each child who types their name has their own stars:
// another name does not show them, the same name however typed does, after a reload too.
export async function eachChildHasTheirOwnStars(helper) {
  const { page } = helper;
  const WIN = '3 4 1 4 1 1 3 1 4 1 2 2 2 3 3 4 1 1 4 2 3 2 3 1 4 4 1 1';
  await resume(helper, 'kalah', 1, WIN, (saved) => {
    saved.choice.houses = 4;
    saved.choice.seeds = 3;
    saved.choice.names = ['Mia', ''];
    saved.game.variant = 'kalah:4:3';
  });
  await page.click('g.hole[data-side="south"][data-house="2"]');
  await page.waitForSelector('#end-screen', { timeout: 20000 });
  if ((await page.textContent('#winner')) !== 'Mia wins!') throw new Error(`the end reads ${await page.textContent('#winner')}`);
  if ((await page.textContent('#new-star')) !== 'You beat Snail: a new star!') throw new Error('Mia\'s star is not told');
  const kept = await page.evaluate(() => localStorage.getItem('mancala.stars'));
  if (kept !== '{"names":{"mia":{"kalah-4":[1]}}}') throw new Error(`the stars are kept as ${kept}`);
  // Her star on Snail in the row of animals, just earned.
  if ((await ladder(page)) !== '1*pnew 2 3 4 5') throw new Error(`Mia's animals read ${await ladder(page)}`);
  if ((await page.getAttribute('#animal-ladder', 'aria-label')) !== 'Animals beaten at this game: 1 of 5') throw new Error('Mia\'s animals are not told');
  await page.click('#choose-game');
  await page.waitForSelector('#start-game');
  const starred = () => page.locator('#level button').evaluateAll((els) => els.filter((b) => b.dataset.star === 'true').map((b) => Number(b.dataset.value)));
  const expect = async (name, levels) => {
    const got = await starred();
    if (JSON.stringify(got) !== JSON.stringify(levels)) throw new Error(`for ${JSON.stringify(name)} the stars are on ${JSON.stringify(got)}`);
  };
  // Her name is still in the field, and her star on Snail.
  if ((await page.inputValue('#name-1')) !== 'Mia') throw new Error('the name is not kept for the next game');
  await expect('Mia', [1]);
  for (const [name, levels] of [['', []], ['Leo', []], ['Mi', []], [' MIA ', [1]], ['Leo', []]]) {
    await page.fill('#name-1', name);
    await expect(name, levels);
  }
  // Leo beats Fox: his star, not Mia's, and Mia's stays hers.
  await resume(helper, 'kalah', 3, WIN, (saved) => {
    saved.choice.houses = 4;
    saved.choice.seeds = 3;
    saved.choice.names = ['Leo', ''];
    saved.game.variant = 'kalah:4:3';
  });
  await page.evaluate(() => localStorage.setItem('mancala.stars', '{"names":{"mia":{"kalah-4":[1]}}}'));
  await page.click('g.hole[data-side="south"][data-house="2"]');
  await page.waitForSelector('#end-screen', { timeout: 20000 });
  if ((await page.textContent('#new-star')) !== 'You beat Fox: a new star!') throw new Error('Leo\'s star is not told');
  // His own row: Fox's star, not Mia's Snail.
  if ((await ladder(page)) !== '1 2 3*pnew 4 5') throw new Error(`Leo's animals read ${await ladder(page)}`);
  // Once the stars have popped out, the new one sits on Fox's corner, on the screen.
  await page.evaluate(() => Promise.all([...document.querySelectorAll('#end-screen .star')].flatMap((e) => e.getAnimations()).map((a) => a.finished)));
  const [star, fox] = await Promise.all(['.rung-star svg.star', 'svg.animal'].map((sel) => page.locator(`#animal-ladder .rung[data-level="3"] ${sel}`).boundingBox()));
  if (!(star.width >= 16 && star.x > fox.x + fox.width / 2 && star.y < fox.y && star.x + star.width <= 1024)) {
    throw new Error(`the star ${JSON.stringify(star)} is not on the corner of Fox ${JSON.stringify(fox)}`);
  }
  await helper.screenshot('leo-beat-fox');
  await page.click('#choose-game');
  await expect('Leo', [3]);
  await page.reload();
  await helper.waitForApp();
  if ((await page.inputValue('#name-1')) !== 'Leo') throw new Error('the name is not kept after a reload');
  await expect('Leo', [3]);
  await page.fill('#name-1', 'mia');
  await expect('mia', [1]);
  await page.fill('#name-1', '');
  await expect('', []);
  await helper.screenshot('own-stars');
}
eachChildHasTheirOwnStars.timeout = 120_000;

// On the computer's turn, holding one of its houses shows nothing: the caption said "To play this
// house, tap it." of a house whose tap is then refused. In Banana-Cala "Choose the order" is greyed
// then (turned on, the computer's move turned it off again before the child's turn).
export async function theComputersHousesShowNothingOnItsTurn(helper) {
  const { page } = helper;
  await freshWithASlowWorker(helper);
  await startWithTheComputerFirst(page, 'kalah', 5);
  await computerThinking(page);
  const side = await page.getAttribute('main.playing', 'data-to-move');
  const box = await page.locator(`g.hole[data-side="${side}"][data-house="3"]`).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(900);
  const shown = { landing: await page.locator('g.hole.landing').count(), caption: (await page.textContent('#caption')).trim() };
  await page.mouse.up();
  if (shown.landing || shown.caption.includes('tap it')) throw new Error(`held on the computer's turn: ${JSON.stringify(shown)}`);
  await freshWithASlowWorker(helper);
  await startWithTheComputerFirst(page, 'banana', 5);
  await computerThinking(page);
  if (!(await page.locator('#arrange').isDisabled())) throw new Error('"Choose the order" can be turned on during the computer\'s turn');
}
