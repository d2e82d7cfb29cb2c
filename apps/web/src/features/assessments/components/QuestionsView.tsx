import type { AssessmentDetail, Section } from '@tenantry/shared';
import { Alert, Box, Button, Chip, Drawer, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGitMerge, IconListTree } from '@tabler/icons-react';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useSearchParams } from 'react-router';
import type { AnswerWriter } from '../api/save-answer.ts';
import { hasModifier, isTypingTarget, navigationKey } from '../lib/keyboard.ts';
import {
  QUESTION_FILTERS,
  QUESTION_FILTER_LABELS,
  answerState,
  answersByKey,
  filterCounts,
  isQuestionFilter,
  matchesFilter,
  questionOrder,
  resolveCurrent,
  stepQuestion,
  type QuestionFilter,
} from '../lib/questions.ts';
import { carriedViews, toConfirmBySection, toConfirmKeys } from '../lib/carried.ts';
import { buildSectionTree, sectionPath } from '../lib/section-tree.ts';
import { QuestionPanel, type AnswerExtrasContext } from './QuestionPanel.tsx';
import { SectionConfirm } from './SectionConfirm.tsx';
import { SectionTree } from './SectionTree.tsx';
import { t } from '../messages.ts';

function sectionTitles(sections: readonly Section[], into = new Map<string, string>()) {
  for (const s of sections) {
    into.set(s.key, s.title);
    sectionTitles(s.sections, into);
  }
  return into;
}

export interface QuestionsViewProps {
  tenantId: string;
  detail: AssessmentDetail;
  writer: AnswerWriter;
  /** Why answers cannot change (completed, read-only access); null when they can. */
  readOnly: ReactNode | null;
  playbookHref: (key: string) => string;
  now: number;
  /** More of each answer from other features (its evidence). */
  answerExtras?: ((ctx: AnswerExtrasContext) => ReactNode) | undefined;
}

