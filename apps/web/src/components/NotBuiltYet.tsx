import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { t } from './messages.ts';

/**
 * The honest body of a screen whose feature has not landed yet: what the person will be able
 * to do here, in their words (never the name of the code that will bring it). No fake data.
 */
export function NotBuiltYet({
  children,
  title = t('notBuiltYet.title'),
}: {
  children: ReactNode;
  title?: string;
}) {
  return (
    <Alert variant="light" color="gray" title={title} icon={<IconTools size={18} aria-hidden />}>
      {children}
    </Alert>
  );
}

/** A tab segment in the URL that the screen does not have. */
export function NoSuchSection() {
  return (
    <Alert variant="light" color="gray" title={t('noSuchSection.title')}>
      {t('noSuchSection.body')}
    </Alert>
  );
}
