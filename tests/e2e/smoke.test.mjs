// The built app loads and renders at the tablet sizes it is made for, with no console error, no page
// error and no request leaving the served origin (tests/e2e/run.mjs checks those for every test).
// Screenshots: tests/screenshots/smoke-*.png.

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

// A browser too old for the game (without WebAssembly) is told so in words, with no "Reload",
// which could not help.
export async function aBrowserTooOldForTheGameIsToldSo(helper) {
  const { page } = helper;
  await page.addInitScript(() => { delete window.WebAssembly; });
  await helper.goto('');
  await page.waitForSelector('#loading-words');
  const words = await page.textContent('#loading-words');
  if (!words.startsWith('This browser is too old for the game.')) throw new Error(`the page says: ${words}`);
  if (await page.locator('#loading-reload').count()) throw new Error('a browser too old is offered "Reload"');
}
aBrowserTooOldForTheGameIsToldSo.expectedError = 'WebAssembly is not defined';

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
