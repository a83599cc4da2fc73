// Renders the app icons from one SVG with Chromium (no image tooling needed on the machine).
// Run once after changing the logo: node scripts/make-icons.mjs — the PNGs are committed.
import { chromium } from 'playwright-core';

const mark = (size, pad) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${pad ? 0 : 14}" fill="#15803d"/>
  <g transform="translate(${pad ? 12.8 : 0} ${pad ? 12.8 : 0}) scale(${pad ? 0.6 : 1})">
    <path d="M18 34l9 9 19-22" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`;

const icons = [
  { file: 'public/icons/icon-192.png', size: 192, maskable: false },
  { file: 'public/icons/icon-512.png', size: 512, maskable: false },
  { file: 'public/icons/maskable-512.png', size: 512, maskable: true },
  { file: 'public/icons/apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${mark(icon.size, icon.maskable)}</body></html>`,
  );
  await page.screenshot({ path: icon.file, omitBackground: true });
  await page.close();
  console.log(icon.file);
}
await browser.close();
