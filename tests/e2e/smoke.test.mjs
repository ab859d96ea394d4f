// The built app loads and renders at the tablet sizes it is made for, with no console error, no page
// error and no request leaving the served origin (tests/e2e/run.mjs checks those for every test).
// Screenshots: tests/screenshots/smoke-*.png.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

async function loadsAt(helper, width, height) {
  const { page } = helper;
  await page.setViewportSize({ width, height });
  await helper.goto('');
  await helper.waitForApp();
  if (await page.locator('#loading').count()) throw new Error('the picture shown while the game loads is still there');
  if (!(await page.locator('.game-pick').count())) throw new Error('the start screen has no games');
  await helper.screenshot(`${width}x${height}`);
}

export async function tabletPortrait768x1024(helper) {
  await loadsAt(helper, 768, 1024);
}

export async function tabletLandscape1024x768(helper) {
  await loadsAt(helper, 1024, 768);
}

// A game that cannot start (its WebAssembly cut short by a lost connection) does not leave a blank
// page: the game's picture, shown while it loads, stays, with words for the grown-up in the game's
// language (kept on the device) and a "Reload" button, which starts the game once its files come.
export async function aGameThatCannotStartSaysSoAndCanBeReloaded(helper) {
  const { page } = helper;
  let cut = true;
  await page.route('**/app-*_bg.wasm', async (route) => {
    if (!cut) return route.continue();
    const whole = await route.fetch();
    const body = await whole.body();
    return route.fulfill({ response: whole, body: body.subarray(0, body.length >> 1) });
  });
  await helper.goto('');
  await page.waitForSelector('#loading-words');
  const words = await page.textContent('#loading-words');
  if (words !== 'The game could not start. Check the connection, then tap Reload.') throw new Error(`the page says: ${words}`);
  if (!(await page.locator('#loading .loading-picture').isVisible())) throw new Error("the game's picture is gone");
  await helper.screenshot('could-not-start');
  // In the game's language, kept on the device.
  await page.evaluate(() => localStorage.setItem('mancala.lang', 'fr'));
  await page.click('#loading-reload');
  await page.waitForFunction(() => document.querySelector('#loading-words')?.textContent.startsWith('Le jeu n’a pas pu démarrer.'));
  if ((await page.textContent('#loading-reload')) !== 'Recharger') throw new Error('the French page has no "Recharger"');
  // With the connection back, "Reload" starts the game.
  cut = false;
  await page.click('#loading-reload');
  await helper.waitForApp();
  await page.waitForSelector('.game-pick');
  if (await page.locator('#loading, #loading-words').count()) throw new Error('the words stay once the game has started');
  if (!(await page.textContent('body')).includes('Choisis un jeu')) throw new Error('the game did not start in French');
}
aGameThatCannotStartSaysSoAndCanBeReloaded.expectedError = 'WebAssembly.instantiate';

// Each page opened from now on has the tablet's languages that the storage's `test.languages`
// lists (a JSON list, most wanted first), where it lists any; and, where `test.old` is set, is a
// browser too old for the game.
const tabletLanguagesFromTheStorage = (page) => page.addInitScript(() => {
  const wanted = JSON.parse(localStorage.getItem('test.languages') || 'null');
  if (wanted) {
    Object.defineProperty(Navigator.prototype, 'languages', { get: () => Object.freeze([...wanted]), configurable: true });
    Object.defineProperty(Navigator.prototype, 'language', { get: () => wanted[0], configurable: true });
  }
  if (localStorage.getItem('test.old')) {
    delete window.WebAssembly;
    CSS.supports = () => false;
  }
});

