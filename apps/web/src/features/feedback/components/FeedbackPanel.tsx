import {
  FEEDBACK_HANDLED_FILTERS,
  FEEDBACK_RATINGS,
  type FeedbackHandledFilter,
  type FeedbackItem,
} from '@tenantry/shared';
import { feedbackRatingLabel } from '#web/lib/labels.ts';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useFeedbackList } from '../api/list-feedback.ts';
import { useSetFeedbackHandled } from '../api/update-feedback.ts';
import {
  handledFilterLabel,
  RATING_COLORS,
  isRating,
  ratingLabel,
  readFeedbackFilters,
  versionLabel,
  writeFeedbackFilters,
} from '../lib/feedback-filters.ts';
import { t } from '../messages.ts';
import { RoadmapItemModal } from './RoadmapItemModal.tsx';
import { TicketModal } from './TicketModal.tsx';

function RatingBadge({ rating }: { rating: number }) {
  return (
    <Group
      gap={6}
      wrap="nowrap"
      aria-label={t('item.rating', { rating: ratingLabel(rating) })}
      role="img"
    >
      <Badge
        color={isRating(rating) ? RATING_COLORS[rating] : 'gray'}
        variant="filled"
        size="md"
        circle
        aria-hidden
      >
        {rating}
      </Badge>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} aria-hidden>
        {isRating(rating) ? feedbackRatingLabel(rating) : ''}
      </Text>
    </Group>
  );
}

function Comment({ item }: { item: FeedbackItem }) {
  if (!item.comment) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('item.noComment')}
      </Text>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} maw={420}>
      {item.comment}
    </Text>
  );
}

function Sender({ item }: { item: FeedbackItem }) {
  return (
    <Stack gap={0} miw={0}>
      {item.user ? (
        <>
          <NameText name={item.user.name} size="sm" fw={500} />
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.user.email}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('item.deletedUser')}
        </Text>
      )}
      {item.account ? (
        <NameText name={item.account.name} size="xs" c="dimmed" />
      ) : item.user ? (
        <Text size="xs" c="dimmed">
          {t('item.sharedAccess')}
        </Text>
      ) : null}
    </Stack>
  );
}

function PageLink({ path, onPick }: { path: string; onPick: (path: string) => void }) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ta="left"
      style={{ overflowWrap: 'anywhere', fontFamily: 'var(--mantine-font-family-monospace)' }}
      title={t('item.pickPage')}
      onClick={() => onPick(path)}
    >
      {path}
    </Anchor>
  );
}

function HandledCell({
  item,
  onRoadmap,
  onTicket,
}: {
  item: FeedbackItem;
  onRoadmap: (item: FeedbackItem) => void;
  onTicket: (item: FeedbackItem) => void;
}) {
  const setHandled = useSetFeedbackHandled();
  const handled = item.handledAt !== null;
  const toggle = () =>
    setHandled.mutate(
      { id: item.id, handled: !handled },
      {
        onError: (err) =>
          notifications.show({ color: 'red', title: t('item.notChanged'), message: err.message }),
      },
    );
  return (
    <Stack gap={4} align="flex-start">
      {handled ? (
        <Text size="xs" c="dimmed">
          {item.handledBy ? t('item.handledBy', { name: item.handledBy.name }) : t('item.handled')}
          {item.handledAt ? ` · ${formatDateTime(item.handledAt)}` : ''}
        </Text>
      ) : (
        <Badge color="blue" variant="light" size="sm">
          {t('item.notHandled')}
        </Badge>
      )}
      <Button
        size="compact-xs"
        variant={handled ? 'subtle' : 'light'}
        loading={setHandled.isPending}
        onClick={toggle}
        aria-label={t(handled ? 'item.markNotHandled.label' : 'item.markHandled.label', {
          date: formatDateTime(item.createdAt),
        })}
      >
        {handled ? t('item.markNotHandled') : t('item.markHandled')}
      </Button>
      {item.ticketId ? (
        <Anchor
          component={Link}
          to={`/service/support/${encodeURIComponent(item.ticketId)}`}
          size="xs"
        >
          {t('item.ticket')}
        </Anchor>
      ) : item.account && item.user ? (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => onTicket(item)}
          aria-label={t('item.toTicket.label', { date: formatDateTime(item.createdAt) })}
        >
          {t('item.toTicket')}
        </Button>
      ) : null}
      {item.roadmapItemId ? (
        <Badge color="grape" variant="light" size="sm">
          {t('item.onRoadmap')}
        </Badge>
      ) : (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => onRoadmap(item)}
          aria-label={t('item.toRoadmap.label', { date: formatDateTime(item.createdAt) })}
        >
          {t('item.toRoadmap')}
        </Button>
      )}
    </Stack>
  );
}

const ratingOptions = () => [
  { value: '', label: t('filters.rating.all') },
  ...FEEDBACK_RATINGS.map((n) => ({ value: String(n), label: ratingLabel(n) })),
];
const handledOptions = () =>
  FEEDBACK_HANDLED_FILTERS.map((f) => ({
    value: f,
    label: handledFilterLabel(f),
  }));

