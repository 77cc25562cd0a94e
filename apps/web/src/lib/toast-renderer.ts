import type { ComponentType } from 'react';

type Renderer = { default: ComponentType<Record<string, unknown>> };

let loading: Promise<Renderer> | null = null;

/**
 * Mantine's toast renderer, fetched once. The driver screens ask for it right after their first paint, so a toast
 * raised offline (a stop kept on the phone) finds it there; a page that meets no network when its first toast comes
 * gets a renderer that draws nothing rather than an error that would take the whole screen down (issue 31).
 */
export function loadToastRenderer(): Promise<Renderer> {
  loading ??= import('@mantine/notifications')
    .then((module) => ({ default: module.Notifications as unknown as ComponentType<Record<string, unknown>> }))
    .catch(() => {
      loading = null;
      return { default: () => null };
    });
  return loading;
}
