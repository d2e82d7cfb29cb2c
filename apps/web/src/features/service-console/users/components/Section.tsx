import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled part of a user's page (a landmark named by its title). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
