import { Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import { t } from '../messages.ts';

/**
 * The signed-in shell's outline (header, navigation, a page), painted at once while
 * /api/v1/me and the shell's chunk load, when this browser was signed in last time: the page
 * takes its shape on the first paint instead of after the second round of requests. The same
 * geometry as MainLayout's AppShell (56 px header, 220 px navigation from `sm`), so nothing
 * moves when the real shell replaces it. Nothing in it depends on who is signed in.
 */
export function ShellSkeleton() {
  return (
    <Box role="status" aria-label={t('shell.loading')} aria-busy>
      <Box
        component="header"
        h={56}
        px="md"
        style={{
          position: 'fixed',
          inset: '0 0 auto 0',
          display: 'flex',
          alignItems: 'center',
          borderBottom: '1px solid var(--mantine-color-default-border)',
          background: 'var(--mantine-color-body)',
          zIndex: 100,
        }}
      >
        <Group justify="space-between" w="100%" wrap="nowrap">
          <Text fw={700} size="lg">
            Tenantry
          </Text>
          <Skeleton circle height={28} width={28} />
        </Group>
      </Box>
      <Box
        visibleFrom="sm"
        p="sm"
        w={220}
        style={{
          position: 'fixed',
          top: 56,
          bottom: 0,
          left: 0,
          borderRight: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Stack gap="md" pt="xs">
          {[70, 55, 80, 60, 65].map((w) => (
            <Skeleton key={w} height={14} width={`${w}%`} />
          ))}
        </Stack>
      </Box>
      <Box pt={56 + 24} px={{ base: 'sm', sm: 'lg' }} ml={{ base: 0, sm: 220 }}>
        <Stack gap="lg">
          <Skeleton height={28} width="40%" />
          <Skeleton height={16} width="60%" />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
