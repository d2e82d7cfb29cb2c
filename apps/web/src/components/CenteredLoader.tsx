import { Center, Loader } from '@mantine/core';

/** Shown while the current user or a route chunk loads: never a flash of the wrong page. */
export function CenteredLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-label={label}>
      <Loader />
    </Center>
  );
}
