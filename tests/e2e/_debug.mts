import { chromium } from 'playwright-core';
import { serveStatic, CHROMIUM_ARGS } from './static-server.ts';
import { getExercise } from '../../src/exercises/registry.ts';
const srv = await serveStatic('/work/main/dist');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(srv.url + '/en/lessons/01-pods/');
await page.waitForSelector('course-terminal[data-ready]', { timeout: 15000 });
const ex = getExercise(process.argv[2] ?? 'pods/web');
for (const l of ex.solution) { console.log('run', l); await page.evaluate((l) => window.__terminals.terminal.run(l), l); }
await page.waitForTimeout(2000);
console.log(await page.evaluate(() => window.__terminals.terminal.text()));
console.log(await page.locator(`course-exercise[data-id="${ex.id}"]`).innerText());
console.log(await page.locator(`course-exercise[data-id="${ex.id}"]`).evaluate((e) => e.outerHTML.slice(0, 3000)));
await browser.close(); await srv.close();