/**
 * service/feedback: all feedback for system admins, newest first — rating, comment, page,
 * version, who and when; filters by page, rating and handled kept in the URL; "Mark handled";
 * "Ticket…" opens a support ticket in the sender's name, "Roadmap item…" puts it on the roadmap.
 */
export function FeedbackPanel() {
  const [params, setParams] = useSearchParams();
  const filters = readFeedbackFilters(params);
  const list = useFeedbackList(filters);
  const [page, setPage] = useState(filters.page);
  const [toRoadmap, setToRoadmap] = useState<FeedbackItem | null>(null);
  const [toTicket, setToTicket] = useState<FeedbackItem | null>(null);
  const [debounced] = useDebouncedValue(page.trim(), 400);

  // The page box writes the URL once typing pauses (replacing the entry); a page the URL brings
  // (back, a link, a click on a page in the list) fills the box.
  const inUrl = useRef(filters.page);
  useEffect(() => {
    if (debounced === inUrl.current) return;
    if (debounced !== '' && !debounced.startsWith('/')) return;
    inUrl.current = debounced;
    setParams((prev) => writeFeedbackFilters(prev, { page: debounced }), { replace: true });
  }, [debounced, setParams]);
  useEffect(() => {
    if (filters.page === inUrl.current) return;
    inUrl.current = filters.page;
    setPage(filters.page);
  }, [filters.page]);

  const pickPage = (path: string) => setParams(writeFeedbackFilters(params, { page: path }));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const openCount = list.data?.pages[0]?.openCount;
  const filtered = filters.page !== '' || filters.rating !== null || filters.handled !== 'all';
  const pageInvalid = page.trim() !== '' && !page.trim().startsWith('/');

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" role="status">
        {openCount === undefined ? t('list.intro') : t('list.openCount', { count: openCount })}
      </Text>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          label={t('filters.page.label')}
          placeholder={t('filters.page.placeholder')}
          type="search"
          value={page}
          onChange={(e) => setPage(e.currentTarget.value)}
          error={pageInvalid ? t('filters.page.invalid') : undefined}
          flex="1 1 240px"
          maxLength={500}
        />
        <Select
          label={t('filters.rating.label')}
          data={ratingOptions()}
          value={filters.rating === null ? '' : String(filters.rating)}
          onChange={(v) => {
            const n = Number(v);
            setParams(writeFeedbackFilters(params, { rating: isRating(n) ? n : null }), {
              replace: true,
            });
          }}
          allowDeselect={false}
          flex="0 1 180px"
        />
        <Select
          label={t('filters.handled.label')}
          data={handledOptions()}
          value={filters.handled}
          onChange={(v) =>
            setParams(
              writeFeedbackFilters(params, { handled: (v ?? 'all') as FeedbackHandledFilter }),
              { replace: true },
            )
          }
          allowDeselect={false}
          flex="0 1 160px"
        />
      </Group>

      <PagedList
        query={list}
        count={items.length}
        noun={t('list.noun')}
        empty={
          <Text c="dimmed" role="status">
            {filtered ? t('list.empty.filtered') : t('list.empty.none')}
          </Text>
        }
      >
        <TableOrCards
          label={t('list.label')}
          items={items}
          minWidth={1000}
          head={
            <>
              <Table.Th>{t('list.column.when')}</Table.Th>
              <Table.Th>{t('list.column.rating')}</Table.Th>
              <Table.Th>{t('list.column.comment')}</Table.Th>
              <Table.Th>{t('list.column.page')}</Table.Th>
              <Table.Th>{t('list.column.version')}</Table.Th>
              <Table.Th>{t('list.column.who')}</Table.Th>
              <Table.Th>{t('list.column.handled')}</Table.Th>
            </>
          }
          row={(item) => (
            <>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </Text>
              </Table.Td>
              <Table.Td>
                <RatingBadge rating={item.rating} />
              </Table.Td>
              <Table.Td>
                <Comment item={item} />
              </Table.Td>
              <Table.Td>
                <PageLink path={item.pagePath} onPick={pickPage} />
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed" title={item.appVersion}>
                  {versionLabel(item.appVersion)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Sender item={item} />
              </Table.Td>
              <Table.Td>
                <HandledCell item={item} onRoadmap={setToRoadmap} onTicket={setToTicket} />
              </Table.Td>
            </>
          )}
          card={(item) => (
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <RatingBadge rating={item.rating} />
                <Text size="xs" c="dimmed">
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </Text>
              </Group>
              <Comment item={item} />
              <PageLink path={item.pagePath} onPick={pickPage} />
              <Text size="xs" c="dimmed" title={item.appVersion}>
                {t('item.version', { version: versionLabel(item.appVersion) })}
              </Text>
              <Sender item={item} />
              <HandledCell item={item} onRoadmap={setToRoadmap} onTicket={setToTicket} />
            </Stack>
          )}
        />
      </PagedList>
      <RoadmapItemModal item={toRoadmap} onClose={() => setToRoadmap(null)} />
      <TicketModal item={toTicket} onClose={() => setToTicket(null)} />
    </Stack>
  );
}
