import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { NAME_WRAP } from './NameText.tsx';
import { useDocumentTitle } from './use-document-title.ts';

interface PageHeaderProps {
  /** The screen title: the page's one h1 and the document title. */
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/**
 * The title of a screen. A title may be a name (a client tenant's): it wraps anywhere and is
 * cut after three lines, whole on hover, so the actions stay on screen.
 */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="sm">
      <Stack gap={4} miw={0} flex="1 1 260px">
        <Title order={1} size="h2" lineClamp={3} title={title} style={NAME_WRAP}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm" component="div" style={NAME_WRAP}>
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions}
    </Group>
  );
}
