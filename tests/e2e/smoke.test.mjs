// The built app loads and renders at the tablet sizes it is made for, with no console error, no page
// error and no request leaving the served origin (tests/e2e/run.mjs checks those for every test).
// Screenshots: tests/screenshots/smoke-*.png.

async function loadsAt(helper, width, height) {
  const { page } = helper;
  await page.setViewportSize({ width, height });
  await helper.goto('');
  await helper.waitForApp();
  const children = await page.locator('#app > *').count();
  if (children === 0) throw new Error('#app has no child elements');
  await helper.screenshot(`${width}x${height}`);
}

export async function tabletPortrait768x1024(helper) {
  await loadsAt(helper, 768, 1024);
}

export async function tabletLandscape1024x768(helper) {
  await loadsAt(helper, 1024, 768);
}
