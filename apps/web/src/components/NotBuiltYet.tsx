import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The honest body of a screen whose feature has not landed yet. No fake data. */
export function NotBuiltYet({
  children,
  title = 'Not built yet',
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
