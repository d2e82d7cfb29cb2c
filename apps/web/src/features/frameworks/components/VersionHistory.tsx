import type { FrameworkDetail, VersionRef } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { frameworkExportUrl } from '../api/export-framework.ts';
import { useFrameworkDiff } from '../api/get-framework-diff.ts';
import { FrameworkDiffView } from './FrameworkDiffView.tsx';
import { t } from '../messages.ts';

interface VersionHistoryProps {
  detail: FrameworkDetail;
  /** The editor has changes not saved yet (the draft compared and exported is the saved one). */
  dirty: boolean;
}

const refLabel = (ref: VersionRef) =>
  ref === 'draft' ? t('versions.ref.draft') : t('versions.ref.version', { version: ref });

function parseRefValue(v: string): VersionRef {
  return v === 'draft' ? 'draft' : Number(v);
}

function ExportLink({ id, version, label }: { id: string; version: VersionRef; label: string }) {
  return (
    <Anchor href={frameworkExportUrl(id, version)} download size="sm" aria-label={label}>
      <Group gap={4} wrap="nowrap" component="span">
        <IconDownload size={14} aria-hidden />
        {t('versions.export')}
      </Group>
    </Anchor>
  );
}

function DiffResult({ id, from, to }: { id: string; from: VersionRef; to: VersionRef }) {
  const diff = useFrameworkDiff(id, from, to);
  if (diff.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('versions.comparing')}</Text>
      </Group>
    );
  }
  if (diff.isError)
    return <ErrorAlert>{t('versions.compareFailed', { message: diff.error.message })}</ErrorAlert>;
  return (
    <FrameworkDiffView
      diff={diff.data}
      label={t('versions.diffLabel', { from: refLabel(from), to: refLabel(to) })}
    />
  );
}

/** Published versions (who, when, release notes, export) and a comparison of any two. */
export function VersionHistory({ detail, dirty }: VersionHistoryProps) {
  const versions = [...detail.versions].sort((a, b) => b.version - a.version);
  const choices = [
    { value: 'draft', label: t('versions.choice.draft') },
    ...versions.map((v) => ({
      value: String(v.version),
      label: t('versions.ref.version', { version: v.version }),
    })),
  ];
  const latest = detail.latestVersion;
  const [from, setFrom] = useState<string>(latest !== null ? String(latest) : 'draft');
  const [to, setTo] = useState<string>('draft');
  const [compare, setCompare] = useState<{ from: VersionRef; to: VersionRef } | null>(null);

  const compareWith = (fromRef: VersionRef, toRef: VersionRef) => {
    setFrom(String(fromRef));
    setTo(String(toRef));
    setCompare({ from: fromRef, to: toRef });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {detail.draftUpdatedBy
            ? t('versions.draftBy', {
                date: formatDateTime(detail.draftUpdatedAt),
                name: detail.draftUpdatedBy,
              })
            : t('versions.draft', { date: formatDateTime(detail.draftUpdatedAt) })}
        </Text>
        <ExportLink id={detail.id} version="draft" label={t('versions.exportDraft')} />
      </Group>
      {dirty ? (
        <Alert variant="light" color="yellow">
          {t('versions.unsaved')}
        </Alert>
      ) : null}

      {versions.length === 0 ? (
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed">
            {t('versions.none')}
          </Text>
        </Card>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label={t('versions.table')} verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('versions.column.version')}</Table.Th>
                  <Table.Th>{t('versions.column.published')}</Table.Th>
                  <Table.Th>{t('versions.column.questions')}</Table.Th>
                  <Table.Th>{t('versions.column.notes')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.map((v) => (
                  <Table.Tr key={v.version}>
                    <Table.Td fw={600}>
                      {t('versions.ref.version', { version: v.version })}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <time dateTime={v.publishedAt}>{formatDateTime(v.publishedAt)}</time>
                      </Text>
                      {v.publishedBy ? (
                        <Text size="xs" c="dimmed">
                          {t('versions.publishedBy', { name: v.publishedBy })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{v.questionCount}</Table.Td>
                    <Table.Td maw={360}>
                      <Text
                        size="sm"
                        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                        lineClamp={4}
                      >
                        {v.releaseNotes}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          onClick={() => compareWith(v.version, 'draft')}
                          aria-label={t('versions.compareWithDraft.label', { version: v.version })}
                        >
                          {t('versions.compareWithDraft')}
                        </Button>
                        <ExportLink
                          id={detail.id}
                          version={v.version}
                          label={t('versions.exportVersion', { version: v.version })}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>

          <Stack gap="sm" component="section" aria-labelledby="compare-heading">
            <Title order={3} size="h5" id="compare-heading">
              {t('versions.compare.title')}
            </Title>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label={t('versions.compare.from')}
                data={choices}
                value={from}
                onChange={(v) => v && setFrom(v)}
                allowDeselect={false}
                w={160}
              />
              <Select
                label={t('versions.compare.to')}
                data={choices}
                value={to}
                onChange={(v) => v && setTo(v)}
                allowDeselect={false}
                w={160}
              />
              <Button
                variant="default"
                disabled={from === to}
                onClick={() => setCompare({ from: parseRefValue(from), to: parseRefValue(to) })}
              >
                {t('versions.compare.submit')}
              </Button>
            </Group>
            {compare ? <DiffResult id={detail.id} from={compare.from} to={compare.to} /> : null}
          </Stack>
        </>
      )}
    </Stack>
  );
}
