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
import { plural, translationsSummary } from '../lib/framework-status.ts';
import { DocumentProblemsList } from './DocumentProblemsList.tsx';

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
    <Modal opened={opened} onClose={onClose} title="Import a framework" size="lg">
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
      setOutcome({ kind: 'unreadable', message: 'Choose a framework file (.json) first.' });
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
      notifications.show({ message: `${detail.name} was imported as a draft.`, color: 'green' });
      // Missing translations are warnings: those texts show in English (docs/languages.md).
      const missing = detail.translations.filter((r) => r.count > 0);
      if (missing.length) {
        notifications.show({
          title: 'Some translations are missing',
          message: `${translationsSummary(detail.translations)}. The draft’s details list them.`,
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
        message: err instanceof Error ? err.message : 'Something went wrong. Please try again.',
        error: err,
      });
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Import a framework">
      <Stack gap="sm">
        <Text size="sm">
          Choose a framework file (format <code>tenantry.framework/1</code>, as exported here). It
          becomes the draft of a new framework; nothing is published until you publish it.
        </Text>
        {scopes.length > 1 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="import-scope">
              Scope
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
          label="Framework file"
          placeholder="Choose a .json file"
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
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Import
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
        <ErrorAlert
          title={`Nothing was imported: the file has ${plural(outcome.problems.length, 'problem')}`}
        >
          <Stack gap="xs">
            <Text size="sm">Fix them in the file and import it again.</Text>
            <DocumentProblemsList problems={outcome.problems} document={outcome.document} />
          </Stack>
        </ErrorAlert>
      );
    case 'keyTaken':
      return (
        <Alert color="orange" variant="light" role="alert" title="That framework already exists">
          <Stack gap={6}>
            <Text size="sm">
              A {SCOPE_LABELS[outcome.scope].toLowerCase()} framework with the key{' '}
              <code>{outcome.key ?? '(none)'}</code> exists already, so nothing was imported.
            </Text>
            <Text size="sm">
              To make this file its next draft, open that framework and choose{' '}
              <strong>More → Replace draft from file</strong>; you review the changes and publish
              them as a new version. To import it as a separate framework, change <code>key</code>{' '}
              in the file.
            </Text>
            {outcome.existingId ? (
              <Anchor component={Link} to={hrefFor(outcome.existingId)} size="sm">
                Open the existing framework
              </Anchor>
            ) : null}
          </Stack>
        </Alert>
      );
  }
}
