import { Center, Loader } from '@mantine/core';
import { t } from './messages.ts';

/** Shown while the current user or a route chunk loads: never a flash of the wrong page. */
export function CenteredLoader({ label = t('loader.label') }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-label={label}>
      <Loader />
    </Center>
  );
}
