import type { ClientBrand } from '@tenantry/shared';
import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { DEFAULT_BRAND_COLOR } from '../lib/brand-preview.ts';
import { t } from '../messages.ts';

type PreviewBrand = ClientBrand & { footer: string | null; replyTo: string | null };

function Frame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={6} role="region" aria-label={t('preview.frame', { label })}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {/* Client pages and e-mails are light whatever this app's scheme: inline colours win over
          the dark scheme's Paper background, so the preview's grey text keeps its contrast. */}
      <Paper
        withBorder
        radius="md"
        style={{
          overflow: 'hidden',
          backgroundColor: '#fff',
          color: '#212529',
          colorScheme: 'light',
        }}
      >
        {children}
      </Paper>
    </Stack>
  );
}

function Logo({ brand, center }: { brand: PreviewBrand; center?: boolean }) {
  if (!brand.logoUrl) return null;
  return (
    <img
      src={brand.logoUrl}
      alt={t('preview.logo', { name: brand.name })}
      style={{
        height: 32,
        width: 'auto',
        maxWidth: '10rem',
        objectFit: 'contain',
        display: 'block',
        margin: center ? '0 auto 6px' : '0 0 6px',
      }}
    />
  );
}

// i18n-ignore: CSS
const topBorder = (color: string) => `4px solid ${color}`;

const button = (color: string): CSSProperties => ({
  display: 'inline-block',
  background: color,
  color: '#fff',
  borderRadius: 6,
  padding: '6px 12px',
  fontSize: 13,
  fontWeight: 600,
});

/**
 * How the account's clients will see the brand, as it is being edited (admin/general): the
 * respondent page's header, the shared sign-in page and an invitation e-mail. Drawn here with
 * the same colours, name and logo the real pages take (docs/branding.md), not the pages.
 */
export function BrandPreview({ brand }: { brand: PreviewBrand }) {
  const color = brand.color ?? DEFAULT_BRAND_COLOR;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Frame label={t('preview.page.label')}>
        <Box p="sm" style={{ borderTop: topBorder(brand.color ?? 'transparent') }}>
          <Logo brand={brand} />
          <Text size="xs" c="#495057">
            {t('preview.page.for', { name: brand.name })}
          </Text>
          <Title order={3} size="h5" my={4}>
            {t('preview.page.title')}
          </Title>
          <Text size="xs" c="#495057" mb="xs">
            {t('preview.page.answering')}
          </Text>
          <span style={button(color)}>{t('preview.page.submit')}</span>
        </Box>
      </Frame>
      <Frame label={t('preview.signIn.label')}>
        <Box p="sm" ta="center" bg="#f8f9fa">
          <Logo brand={brand} center />
          <Text fw={700} size="sm">
            {brand.name}
          </Text>
          <Paper
            mt="xs"
            p="xs"
            radius="sm"
            ta="left"
            withBorder
            style={{
              borderTop: topBorder(brand.color ?? '#adb5bd'),
              backgroundColor: '#fff',
              color: '#212529',
            }}
          >
            <Text fw={600} size="sm">
              {t('preview.signIn.title')}
            </Text>
            <Text size="xs" c="#495057" mb="xs">
              {t('preview.signIn.shared', { name: brand.name })}
            </Text>
            <span style={{ ...button(color), display: 'block', textAlign: 'center' }}>
              {t('preview.signIn.send')}
            </span>
          </Paper>
        </Box>
      </Frame>
      <Frame label={t('preview.email.label')}>
        <Box p="sm">
          <Text size="xs" c="#495057">
            {t('preview.email.from', { name: brand.name })}
          </Text>
          {brand.replyTo ? (
            <Text size="xs" c="#495057">
              {t('preview.email.replyTo', { address: brand.replyTo })}
            </Text>
          ) : null}
          <Box my="xs" style={{ borderTop: '1px solid #dee2e6' }} />
          <Logo brand={brand} />
          <Text size="xs" mb={6}>
            {t('preview.email.body', { name: brand.name })}
          </Text>
          <span style={button(color)}>{t('preview.email.answer')}</span>
          <Text size="xs" mt={6}>
            — {brand.name}
          </Text>
          {brand.footer ? (
            <Text size="xs" c="#495057" mt={6} style={{ whiteSpace: 'pre-line' }}>
              {brand.footer}
            </Text>
          ) : null}
        </Box>
      </Frame>
    </SimpleGrid>
  );
}
