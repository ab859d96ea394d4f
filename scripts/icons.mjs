// Draws the home-screen icon (static/home-icon.svg) as the PNG files that home screens ask for:
// static/icon-192.png and static/icon-512.png (named in static/manifest.json) and
// static/apple-touch-icon.png (180 pixels, named in index.html). The PNG files are kept in the
// repository, so building the game needs none of this; run it again after changing the picture:
//
//   node scripts/icons.mjs        (after scripts/setup.sh, which installs playwright-core)
//
// Drawn by Debian's Chromium, headless (CHROMIUM to use another).

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(root, 'static', 'home-icon.svg'), 'utf8');
const sizes = { 'icon-192.png': 192, 'icon-512.png': 512, 'apple-touch-icon.png': 180 };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  for (const [file, size] of Object.entries(sizes)) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0">${sized}</body></html>`);
    await page.screenshot({ path: join(root, 'static', file), clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`icons.mjs: static/${file} (${size} x ${size})`);
  }
} finally {
  await browser.close();
}
