import type { ContentScope } from '@tenantry/shared';
import {
  AspectRatio,
  Button,
  Card,
  CopyButton,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { useDeleteMedia } from '../../api/media/delete-media.ts';
import { useMediaList, type ContentMedia } from '../../api/media/list-media.ts';
import { formatBytes, imageMarkdown } from '../../lib/media/content-image.ts';
import { t } from '../../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

function describe(m: ContentMedia): string {
  const dims = m.width && m.height ? `${m.width} × ${m.height}` : null;
  return [dims, formatBytes(m.bytes)].filter(Boolean).join(' · ');
}

function DeleteImageModal({ media, onClose }: { media: ContentMedia | null; onClose: () => void }) {
  const remove = useDeleteMedia();
  async function confirm() {
    if (!media) return;
    try {
      await remove.mutateAsync({ id: media.id, scope: media.scope });
      notifications.show({ color: 'green', message: t('grid.deleted') });
      onClose();
    } catch (err) {
      notifications.show({
        color: 'red',
        message: err instanceof Error ? err.message : t('grid.failed'),
      });
    }
  }
  return (
    <Modal opened={media !== null} onClose={onClose} title={t('grid.delete.title')}>
      <Stack>
        {media ? <Image src={media.url} alt="" mah={160} fit="contain" radius="sm" /> : null}
        <Text size="sm">{t('grid.delete.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('grid.delete.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            {t('grid.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface MediaGridProps {
  scope: ContentScope;
  /** Pick mode: each image has an "Insert" button instead of copy and delete. */
  onPick?: (media: ContentMedia) => void;
  /** An image to point out (the tab's focus). */
  highlight?: string;
  /** What the empty library offers (e.g. the picker's "Upload new"). */
  emptyAction?: ReactNode;
}

/** The images of one scope as a grid of cards, newest first. */
export function MediaGrid({ scope, onPick, highlight, emptyAction }: MediaGridProps) {
  const list = useMediaList(scope);
  const [deleting, setDeleting] = useState<ContentMedia | null>(null);

  if (list.isPending) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} aria-label={t('grid.loading')} aria-busy>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={150} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (list.isError) {
    const forbidden = list.error instanceof ApiError && list.error.status === 403;
    return (
      <ErrorAlert title={t('grid.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{forbidden ? t('grid.forbidden') : list.error.message}</Text>
          {forbidden ? null : (
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              {t('grid.retry')}
            </Button>
          )}
        </Stack>
      </ErrorAlert>
    );
  }
  const items = list.data;
  if (items.length === 0) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="xs" ta="center">
          <IconPhotoOff size={36} aria-hidden />
          <Text fw={500}>{t('grid.empty.title')}</Text>
          <Text size="sm" c="dimmed" maw={380}>
            {t('grid.empty.body')}
          </Text>
          {emptyAction}
        </Stack>
      </Card>
    );
  }
  return (
    <>
      <SimpleGrid
        cols={{ base: 2, sm: 3, md: 4 }}
        spacing="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('grid.label')}
      >
        {items.map((m) => (
          <Card
            key={m.id}
            component="li"
            withBorder
            padding="xs"
            radius="md"
            // Images have no file name: each card is named by when it was uploaded and its size.
            aria-label={t('grid.card.label', {
              date: formatDateTime(m.createdAt),
              details: describe(m),
            })}
            style={
              highlight === m.id
                ? { outline: '2px solid var(--mantine-primary-color-filled)' }
                : undefined
            }
          >
            <Card.Section>
              <AspectRatio ratio={4 / 3} bg="var(--mantine-color-default-hover)">
                <Image src={m.url} alt="" fit="contain" loading="lazy" />
              </AspectRatio>
            </Card.Section>
            <Text size="sm" fw={500} mt={6} lineClamp={1}>
              {rich(
                t,
                'grid.card.title',
                {},
                { date: <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time> },
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {describe(m)}
            </Text>
            {onPick ? (
              <Button size="compact-sm" mt={6} fullWidth onClick={() => onPick(m)}>
                {t('grid.insert')}
              </Button>
            ) : (
              <Group gap={4} mt={6} wrap="nowrap">
                <CopyButton value={imageMarkdown(m.url)}>
                  {({ copied, copy }) => (
                    <Button
                      size="compact-xs"
                      variant="light"
                      color={copied ? 'teal' : undefined}
                      leftSection={
                        copied ? (
                          <IconCheck size={14} aria-hidden />
                        ) : (
                          <IconCopy size={14} aria-hidden />
                        )
                      }
                      onClick={copy}
                      flex={1}
                    >
                      {copied ? t('grid.copied') : t('grid.copy')}
                    </Button>
                  )}
                </CopyButton>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={t('grid.delete.label', {
                    date: formatDate(m.createdAt),
                    details: describe(m),
                  })}
                  onClick={() => setDeleting(m)}
                >
                  <IconTrash size={14} aria-hidden />
                </Button>
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <DeleteImageModal media={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
