import {
  FEEDBACK_HANDLED_FILTERS,
  FEEDBACK_RATING_LABELS,
  FEEDBACK_RATINGS,
  type FeedbackHandledFilter,
  type FeedbackItem,
} from '@tenantry/shared';
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
  HANDLED_FILTER_LABELS,
  RATING_COLORS,
  isRating,
  ratingLabel,
  readFeedbackFilters,
  versionLabel,
  writeFeedbackFilters,
} from '../lib/feedback-filters.ts';
import { RoadmapItemModal } from './RoadmapItemModal.tsx';
import { TicketModal } from './TicketModal.tsx';

function RatingBadge({ rating }: { rating: number }) {
  return (
    <Group gap={6} wrap="nowrap" aria-label={`Rating ${ratingLabel(rating)}`} role="img">
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
        {isRating(rating) ? FEEDBACK_RATING_LABELS[rating] : ''}
      </Text>
    </Group>
  );
}

function Comment({ item }: { item: FeedbackItem }) {
  if (!item.comment) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        No comment
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
          Deleted user
        </Text>
      )}
      {item.account ? (
        <NameText name={item.account.name} size="xs" c="dimmed" />
      ) : item.user ? (
        <Text size="xs" c="dimmed">
          Shared access
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
      title="Show only feedback from this page"
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
          notifications.show({ color: 'red', title: 'Not changed', message: err.message }),
      },
    );
  return (
    <Stack gap={4} align="flex-start">
      {handled ? (
        <Text size="xs" c="dimmed">
          Handled{item.handledBy ? ` by ${item.handledBy.name}` : ''}
          {item.handledAt ? ` · ${formatDateTime(item.handledAt)}` : ''}
        </Text>
      ) : (
        <Badge color="blue" variant="light" size="sm">
          Not handled
        </Badge>
      )}
      <Button
        size="compact-xs"
        variant={handled ? 'subtle' : 'light'}
        loading={setHandled.isPending}
        onClick={toggle}
        aria-label={`${handled ? 'Mark not handled' : 'Mark handled'}: feedback of ${formatDateTime(item.createdAt)}`}
      >
        {handled ? 'Mark not handled' : 'Mark handled'}
      </Button>
      {item.ticketId ? (
        <Anchor
          component={Link}
          to={`/service/support/${encodeURIComponent(item.ticketId)}`}
          size="xs"
        >
          Its ticket
        </Anchor>
      ) : item.account && item.user ? (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => onTicket(item)}
          aria-label={`Ticket…: feedback of ${formatDateTime(item.createdAt)}`}
        >
          Ticket…
        </Button>
      ) : null}
      {item.roadmapItemId ? (
        <Badge color="grape" variant="light" size="sm">
          On the roadmap
        </Badge>
      ) : (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => onRoadmap(item)}
          aria-label={`Roadmap item…: feedback of ${formatDateTime(item.createdAt)}`}
        >
          Roadmap item…
        </Button>
      )}
    </Stack>
  );
}

const RATING_OPTIONS = [
  { value: '', label: 'All ratings' },
  ...FEEDBACK_RATINGS.map((n) => ({ value: String(n), label: ratingLabel(n) })),
];
const HANDLED_OPTIONS = FEEDBACK_HANDLED_FILTERS.map((f) => ({
  value: f,
  label: HANDLED_FILTER_LABELS[f],
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
        {openCount === undefined
          ? 'What people tell us through the feedback button.'
          : openCount === 1
            ? '1 feedback not handled yet.'
            : `${openCount} feedback not handled yet.`}
      </Text>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          label="Page"
          placeholder="/tenant/…"
          type="search"
          value={page}
          onChange={(e) => setPage(e.currentTarget.value)}
          error={pageInvalid ? 'A page path starts with /.' : undefined}
          flex="1 1 240px"
          maxLength={500}
        />
        <Select
          label="Rating"
          data={RATING_OPTIONS}
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
          label="Handled"
          data={HANDLED_OPTIONS}
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
        noun="feedback"
        empty={
          <Text c="dimmed" role="status">
            {filtered ? 'No feedback matches.' : 'No feedback yet.'}
          </Text>
        }
      >
        <TableOrCards
          label="Feedback"
          items={items}
          minWidth={1000}
          head={
            <>
              <Table.Th>When</Table.Th>
              <Table.Th>Rating</Table.Th>
              <Table.Th>Comment</Table.Th>
              <Table.Th>Page</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Handled</Table.Th>
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
                Version {versionLabel(item.appVersion)}
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
