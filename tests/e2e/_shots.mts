import { chromium } from 'playwright-core';
import { serveStatic, CHROMIUM_ARGS } from './static-server.ts';
const srv = await serveStatic('/work/main/dist');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
async function shot(name, url, { w, h, js = true, fn } = {}) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, javaScriptEnabled: js });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(srv.url + url);
  await page.waitForTimeout(800);
  if (fn) await fn(page);
  await page.screenshot({ path: `/tmp/shot-${name}.png` });
  await ctx.close();
}
await shot('mobile-nojs', '/en/lessons/01-pods/', { w: 390, h: 844, js: false, fn: (p) => p.locator('.terminal-panel').scrollIntoViewIfNeeded() });
await shot('mobile-idle', '/en/lessons/01-pods/', { w: 390, h: 844, fn: async (p) => { await p.evaluate(() => { const el = document.querySelector('.terminal-panel'); scrollTo(0, el.getBoundingClientRect().top + scrollY - 300); }); } });
await shot('mobile-run', '/en/lessons/01-pods/', { w: 390, h: 844, fn: async (p) => { await p.locator('button[data-run]').first().click(); await p.waitForSelector('course-terminal[data-ready]'); await p.waitForTimeout(1500); } });
await shot('home', '/', { w: 1200, h: 800 });
await shot('wide-code', '/en/lessons/01-pods/', { w: 1400, h: 900, fn: async (p) => { await p.locator('button[data-apply]').first().scrollIntoViewIfNeeded(); await p.locator('button[data-apply]').first().focus(); await p.keyboard.press('Shift+Tab'); await p.keyboard.press('Tab'); } });
await browser.close(); await srv.close();
