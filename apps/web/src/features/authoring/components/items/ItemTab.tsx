import { Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import type { OpenImagePicker } from '#web/components/markdown/insert-image.ts';
import { ApiError } from '#web/lib/api.ts';
import type { ItemKind, ItemOf } from '#web/lib/content/content-kinds.ts';
import { useItem } from '../../api/items/get-item.ts';
import { t } from '../../messages.ts';
import { ItemList, type ItemListView } from './ItemList.tsx';

/** What the content-admin screen gives the playbooks and the articles tab. */
export interface ItemTabProps {
  /** The id of the item being edited; without it the list shows. */
  focus: string | undefined;
  /** The URL of this tab, or of one item in it. */
  hrefFor: (focus?: string) => string;
  /**
   * Lets the markdown editors insert images: the screen passes the image picker
   * (`useImagePicker().open`). Without it, images are not offered.
   */
  onInsertImage?: OpenImagePicker;
}

interface ItemEditorScreenProps<K extends ItemKind> {
  kind: K;
  id: string;
  listHref: string;
  editor: (item: ItemOf[K], listHref: string) => ReactNode;
}

function ItemEditorScreen<K extends ItemKind>({
  kind,
  id,
  listHref,
  editor,
}: ItemEditorScreenProps<K>) {
  const item = useItem(kind, id);
  if (item.isPending) {
    return (
      <Stack gap="sm" aria-label={t('item.loading', { kind })} aria-busy>
        <Skeleton height={36} width="60%" />
        <Skeleton height={180} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (item.isError) {
    const missing = item.error instanceof ApiError && item.error.status === 404;
    return (
      <ErrorAlert title={missing ? t('item.missing', { kind }) : t('item.loadFailed', { kind })}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{missing ? t('item.missing.body') : item.error.message}</Text>
          {missing ? null : (
            <Button size="xs" variant="light" onClick={() => void item.refetch()}>
              {t('item.retry')}
            </Button>
          )}
          <Anchor component={Link} to={listHref} size="sm">
            {t('item.all', { kind })}
          </Anchor>
        </Stack>
      </ErrorAlert>
    );
  }
  // A fresh editor per item: its form starts from that item.
  return <Fragment key={item.data.id}>{editor(item.data, listHref)}</Fragment>;
}

/** Content admin, playbooks or articles: the list, or the editor of the item in focus. */
export function ItemTab<K extends ItemKind>({
  kind,
  focus,
  hrefFor,
  view,
  editor,
}: Pick<ItemTabProps, 'focus' | 'hrefFor'> & {
  kind: K;
  view: ItemListView<K>;
  /** The kind's editor of a loaded item. */
  editor: (item: ItemOf[K], listHref: string) => ReactNode;
}) {
  if (focus) {
    return <ItemEditorScreen kind={kind} id={focus} listHref={hrefFor()} editor={editor} />;
  }
  return <ItemList kind={kind} view={view} hrefFor={hrefFor} />;
}
