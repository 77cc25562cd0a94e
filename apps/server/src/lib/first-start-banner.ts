import type { FirstStart } from '../bootstrap.ts';

/**
 * The block a first start prints once, as plain text apart from the JSON log (issue 10): where the site is, the
 * admin's sign-in and the demo data to try, so a newcomer does not have to dig them out of the log lines.
 */
export function firstStartBanner(firstStart: FirstStart, origin: string): string | null {
  if (!firstStart.admin && !firstStart.demo) return null;
  const lines = [`Cargo tracking is running at ${origin}`];
  if (firstStart.admin) {
    lines.push('', `Admin sign-in at ${origin}/admin`, `  email     ${firstStart.admin.email}`);
    lines.push(firstStart.admin.password ? `  password  ${firstStart.admin.password}   (shown once; change it with npm run admin -- reset)` : '  password  the one in ADMIN_PASSWORD');
  }
  if (firstStart.demo) {
    lines.push('', `Demo data: track ${firstStart.demo.trackingNumber} at ${origin}/?track=${encodeURIComponent(firstStart.demo.trackingNumber)}`);
    lines.push(`Demo drivers, sign in at ${origin}/driver-portal (phone / PIN):`);
    const width = Math.max(...firstStart.demo.drivers.map((d) => d.name.length));
    for (const d of firstStart.demo.drivers) lines.push(`  ${d.name.padEnd(width)}  ${d.phone} / ${d.pin}`);
  }
  const rule = '-'.repeat(Math.min(100, Math.max(...lines.map((l) => l.length)) + 2));
  return `\n${rule}\n${lines.map((l) => ` ${l}`).join('\n')}\n${rule}\n\n`;
}
