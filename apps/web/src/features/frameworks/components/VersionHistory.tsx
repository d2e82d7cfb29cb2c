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

interface VersionHistoryProps {
  detail: FrameworkDetail;
  /** The editor has changes not saved yet (the draft compared and exported is the saved one). */
  dirty: boolean;
}

const refLabel = (ref: VersionRef) => (ref === 'draft' ? 'the draft' : `v${ref}`);

function parseRefValue(v: string): VersionRef {
  return v === 'draft' ? 'draft' : Number(v);
}

function ExportLink({ id, version, label }: { id: string; version: VersionRef; label: string }) {
  return (
    <Anchor href={frameworkExportUrl(id, version)} download size="sm" aria-label={label}>
      <Group gap={4} wrap="nowrap" component="span">
        <IconDownload size={14} aria-hidden />
        Export
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
        <Text size="sm">Comparing…</Text>
      </Group>
    );
  }
  if (diff.isError) return <ErrorAlert>The comparison failed: {diff.error.message}</ErrorAlert>;
  return <FrameworkDiffView diff={diff.data} label={`From ${refLabel(from)} to ${refLabel(to)}`} />;
}

/** Published versions (who, when, release notes, export) and a comparison of any two. */
export function VersionHistory({ detail, dirty }: VersionHistoryProps) {
  const versions = [...detail.versions].sort((a, b) => b.version - a.version);
  const choices = [
    { value: 'draft', label: 'Draft (saved)' },
    ...versions.map((v) => ({ value: String(v.version), label: `v${v.version}` })),
  ];
  const latest = detail.latestVersion;
  const [from, setFrom] = useState<string>(latest !== null ? String(latest) : 'draft');
  const [to, setTo] = useState<string>('draft');
  const [compare, setCompare] = useState<{ from: VersionRef; to: VersionRef } | null>(null);

  const compareWith = (f: VersionRef, t: VersionRef) => {
    setFrom(String(f));
    setTo(String(t));
    setCompare({ from: f, to: t });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          The draft (saved {formatDateTime(detail.draftUpdatedAt)}
          {detail.draftUpdatedBy ? ` by ${detail.draftUpdatedBy}` : ''})
        </Text>
        <ExportLink id={detail.id} version="draft" label="Export the saved draft" />
      </Group>
      {dirty ? (
        <Alert variant="light" color="yellow">
          You have unsaved changes: comparisons and exports use the draft as last saved.
        </Alert>
      ) : null}

      {versions.length === 0 ? (
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed">
            Not published yet. Publishing turns the draft into version 1, which assessments can use.
          </Text>
        </Card>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Versions" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Published</Table.Th>
                  <Table.Th>Questions</Table.Th>
                  <Table.Th>Release notes</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.map((v) => (
                  <Table.Tr key={v.version}>
                    <Table.Td fw={600}>v{v.version}</Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <time dateTime={v.publishedAt}>{formatDateTime(v.publishedAt)}</time>
                      </Text>
                      {v.publishedBy ? (
                        <Text size="xs" c="dimmed">
                          by {v.publishedBy}
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
                          aria-label={`Compare v${v.version} with the draft`}
                        >
                          Compare with draft
                        </Button>
                        <ExportLink
                          id={detail.id}
                          version={v.version}
                          label={`Export v${v.version}`}
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
              Compare
            </Title>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label="From"
                data={choices}
                value={from}
                onChange={(v) => v && setFrom(v)}
                allowDeselect={false}
                w={160}
              />
              <Select
                label="To"
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
                Compare
              </Button>
            </Group>
            {compare ? <DiffResult id={detail.id} from={compare.from} to={compare.to} /> : null}
          </Stack>
        </>
      )}
    </Stack>
  );
}
