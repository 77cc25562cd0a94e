import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while a page's code loads. */
export function PageLoader() {
  return (
    <Center mih="40vh" role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>Loading page…</VisuallyHidden>
    </Center>
  );
}
