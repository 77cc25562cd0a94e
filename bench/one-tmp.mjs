import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-dev-shm-usage'], logLevel: 'silent' });
for (const u of process.argv.slice(2)) {
const r = await lighthouse(u, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
const a = r.lhr.audits;
console.log(u, r.lhr.runtimeError?.code, r.lhr.categories.performance.score, a['cumulative-layout-shift'].numericValue, a['largest-contentful-paint'].numericValue, JSON.stringify(a['layout-shifts']?.details?.items?.map(i=>[i.node?.snippet?.slice(0,80), i.score])));
}
await chrome.kill();