// A tablet lists the languages its child reads, most wanted first (`navigator.languages`): the game
// takes the first it has, not English because the first is one it has not. Swiss German then German
// gives German, Italian then French gives French, none of them English; and the words for a
// grown-up when the game cannot start come in the same language.
export async function theBrowsersLanguagesAreTakenInTheirOrder(helper) {
  const { page } = helper;
  await tabletLanguagesFromTheStorage(page);
  await helper.goto('');
  const openWith = async (languages, old) => {
    await page.evaluate(([list, old]) => {
      localStorage.clear();
      localStorage.setItem('test.languages', JSON.stringify(list));
      if (old) localStorage.setItem('test.old', 'yes');
    }, [languages, old]);
    await page.reload();
  };
  for (const [languages, title] of [
    [['gsw-CH', 'de-CH', 'en-US'], 'Wähle ein Spiel'],
    [['it-IT', 'fr-FR', 'de'], 'Choisis un jeu'],
    [['nl-NL', 'it'], 'Choose a game'],
    // A Mexican tablet, and a Catalan one that lists Spanish next: Spanish, whatever the country.
    [['es-MX', 'en-US'], 'Elige un juego'],
    [['ca-ES', 'es-ES'], 'Elige un juego'],
  ]) {
    await openWith(languages, false);
    await helper.waitForApp();
    const said = await page.textContent('.start h1');
    if (said !== title) throw new Error(`with ${languages} the start screen says "${said}", not "${title}"`);
  }
  await openWith(['gsw-CH', 'de-CH', 'en-US'], true);
  await page.waitForSelector('#loading-words');
  const words = await page.$eval('#loading-words', (p) => [p.lang, p.textContent]);
  if (words[0] !== 'de' || !words[1].startsWith('Dieser Browser ist zu alt')) throw new Error(`with Swiss German then German the page says (${words[0]}) ${words[1]}`);
}
// The too old browser of the last part.
theBrowsersLanguagesAreTakenInTheirOrder.expectedError = 'WebAssembly is not defined';

// The game speaks the tablet's language until a language is chosen in the game: a grown-up who
// changes the tablet's language later finds the game in the new one (it kept the one of its first
// page), and a language chosen in the game stays whatever the tablet's.
export async function theTabletsLanguageIsFollowedUntilOneIsChosen(helper) {
  const { page } = helper;
  await tabletLanguagesFromTheStorage(page);
  await helper.goto('');
  await page.evaluate(() => localStorage.clear());
  const openWith = async (languages) => {
    await page.evaluate((list) => localStorage.setItem('test.languages', JSON.stringify(list)), languages);
    await page.reload();
    await helper.waitForApp();
  };
  await openWith(['fr-FR']);
  const said = await page.textContent('.start h1');
  if (said !== 'Choisis un jeu') throw new Error(`a French tablet's game says "${said}"`);
  // A game played in it (its choices and the game are kept) changes nothing.
  await page.click('.game-pick[data-game="kalah"]');
  await page.click('#start-game');
  await page.waitForSelector('#board');
  await openWith(['de-DE', 'en']);
  // The game in progress taken up, in German.
  await page.waitForSelector('#board');
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== 'de') throw new Error(`the tablet now in German, the game speaks ${lang}`);
  // Chosen in the game, Spanish stays.
  await page.selectOption('#language', 'es');
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  await openWith(['fr-FR']);
  const kept = await page.evaluate(() => document.documentElement.lang);
  if (kept !== 'es') throw new Error(`Spanish, chosen in the game, became ${kept} with a French tablet`);
}

// A browser's page translator (Chrome's, Safari's, Edge's, offered on a tablet whose language the
// game does not speak) swaps the words it translates for elements of its own, which the game then no
// longer reaches: the caption and the scores stopped changing. The page asks translators to leave
// it alone, as they do for what says `translate="no"`; here a translator that does the same
// translates nothing, and the caption still tells each move.
export async function aPageTranslatorLeavesTheGameAlone(helper) {
  const { page } = helper;
  await helper.fresh();
  const meta = await page.$eval('meta[name="google"]', (m) => m.content).catch(() => null);
  if (meta !== 'notranslate') throw new Error(`the page's word to Chrome's translator is ${meta}`);
  await page.click('.game-pick[data-game="kalah"]');
  await page.click('#start-game');
  await page.waitForSelector('#board');
  // As a translator does, where the page lets it: each text node for elements of its own.
  const translated = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const nodes = [];
    while (walker.nextNode()) {
      const text = walker.currentNode;
      if (text.textContent.trim() && text.parentElement.translate) nodes.push(text);
    }
    for (const text of nodes) {
      const outer = document.createElement('font');
      outer.appendChild(document.createElement('font')).textContent = text.textContent.toUpperCase();
      text.replaceWith(outer);
    }
    return nodes.length;
  });
  if (translated) throw new Error(`a translator could change ${translated} of the game's words`);
  await page.click('g.hole[data-side="south"][data-house="1"]');
  await page.waitForFunction(() => document.querySelector('#caption')?.textContent.startsWith('Player 1 sowed house 1.'));
}