function FilterControl({
  value,
  counts,
  onChange,
}: {
  value: QuestionFilter;
  counts: Record<QuestionFilter, number>;
  onChange: (f: QuestionFilter) => void;
}) {
  const label = useId();
  const name = useId();
  // Chips that wrap: five filters with their counts do not fit one row of the side column.
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" id={label} mb={4}>
        {t('questions.filter.show')}
      </Text>
      <Chip.Group value={value} onChange={(v) => onChange(v as QuestionFilter)}>
        <Group gap={6} role="radiogroup" aria-labelledby={label}>
          {QUESTION_FILTERS.filter(
            // "To review" only while a carry-forward left questions to review; "To confirm"
            // only while answers carried from last period wait.
            (f) => (f !== 'review' || counts.review > 0) && (f !== 'confirm' || counts.confirm > 0),
          ).map((f) => (
            <Chip key={f} value={f} name={name} size="xs" icon={null}>
              {QUESTION_FILTER_LABELS[f]} {counts[f]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}

/**
 * The questions of an assessment: the section tree (a drawer on a phone) and the question in
 * view (`?q=`), a filter (all, unanswered, gaps, N/A, to review after a carry-forward),
 * Previous/Next, j/k and the arrows.
 */
export function QuestionsView({
  tenantId,
  detail,
  writer,
  readOnly,
  playbookHref,
  now,
  answerExtras,
}: QuestionsViewProps) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('q');
  const filterParam = params.get('show');
  const wanted: QuestionFilter = isQuestionFilter(filterParam) ? filterParam : 'all';
  // Nothing left to review (the last one reviewed, or the carry-forward undone): all again.
  const filter: QuestionFilter = wanted === 'review' && detail.review.length === 0 ? 'all' : wanted;
  const [drawer, setDrawer] = useState(false);
  const conflicts = useSyncExternalStore(writer.conflicts.subscribe, writer.conflicts.snapshot);

  const doc = detail.document;
  const order = useMemo(() => questionOrder(doc), [doc]);
  const titles = useMemo(() => sectionTitles(doc.sections), [doc]);
  const answers = useMemo(() => answersByKey(detail.answers), [detail.answers]);
  const gaps = useMemo(() => new Set(detail.progress.gaps), [detail.progress.gaps]);
  const review = useMemo(() => new Set(detail.review), [detail.review]);
  const carried = useMemo(
    () => carriedViews(detail.carried.answers, answers),
    [detail.carried.answers, answers],
  );
  const toConfirm = useMemo(() => toConfirmKeys(carried), [carried]);
  const keep = useCallback(
    (key: string) =>
      matchesFilter(answerState(key, answers, gaps), filter, review.has(key), toConfirm.has(key)),
    [answers, gaps, review, toConfirm, filter],
  );
  const current = resolveCurrent(order, requested, keep);
  const entry = order.find((e) => e.question.key === current) ?? null;
  const counts = useMemo(
    () => filterCounts(order, answers, gaps, review, toConfirm),
    [order, answers, gaps, review, toConfirm],
  );
  const confirmBySection = useMemo(() => toConfirmBySection(order, toConfirm), [order, toConfirm]);

  const setQuery = useCallback(
    (patch: Record<string, string | null>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // The question in view stays in the URL (a section named there becomes its first question).
  useEffect(() => {
    if (current && current !== requested) setQuery({ q: current });
  }, [current, requested, setQuery]);
  useEffect(() => {
    if (wanted !== filter) setQuery({ show: null });
  }, [wanted, filter, setQuery]);

  // Sections open: those above the question in view, and those opened by hand (a section
  // closed by hand stays closed until a question in it is chosen).
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const expanded = useMemo(() => {
    const open = new Set<string>();
    for (const k of current ? (sectionPath(doc.sections, current) ?? []) : []) {
      if (toggled.get(k) !== false) open.add(k);
    }
    for (const [k, v] of toggled) if (v) open.add(k);
    return open;
  }, [current, doc, toggled]);

  const go = useCallback(
    (key: string | null) => {
      if (!key) return;
      const path = sectionPath(doc.sections, key) ?? [];
      setToggled((t) => {
        if (!path.some((k) => t.get(k) === false)) return t;
        const n = new Map(t);
        for (const k of path) n.delete(k);
        return n;
      });
      setQuery({ q: key });
    },
    [doc, setQuery],
  );
  const previous = current ? stepQuestion(order, current, -1, keep) : null;
  const next = current ? stepQuestion(order, current, 1, keep) : null;

  // The question in view in the tree, and its panel on screen.
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!current) return;
    document.querySelector(`[data-question="${current}"]`)?.scrollIntoView({ block: 'nearest' });
    const top = panelRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) panelRef.current?.scrollIntoView({ block: 'start' });
  }, [current]);

  // j/k and ↓/↑ (not while typing, nor inside the answer's radios for the arrows).
  const moves = useRef({ previous, next });
  useEffect(() => {
    moves.current = { previous, next };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || hasModifier(e) || isTypingTarget(e.target)) return;
      const el = e.target as HTMLElement | null;
      const onRadio =
        el?.getAttribute?.('role') === 'radio' ||
        (el instanceof HTMLInputElement && el.type === 'radio');
      const dir = navigationKey(e.key, onRadio);
      if (!dir) return;
      const to = dir === 1 ? moves.current.next : moves.current.previous;
      if (!to) return;
      e.preventDefault();
      go(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  const tree = useMemo(
    () =>
      buildSectionTree({
        doc,
        progress: detail.progress,
        answers,
        filter,
        current,
        review,
        confirm: toConfirm,
      }),
    [doc, detail.progress, answers, filter, current, review, toConfirm],
  );
  const select = (key: string) => {
    const to = resolveCurrent(order, key, keep);
    // A section: open it and show its first question.
    if (to !== key) setToggled((t) => new Map(t).set(key, true));
    go(to);
    setDrawer(false);
  };
  const toggle = (key: string) => setToggled((t) => new Map(t).set(key, !expanded.has(key)));
  const treeView = (
    <Stack gap="sm">
      <FilterControl
        value={filter}
        counts={counts}
        onChange={(f) => setQuery({ show: f === 'all' ? null : f })}
      />
      <SectionTree
        sections={tree}
        current={current}
        expanded={expanded}
        onToggle={toggle}
        onSelect={select}
      />
    </Stack>
  );

  if (!entry) {
    return (
      <Text c="dimmed" role="status">
        {t('questions.empty')}
      </Text>
    );
  }
  const position = { index: entry.index, total: order.length };
  // Answers not saved because someone else changed them meanwhile, on questions left since.
  const elsewhere = order.filter(
    (e) => e.question.key !== current && conflicts.has(e.question.key),
  );
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 4 }} visibleFrom="md">
        <Paper
          withBorder
          p="xs"
          radius="md"
          style={{
            position: 'sticky',
            top: 72,
            maxHeight: 'calc(100vh - 96px)',
            overflowY: 'auto',
          }}
        >
          {treeView}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Box hiddenFrom="md" mb="sm">
          <Button
            variant="default"
            fullWidth
            justify="flex-start"
            leftSection={<IconListTree size={16} aria-hidden />}
            onClick={() => setDrawer(true)}
          >
            <Group gap={6} wrap="nowrap" miw={0}>
              <span>{t('questions.sections')}</span>
              <Text component="span" size="xs" c="dimmed" truncate>
                {filter === 'all'
                  ? t(
                      counts.review
                        ? counts.confirm
                          ? 'questions.progress.reviewConfirm'
                          : 'questions.progress.review'
                        : counts.confirm
                          ? 'questions.progress.confirm'
                          : 'questions.progress',
                      {
                        answered: detail.progress.answered,
                        total: detail.progress.total,
                        review: counts.review,
                        confirm: counts.confirm,
                      },
                    )
                  : `${QUESTION_FILTER_LABELS[filter]} ${counts[filter]}`}
              </Text>
            </Group>
          </Button>
          <Drawer
            opened={drawer}
            onClose={() => setDrawer(false)}
            title={t('questions.drawer')}
            position="left"
            size="100%"
          >
            {treeView}
          </Drawer>
        </Box>
        {elsewhere.length ? (
          <Alert
            color="orange"
            variant="light"
            p="xs"
            mb="sm"
            role="alert"
            icon={<IconGitMerge size={16} aria-hidden />}
          >
            <Stack gap={6}>
              <Text size="sm">{t('questions.elsewhere', { count: elsewhere.length })}</Text>
              <Group gap="xs">
                {elsewhere.map((e) => (
                  <Button
                    key={e.question.key}
                    size="compact-xs"
                    variant="light"
                    color="orange"
                    onClick={() => go(e.question.key)}
                    aria-label={t('questions.elsewhere.openLabel', {
                      key: e.question.key,
                      title: e.question.title,
                    })}
                  >
                    {t('questions.elsewhere.open', { key: e.question.key })}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {readOnly === null ? (
          <SectionConfirm
            tenantId={tenantId}
            assessmentId={detail.id}
            sections={entry.sectionKeys
              .filter((k) => (confirmBySection.get(k) ?? 0) > 0)
              .map((k) => ({ key: k, title: titles.get(k) ?? k, count: confirmBySection.get(k)! }))
              .reverse()}
          />
        ) : null}
        <div ref={panelRef} style={{ scrollMarginTop: 72 }}>
          <QuestionPanel
            key={entry.question.key}
            tenantId={tenantId}
            assessmentId={detail.id}
            question={entry.question}
            sectionTitles={entry.sectionKeys.map((k) => titles.get(k) ?? k)}
            position={position}
            answer={answers.get(entry.question.key)}
            gap={gaps.has(entry.question.key)}
            review={
              review.has(entry.question.key)
                ? { version: detail.framework.version, canMark: detail.can.answer }
                : null
            }
            readOnly={readOnly}
            carried={carried.get(entry.question.key)}
            writer={writer}
            playbookHref={playbookHref}
            acrossClientsOf={detail.can.manage ? detail.framework.id : null}
            onPrevious={previous ? () => go(previous) : null}
            onNext={next ? () => go(next) : null}
            now={now}
            answerExtras={answerExtras}
          />
        </div>
      </Grid.Col>
    </Grid>
  );
}
