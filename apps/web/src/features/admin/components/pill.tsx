import classes from './admin.module.css';

/** A small state label (Online, Offline, Live…) at readable contrast. */
export function Pill({ tone, children }: { tone: 'on' | 'off' | 'alert'; children: string }) {
  const toneClass = tone === 'on' ? classes.pillOn : tone === 'alert' ? classes.pillAlert : classes.pillOff;
  return <span className={`${classes.pill} ${toneClass}`}>{children}</span>;
}