// The page, loaded in a browser that `makeOld` (a script run before the page's) makes too old for
// the game, tells so in words, with no "Reload", which could not help.
async function toldTooOld(helper, makeOld) {
  const { page } = helper;
  await page.addInitScript(makeOld);
  await helper.goto('');
  await page.waitForSelector('#loading-words');
  const words = await page.textContent('#loading-words');
  if (!words.startsWith('This browser is too old for the game.')) throw new Error(`the page says: ${words}`);
  if (await page.locator('#loading-reload').count()) throw new Error('a browser too old is offered "Reload"');
}

// A browser too old for the game (without WebAssembly, nor CSS's :has()) is told so.
export async function aBrowserTooOldForTheGameIsToldSo(helper) {
  await toldTooOld(helper, () => {
    delete window.WebAssembly;
    CSS.supports = () => false;
  });
}

// A new browser with WebAssembly switched off (Lockdown Mode on an iPad, a browser's strictest
// security setting on a school's tablets) is not told it is too old: it is told what is off and
// what to do, in the game's language, with no "Reload".
export async function aBrowserWithWebAssemblySwitchedOffIsToldSo(helper) {
  const { page } = helper;
  await page.addInitScript(() => { delete window.WebAssembly; });
  for (const [lang, start] of [['en', 'This browser has WebAssembly switched off'], ['fr', 'WebAssembly est désactivé dans ce navigateur'], ['de', 'In diesem Browser ist WebAssembly ausgeschaltet'], ['es', 'Este navegador tiene WebAssembly desactivado']]) {
    // English first, the browser's; then the game's language, kept on the device.
    if (lang !== 'en') await page.evaluate((lang) => localStorage.setItem('mancala.lang', lang), lang);
    await helper.goto('');
    await page.waitForSelector(`#loading-words[lang="${lang}"]`);
    const words = await page.textContent('#loading-words');
    if (!words.startsWith(start)) throw new Error(`the page in ${lang} says: ${words}`);
    if (await page.locator('#loading-reload').count()) throw new Error('a browser with WebAssembly switched off is offered "Reload"');
  }
}
aBrowserWithWebAssemblySwitchedOffIsToldSo.expectedError = 'WebAssembly is not defined';
aBrowserTooOldForTheGameIsToldSo.expectedError = 'WebAssembly is not defined';

// A browser with WebAssembly, but not all that the game's is made with (here: without reference
// types, as Safari before 15 on an older iPad), is told it is too old, not to check its connection
// and reload, which could never help.
export async function aBrowserWhoseWebAssemblyIsTooOldIsToldSo(helper) {
  await toldTooOld(helper, () => {
    const validate = WebAssembly.validate;
    // `ref.null extern`, an instruction of reference types.
    WebAssembly.validate = (bytes) => !new Uint8Array(bytes).some((b, i, all) => b === 0xd0 && all[i + 1] === 0x6f) && validate(bytes);
    const refuse = () => Promise.reject(new WebAssembly.CompileError('reference types are unknown here'));
    WebAssembly.instantiate = refuse;
    WebAssembly.instantiateStreaming = refuse;
  });
}
aBrowserWhoseWebAssemblyIsTooOldIsToldSo.expectedError = 'reference types are unknown here';

// The names of the WebAssembly features in a module's `target_features` section (those it was
// built with), or null without one.
function targetFeatures(bytes) {
  let at = 8;
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const b = bytes[at++];
      value += (b & 0x7f) * 2 ** shift;
      if (!(b & 0x80)) return value;
    }
  };
  const text = (n) => new TextDecoder().decode(bytes.subarray(at, (at += n)));
  while (at < bytes.length) {
    const id = bytes[at++];
    const end = leb() + at;
    if (id === 0 && text(leb()) === 'target_features') {
      const features = [];
      for (let n = leb(); n > 0; n--) {
        const used = bytes[at++] === 0x2b; // '+'
        const name = text(leb());
        if (used) features.push(name);
      }
      return features;
    }
    at = end;
  }
  return null;
}

