import type { ContentScope, DocumentProblem } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { fetchContentPage } from '#web/lib/content/list-content.ts';
import { SCOPE_HINTS, SCOPE_LABELS } from '#web/lib/content/scope-labels.ts';
import { useImportFramework } from '../api/import-framework.ts';
import { problemsOfError } from '../lib/document-problems.ts';
import { fileKey, readFrameworkFile } from '../lib/framework-file.ts';
import { translationsSummary } from '../lib/framework-status.ts';
import { DocumentProblemsList } from './DocumentProblemsList.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

interface ImportFrameworkModalProps {
  opened: boolean;
  onClose: () => void;
  scopes: readonly ContentScope[];
  hrefFor: (focus?: string) => string;
}

/** "Import": a framework file (JSON) as a new framework's draft. */
export function ImportFrameworkModal({
  opened,
  onClose,
  scopes,
  hrefFor,
}: ImportFrameworkModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('import.title')} size="lg">
      {opened ? <ImportForm scopes={scopes} hrefFor={hrefFor} onClose={onClose} /> : null}
    </Modal>
  );
}

type Outcome =
  | { kind: 'unreadable'; message: string }
  | { kind: 'problems'; message: string; problems: DocumentProblem[]; document: unknown }
  | { kind: 'keyTaken'; key: string | null; scope: ContentScope; existingId: string | null }
  | { kind: 'error'; message: string; error: unknown };

function ImportForm({ scopes, hrefFor, onClose }: Omit<ImportFrameworkModalProps, 'opened'>) {
  const [scope, setScope] = useState<ContentScope>(scopes[0] ?? 'private');
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reading, setReading] = useState(false);
  const importing = useImportFramework();
  const navigate = useNavigate();
  const busy = reading || importing.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setOutcome(null);
    if (!file) {
      setOutcome({ kind: 'unreadable', message: t('import.noFile') });
      return;
    }
    setReading(true);
    const read = await readFrameworkFile(file);
    setReading(false);
    if (!read.ok) {
      setOutcome({ kind: 'unreadable', message: read.message });
      return;
    }
    try {
      const detail = await importing.mutateAsync({ scope, document: read.document });
      notifications.show({
        message: t('import.done', { name: detail.name }),
        color: 'green',
      });
      // Missing translations are warnings: those texts show in English (docs/languages.md).
      const missing = detail.translations.filter((r) => r.count > 0);
      if (missing.length) {
        notifications.show({
          title: t('import.translations.title'),
          message: t('import.translations.body', {
            summary: translationsSummary(detail.translations) ?? '',
          }),
          color: 'yellow',
          autoClose: false,
        });
      }
      onClose();
      void navigate(hrefFor(detail.id));
    } catch (err) {
      const problems = problemsOfError(err);
      if (problems) {
        setOutcome({
          kind: 'problems',
          message: err instanceof Error ? err.message : '',
          problems,
          document: read.document,
        });
        return;
      }
      if (err instanceof ApiError && err.code === 'content.key_taken') {
        const key = fileKey(read.document);
        let existingId: string | null = null;
        if (key) {
          try {
            const list = await fetchContentPage(
              'authoring',
              'frameworks',
              { q: key, scope, tag: '' },
              0,
            );
            existingId = list.items.find((f) => f.key === key && f.scope === scope)?.id ?? null;
          } catch {
            // The explanation stands without the link.
          }
        }
        setOutcome({ kind: 'keyTaken', key, scope, existingId });
        return;
      }
      setOutcome({
        kind: 'error',
        message: err instanceof Error ? err.message : t('import.failed'),
        error: err,
      });
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('import.title')}>
      <Stack gap="sm">
        <Text size="sm">
          {rich(
            t,
            'import.intro',
            {},
            // i18n-ignore: the format's name
            { format: <code>tenantry.framework/1</code> },
          )}
        </Text>
        {scopes.length > 1 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="import-scope">
              {t('import.scope')}
            </Text>
            <SegmentedControl
              aria-labelledby="import-scope"
              data={scopes.map((s) => ({ value: s, label: SCOPE_LABELS[s] }))}
              value={scope}
              onChange={(v) => setScope(v as ContentScope)}
            />
            <Text size="xs" c="dimmed">
              {SCOPE_HINTS[scope]}
            </Text>
          </Stack>
        ) : null}
        <FileInput
          label={t('import.file')}
          placeholder={t('import.file.placeholder')}
          accept="application/json,.json"
          value={file}
          onChange={(f) => {
            setFile(f);
            setOutcome(null);
          }}
          leftSection={<IconFileImport size={16} aria-hidden />}
          clearable
          required
        />
        <ImportOutcome outcome={outcome} hrefFor={hrefFor} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('import.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('import.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ImportOutcome({
  outcome,
  hrefFor,
}: {
  outcome: Outcome | null;
  hrefFor: (focus?: string) => string;
}) {
  if (!outcome) return null;
  switch (outcome.kind) {
    case 'unreadable':
      return <ErrorAlert>{outcome.message}</ErrorAlert>;
    case 'error':
      // An upgrade prompt when the plan does not include the account's own frameworks.
      return <ErrorAlert error={outcome.error}>{outcome.message}</ErrorAlert>;
    case 'problems':
      return (
        <ErrorAlert title={t('import.problems.title', { count: outcome.problems.length })}>
          <Stack gap="xs">
            <Text size="sm">{t('import.problems.body')}</Text>
            <DocumentProblemsList problems={outcome.problems} document={outcome.document} />
          </Stack>
        </ErrorAlert>
      );
    case 'keyTaken':
      return (
        <Alert color="orange" variant="light" role="alert" title={t('import.keyTaken.title')}>
          <Stack gap={6}>
            <Text size="sm">
              {rich(
                t,
                'import.keyTaken.body',
                { scope: SCOPE_LABELS[outcome.scope].toLowerCase() },
                { key: <code>{outcome.key ?? t('import.keyTaken.none')}</code> },
              )}
            </Text>
            <Text size="sm">
              {rich(
                t,
                'import.keyTaken.how',
                {},
                {
                  menu: <strong>{t('import.keyTaken.menu')}</strong>,
                  // i18n-ignore: the file's field name
                  field: <code>key</code>,
                },
              )}
            </Text>
            {outcome.existingId ? (
              <Anchor component={Link} to={hrefFor(outcome.existingId)} size="sm">
                {t('import.keyTaken.open')}
              </Anchor>
            ) : null}
          </Stack>
        </Alert>
      );
  }
}
