import type { AssessmentDetail, Respondent, RespondentLink } from '@tenantry/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward, IconPlus, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NAME_WRAP, NameText } from '#web/components/NameText.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { useAddRespondent } from '../api/add-respondent.ts';
import { useRespondents } from '../api/list-respondents.ts';
import { useRemindRespondent } from '../api/remind-respondent.ts';
import { useResendRespondent } from '../api/resend-respondent.ts';
import { useRevokeRespondent } from '../api/revoke-respondent.ts';
import { isLocked, relativeTime, todayDate } from '../lib/assessment-view.ts';
import {
  EMPTY_RESPONDENT_FORM,
  endOfDay,
  respondentActions,
  respondentFormErrors,
  sectionChoices,
  toRespondentBody,
  type RespondentFormValues,
} from '../lib/respondent-form.ts';
import { AssessmentReminders } from './AssessmentReminders.tsx';
import { CompletionBar, RespondentStatusBadge } from './Badges.tsx';
import { RemindNowButton, RemindOutcome, RespondentReminderLog } from './RespondentReminders.tsx';
import { RespondentLinkOnce } from './RespondentLinkOnce.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

interface PanelProps {
  tenantId: string;
  assessment: AssessmentDetail;
  now: number;
}

function AddRespondentForm({
  tenantId,
  assessment,
  onAdded,
  onCancel,
}: {
  tenantId: string;
  assessment: AssessmentDetail;
  onAdded: (link: RespondentLink) => void;
  onCancel: () => void;
}) {
  const add = useAddRespondent(tenantId, assessment.id);
  const today = todayDate();
  const form = useForm<RespondentFormValues>({
    initialValues: EMPTY_RESPONDENT_FORM,
    validate: (v) => respondentFormErrors(v, today),
  });
  const fieldErrors = Object.keys(form.errors).length > 0;
  return (
    <form
      noValidate
      aria-label={t('respondents.add.formLabel')}
      onSubmit={form.onSubmit((v) =>
        add.mutate(toRespondentBody(v), {
          onSuccess: onAdded,
          onError: (err) => {
            if (applyServerErrors(form, err) && form.errors.expiresAt) {
              form.setFieldError('expiresOn', form.errors.expiresAt);
            }
          },
        }),
      )}
    >
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('respondents.form.name')}
            withAsterisk
            miw={200}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('respondents.form.email')}
            type="email"
            withAsterisk
            miw={200}
            autoComplete="off"
            {...form.getInputProps('email')}
          />
        </Group>
        <MultiSelect
          label={t('respondents.form.sections')}
          description={t('respondents.form.sections.hint')}
          placeholder={t('respondents.form.sections.placeholder')}
          data={sectionChoices(assessment.document.sections)}
          searchable
          clearable
          {...form.getInputProps('sections')}
        />
        <TextInput
          label={t('respondents.form.expires')}
          description={t('respondents.form.expires.hint')}
          type="date"
          min={today}
          maw={260}
          {...form.getInputProps('expiresOn')}
        />
        <Checkbox
          label={t('respondents.form.sendEmail')}
          {...form.getInputProps('sendEmail', { type: 'checkbox' })}
        />
        {add.isError && !fieldErrors ? <ErrorAlert error={add.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('respondents.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ResendForm({
  tenantId,
  assessmentId,
  respondent,
  onSent,
  onCancel,
}: {
  tenantId: string;
  assessmentId: string;
  respondent: Respondent;
  onSent: (link: RespondentLink) => void;
  onCancel: () => void;
}) {
  const resend = useResendRespondent(tenantId, assessmentId);
  const [expiresOn, setExpiresOn] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const today = todayDate();
  const dateError =
    expiresOn && (!endOfDay(expiresOn) || expiresOn < today)
      ? t('respondents.form.expires.past')
      : null;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {rich(t, 'respondents.resend.body', {}, { name: <strong>{respondent.name}</strong> })}
      </Text>
      <TextInput
        label={t('respondents.form.expires')}
        description={t('respondents.resend.expires.hint')}
        type="date"
        min={today}
        maw={260}
        value={expiresOn}
        onChange={(e) => setExpiresOn(e.currentTarget.value)}
        error={dateError}
      />
      <Checkbox
        label={t('respondents.resend.sendEmail', { email: respondent.email })}
        checked={sendEmail}
        onChange={(e) => setSendEmail(e.currentTarget.checked)}
      />
      {resend.isError ? (
        <Alert color="red" variant="light" role="alert">
          {resend.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          loading={resend.isPending}
          disabled={dateError !== null}
          onClick={() => {
            const expiresAt = expiresOn ? endOfDay(expiresOn) : undefined;
            resend.mutate(
              { respondentId: respondent.id, sendEmail, ...(expiresAt ? { expiresAt } : {}) },
              { onSuccess: onSent },
            );
          }}
        >
          {t('respondents.resend.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function RevokeConfirm({
  tenantId,
  assessmentId,
  respondent,
  onDone,
}: {
  tenantId: string;
  assessmentId: string;
  respondent: Respondent;
  onDone: () => void;
}) {
  const revoke = useRevokeRespondent(tenantId, assessmentId);
  return (
    <Stack gap="sm">
      <Text size="sm" style={NAME_WRAP}>
        {rich(t, 'respondents.revoke.body', {}, { name: <strong>{respondent.name}</strong> })}
      </Text>
      {revoke.isError ? (
        <Alert color="red" variant="light" role="alert">
          {revoke.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          loading={revoke.isPending}
          onClick={() => revoke.mutate(respondent.id, { onSuccess: onDone })}
        >
          {t('respondents.revoke.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

type Dialog =
  | { kind: 'add' }
  | { kind: 'resend'; respondent: Respondent }
  | { kind: 'revoke'; respondent: Respondent }
  | { kind: 'link'; result: RespondentLink };

const DIALOG_TITLES = {
  add: 'respondents.dialog.add',
  resend: 'respondents.dialog.resend',
  revoke: 'respondents.dialog.revoke',
  link: 'respondents.dialog.link',
} as const satisfies Record<Dialog['kind'], string>;

/**
 * The people answering through a link: their status, progress, sections, expiry and when
 * they were last seen; add one (the link is shown once), send a new link, revoke.
 */
export function RespondentsPanel({ tenantId, assessment, now }: PanelProps) {
  const list = useRespondents(tenantId, assessment.id);
  const remind = useRemindRespondent(tenantId, assessment.id);
  const [reminded, setReminded] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const today = new Date(now).toISOString().slice(0, 10);
  const locked = isLocked(assessment.status);
  const close = () => setDialog(null);
  const sectionTitle = new Map(
    sectionChoices(assessment.document.sections).map((c) => [
      c.value,
      c.label.replace(/^(— )+/, ''),
    ]),
  );
  const sections = (r: Respondent) =>
    r.sections
      ? r.sections.map((k) => sectionTitle.get(k) ?? k).join(', ')
      : t('respondents.sections.all');
  /** The row's actions: on one line in the table, wrapping on a phone's card. */
  const actions = (r: Respondent, wrap: 'wrap' | 'nowrap' = 'nowrap') => {
    const can = respondentActions(r, locked);
    return (
      <Group gap={4} wrap={wrap}>
        <RemindNowButton
          respondent={r}
          locked={locked}
          today={today}
          remind={remind}
          onSent={setReminded}
        />
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconMailForward size={14} aria-hidden />}
          disabled={!can.resend}
          onClick={() => setDialog({ kind: 'resend', respondent: r })}
          aria-label={t('respondents.action.resendFor', { name: r.name })}
        >
          {t('respondents.action.resend')}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconUserOff size={14} aria-hidden />}
          disabled={!can.revoke}
          onClick={() => setDialog({ kind: 'revoke', respondent: r })}
          aria-label={t('respondents.action.revokeFor', { name: r.name })}
        >
          {t('respondents.action.revoke')}
        </Button>
      </Group>
    );
  };
  const lastSeen = (r: Respondent) =>
    r.submittedAt ? (
      <span title={formatDateTime(r.submittedAt)}>
        {t('respondents.seen.submitted', { when: relativeTime(r.submittedAt, now) })}
      </span>
    ) : r.lastSeenAt ? (
      <span title={formatDateTime(r.lastSeenAt)}>
        {t('respondents.seen.seen', { when: relativeTime(r.lastSeenAt, now) })}
      </span>
    ) : (
      t('respondents.seen.never')
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div>
          <Title order={3} size="h4">
            {t('respondents.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={560}>
            {t('respondents.intro')}
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setDialog({ kind: 'add' })}
          disabled={locked}
          title={locked ? t('respondents.add.locked') : undefined}
        >
          {t('respondents.add.button')}
        </Button>
      </Group>
      <AssessmentReminders
        tenantId={tenantId}
        assessmentId={assessment.id}
        dueDate={assessment.dueDate}
      />
      <RemindOutcome remind={remind} message={reminded} />
      {list.isPending ? (
        <Stack gap="xs" aria-busy aria-label={t('respondents.loading')}>
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : list.isError ? (
        <ErrorAlert title={t('respondents.loadFailed')}>{list.error.message}</ErrorAlert>
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {t('respondents.empty')}
        </Text>
      ) : (
        <TableOrCards
          label={t('respondents.tableLabel')}
          items={list.data}
          minWidth={940}
          head={
            <>
              <Table.Th>{t('respondents.column.respondent')}</Table.Th>
              <Table.Th>{t('respondents.column.status')}</Table.Th>
              <Table.Th>{t('respondents.column.answered')}</Table.Th>
              <Table.Th>{t('respondents.column.sections')}</Table.Th>
              <Table.Th>{t('respondents.column.expires')}</Table.Th>
              <Table.Th>{t('respondents.column.seen')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('respondents.column.actions')}</VisuallyHidden>
              </Table.Th>
            </>
          }
          row={(r) => (
            <>
              <Table.Td maw={200}>
                <NameText name={r.name} size="sm" fw={500} component="div" />
                <NameText name={r.email} size="xs" c="dimmed" component="div" lines={1} />
              </Table.Td>
              <Table.Td miw={104}>
                <RespondentStatusBadge status={r.status} />
              </Table.Td>
              <Table.Td>
                <CompletionBar
                  answered={r.answered}
                  total={r.total}
                  completion={r.total ? r.answered / r.total : null}
                  label={t('respondents.answeredBy', { name: r.name })}
                  w={130}
                />
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" lineClamp={2} style={NAME_WRAP}>
                  {sections(r)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <time dateTime={r.expiresAt}>{formatDate(r.expiresAt)}</time>
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <Text size="sm">{lastSeen(r)}</Text>
                  <RespondentReminderLog respondent={r} />
                </Stack>
              </Table.Td>
              <Table.Td>{actions(r)}</Table.Td>
            </>
          )}
          card={(r) => (
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <NameText name={r.name} fw={500} component="div" />
                  <NameText name={r.email} size="xs" c="dimmed" component="div" lines={1} />
                </div>
                <div style={{ flexShrink: 0 }}>
                  <RespondentStatusBadge status={r.status} />
                </div>
              </Group>
              <CompletionBar
                answered={r.answered}
                total={r.total}
                completion={r.total ? r.answered / r.total : null}
                label={t('respondents.answeredBy', { name: r.name })}
                w="100%"
              />
              <Text size="xs" c="dimmed" style={NAME_WRAP}>
                {rich(
                  t,
                  'respondents.card.line',
                  { sections: sections(r) },
                  {
                    date: <time dateTime={r.expiresAt}>{formatDate(r.expiresAt)}</time>,
                    seen: lastSeen(r),
                  },
                )}
              </Text>
              <RespondentReminderLog respondent={r} />
              {actions(r, 'wrap')}
            </Stack>
          )}
        />
      )}

      <Modal
        opened={dialog !== null}
        onClose={close}
        title={dialog ? t(DIALOG_TITLES[dialog.kind]) : ''}
        size={dialog?.kind === 'add' || dialog?.kind === 'link' ? 'lg' : 'md'}
        // The link is shown once: a stray click beside the dialog must not lose it.
        closeOnClickOutside={dialog?.kind !== 'link'}
        centered
      >
        {dialog?.kind === 'add' ? (
          <AddRespondentForm
            tenantId={tenantId}
            assessment={assessment}
            onCancel={close}
            onAdded={(result) => setDialog({ kind: 'link', result })}
          />
        ) : dialog?.kind === 'resend' ? (
          <ResendForm
            tenantId={tenantId}
            assessmentId={assessment.id}
            respondent={dialog.respondent}
            onCancel={close}
            onSent={(result) => setDialog({ kind: 'link', result })}
          />
        ) : dialog?.kind === 'link' ? (
          <Stack gap="md">
            <RespondentLinkOnce result={dialog.result} />
            <Group justify="flex-end">
              <Button onClick={close}>{t('respondents.link.done')}</Button>
            </Group>
          </Stack>
        ) : dialog?.kind === 'revoke' ? (
          <RevokeConfirm
            tenantId={tenantId}
            assessmentId={assessment.id}
            respondent={dialog.respondent}
            onDone={close}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
