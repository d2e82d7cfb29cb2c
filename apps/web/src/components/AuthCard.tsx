import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from './use-document-title.ts';
import { t } from './messages.ts';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** A centered card for the pages outside the main shell (sign-in and friends). */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <Center component="main" mih="100dvh" px="md" py="xl">
      <Box w="100%" maw={420}>
        <Anchor
          component={Link}
          to="/"
          underline="never"
          c="inherit"
          aria-label={t('authCard.home')}
        >
          <Text fw={700} size="xl" ta="center" mb="md">
            Tenantry
          </Text>
        </Anchor>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {title}
              </Title>
              {description ? (
                <Text c="dimmed" size="sm">
                  {description}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer ? (
          <Stack gap={4} mt="md" align="center">
            {footer}
          </Stack>
        ) : null}
      </Box>
    </Center>
  );
}
