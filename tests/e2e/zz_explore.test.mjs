async function fresh(helper, query = '?animations=off') {
  await helper.goto(query);
  await helper.page.evaluate(() => localStorage.clear());
  await helper.goto(query);
  await helper.waitForApp();
}
export async function shots(helper) {
  const { page, screenshot, log } = helper;
  for (const [w, h, game] of [[1024, 768, 'kauri'], [768, 1024, 'banana'], [740, 360, 'kidcala-beginner'], [360, 740, 'kalah']]) {
    await page.setViewportSize({ width: w, height: h });
    await fresh(helper);
    await page.click(`.game-pick[data-game="${game}"]`);
    await page.click('#opponent-computer');
    await page.click('#level button[data-value="2"]');
    await page.click('#start-game');
    await page.waitForSelector('#board');
    for (let i = 0; i < 6; i++) {
      const legal = page.locator('g.hole.legal');
      await page.waitForFunction(() => document.querySelectorAll('g.hole.legal').length > 0 || document.querySelector('[data-screen="over"]'), null, { timeout: 15000 });
      if (await page.locator('[data-screen="over"]').count()) break;
      await legal.first().click();
      if (await page.locator('.picker').count()) { await page.locator('.picker button').last().click(); }
      await page.waitForTimeout(400);
    }
    await page.waitForTimeout(1500);
    log(await screenshot(`game-${w}-${game}`));
  }
}
