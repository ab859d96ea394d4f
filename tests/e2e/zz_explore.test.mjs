async function fresh(helper, query = '') {
  await helper.goto(query);
  await helper.page.evaluate(() => localStorage.clear());
  await helper.goto(query);
  await helper.waitForApp();
}
export async function explore(helper) {
  const { page } = helper;
  await page.setViewportSize({ width: 768, height: 1024 });
  await fresh(helper);
  await helper.screenshot('start');
  await page.click(`.game-pick[data-game="kidcala-classic"]`);
  await page.click('#opponent-computer');
  await helper.screenshot('setup');
  await page.click(`#level button[data-value="2"]`);
  await page.click('#start-game');
  await page.waitForSelector('#board');
  await helper.screenshot('board');
  await page.click('g.hole[data-side="south"][data-house="3"]');
  for (let i = 0; i < 8; i++) { await page.waitForTimeout(700); await helper.screenshot(`t${i}`); }
}
explore.timeout = 120000;