// The page's check of the browser's WebAssembly (NEEDS in index.html) covers every feature the
// build's two modules, the game's and the computer player's, are made with, and each of its tiny
// modules needs its feature: binaryen's wasm-opt refuses it without, and takes it with all of them,
// as does Chromium.
export async function theWebAssemblyCheckCoversWhatTheBuildIsMadeWith(helper) {
  const { page, baseUrl } = helper;
  const get = async (path) => {
    const answer = await fetch(baseUrl + path);
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
    return answer;
  };
  const html = await (await get('index.html')).text();
  const needsText = html.match(/var NEEDS = (\[[\s\S]*?\]);/)?.[1];
  if (!needsText) throw new Error('index.html has no NEEDS');
  const needs = Function(`return ${needsText}`)().map(([names, hex]) => ({ names: names.split(' '), hex }));
  const app = html.match(/\.\/(app-[0-9a-f]+_bg\.wasm)/)?.[1];
  for (const file of [app, 'worker_bg.wasm']) {
    const features = targetFeatures(new Uint8Array(await (await get(file)).arrayBuffer()));
    if (!features?.length) throw new Error(`${file} names no features it is made with`);
    const unchecked = features.filter((f) => !needs.some((n) => n.names.includes(f)));
    if (unchecked.length) throw new Error(`${file} is made with ${unchecked.join(', ')}, which index.html's NEEDS does not check`);
  }
  // Binaryen's names where they are not LLVM's.
  const binaryen = (name) => ({ 'nontrapping-fptoint': 'nontrapping-float-to-int' })[name] ?? name;
  // LLVM's names for parts of a feature, which go on its line: a line is one feature.
  const partOf = { 'bulk-memory-opt': 'bulk-memory', 'call-indirect-overlong': 'reference-types' };
  for (const { names } of needs) {
    const others = names.slice(1).filter((part) => partOf[part] !== names[0]);
    if (others.length) throw new Error(`NEEDS checks ${others.join(', ')} with the module for ${names[0]}`);
  }
  const all = needs.flatMap((n) => n.names);
  const wasmOpt = fileURLToPath(new URL('../../node_modules/.bin/wasm-opt', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'mancala-needs-'));
  try {
    for (const { names, hex } of needs) {
      const file = join(dir, `${names[0]}.wasm`);
      writeFileSync(file, Buffer.from(hex, 'hex'));
      const takes = (features) => {
        const run = spawnSync(wasmOpt, ['--mvp-features', ...features.map((f) => `--enable-${binaryen(f)}`), '--vacuum', file, '-o', join(dir, 'out.wasm')], { encoding: 'utf8' });
        if (run.error) throw run.error;
        return run.status === 0;
      };
      if (!takes(all)) throw new Error(`wasm-opt refuses the module for ${names[0]} even with every feature`);
      if (takes(all.filter((f) => !names.includes(f)))) throw new Error(`the module for ${names[0]} does not need it`);
      if (!(await page.evaluate((hex) => WebAssembly.validate(new Uint8Array(hex.match(/../g).map((b) => parseInt(b, 16)))), hex))) {
        throw new Error(`Chromium refuses the module for ${names[0]}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The same when the game's script itself cannot be fetched (the connection lost at that moment):
// its error does not bubble up to the page, and is heard all the same.
export async function aGameWhoseScriptCannotBeFetchedSaysSo(helper) {
  const { page } = helper;
  await page.route('**/app-*.js', (route) => route.abort('internetdisconnected'));
  await helper.goto('');
  await page.waitForSelector('#loading-reload');
  const words = await page.textContent('#loading-words');
  if (words !== 'The game could not start. Check the connection, then tap Reload.') throw new Error(`the page says: ${words}`);
}
aGameWhoseScriptCannotBeFetchedSaysSo.expectedError = 'ERR_INTERNET_DISCONNECTED';
