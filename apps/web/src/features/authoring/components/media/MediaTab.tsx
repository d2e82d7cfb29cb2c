import type { ContentScope } from '@tenantry/shared';
import { Alert, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { SCOPE_READER_LABELS } from '#web/lib/content/scope-labels.ts';
import { useAuthorScopes } from '../../api/author-scopes.ts';
import { t } from '../../messages.ts';
import { MediaGrid } from './MediaGrid.tsx';
import { ImageUpload } from './ImageUpload.tsx';

export interface MediaTabProps {
  /** The id of an image to point out; the library shows either way. */
  focus: string | undefined;
  /** The URL of this tab, or of one image in it. */
  hrefFor: (focus?: string) => string;
}

/** Pick the scope of the images shown and uploaded, when there is more than one. */
export function ScopeSwitch({
  scopes,
  value,
  onChange,
}: {
  scopes: ContentScope[];
  value: ContentScope;
  onChange: (scope: ContentScope) => void;
}) {
  if (scopes.length < 2) return null;
  return (
    <SegmentedControl
      aria-label={t('media.scope.label')}
      value={value}
      onChange={(v) => onChange(v as ContentScope)}
      data={scopes.map((s) => ({ value: s, label: SCOPE_READER_LABELS[s] }))}
    />
  );
}

/**
 * Content admin, media: the images of content by scope (the account's own, and global ones for
 * system admins): upload through the cropper, copy an image's markdown, delete with a confirm.
 */
export function MediaTab({ focus }: MediaTabProps) {
  const scopes = useAuthorScopes();
  const [scope, setScope] = useState<ContentScope>(scopes[0] ?? 'private');

  if (scopes.length === 0) {
    return (
      <Alert variant="light" color="gray">
        {t('media.noAccount')}
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-start" gap="sm" mb="sm" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {t('media.upload.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {scope === 'global' ? t('media.upload.global') : t('media.upload.private')}
            </Text>
          </div>
          <ScopeSwitch scopes={scopes} value={scope} onChange={setScope} />
        </Group>
        <ImageUpload
          key={scope}
          scope={scope}
          onUploaded={() => notifications.show({ color: 'green', message: t('media.uploaded') })}
        />
      </Card>
      <section aria-labelledby="media-library-title">
        <Group gap="xs" mb="sm">
          <IconPhoto size={20} aria-hidden />
          <Title order={2} size="h4" id="media-library-title">
            {scope === 'global' ? t('media.library.global') : t('media.library.private')}
          </Title>
        </Group>
        <MediaGrid scope={scope} highlight={focus} />
      </section>
    </Stack>
  );
}
