import { EVIDENCE_LIMITS, formatBytes } from '@tenantry/shared';
import { evidenceTypesLabel } from '#web/lib/labels.ts';
import {
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { EVIDENCE_ACCEPT } from '../lib/accept.ts';
import { pastedName } from '../lib/evidence-errors.ts';
import type { EvidenceUploads } from './use-evidence-uploads.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

function typingTarget(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el.tagName === 'TEXTAREA') return true;
  return (
    el.tagName === 'INPUT' &&
    !['radio', 'checkbox', 'button'].includes((el as HTMLInputElement).type)
  );
}

/**
 * A screenshot pasted while `scope` (the question) holds the focus, or nothing does: its image
 * files, named for what they are. Text pasted into a field stays the field's.
 */
function usePastedImages(
  scope: HTMLElement | null,
  onFiles: (files: File[], pasted: boolean) => void,
) {
  const handler = useRef(onFiles);
  useEffect(() => {
    handler.current = onFiles;
  });
  useEffect(() => {
    if (!scope) return;
    const onPaste = (e: ClipboardEvent) => {
      const target = e.target;
      const inside =
        target === document.body ||
        target === document.documentElement ||
        (target instanceof Node && scope.contains(target));
      if (!inside) return;
      const images = [...(e.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
      if (images.length === 0) return;
      if (typingTarget(target) && e.clipboardData?.types.includes('text/plain')) return;
      e.preventDefault();
      handler.current(images, true);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [scope]);
}

/**
 * Where files are added: drop them on it, choose them, or (with `pasteScope`) paste a
 * screenshot; each upload's progress below, and what was refused with why.
 */
export function EvidenceDropZone({
  label,
  uploads,
  pasteScope = null,
  disabled = false,
  children,
}: {
  /** What the files are added to, for the zone's name: "Add evidence to mfa". */
  label: string;
  uploads: EvidenceUploads;
  pasteScope?: HTMLElement | null;
  disabled?: boolean;
  /** More buttons beside "Choose files" ("Add from library"). */
  children?: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const add = (files: File[], pasted = false) =>
    uploads.start(files, pasted ? (f) => ({ name: pastedName(f) }) : undefined);
  usePastedImages(disabled ? null : pasteScope, add);

  const onDragOver = (e: DragEvent) => {
    if (disabled || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (e: DragEvent) => {
    if (disabled) return;
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length) add(files);
  };

  return (
    <Stack gap="xs">
      <Paper
        role="group"
        aria-label={label}
        withBorder
        p="sm"
        radius="md"
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-active={over || undefined}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
          background: over ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconUpload size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c="dimmed">
              {over
                ? t('dropZone.dropToAttach')
                : pasteScope
                  ? t('dropZone.dropOrPaste')
                  : t('dropZone.drop')}
            </Text>
          </Group>
          <Group gap="xs">
            <FileButton onChange={(files) => add(files)} multiple accept={EVIDENCE_ACCEPT}>
              {(props) => (
                <Button {...props} size="xs" variant="light" disabled={disabled}>
                  {t('dropZone.choose')}
                </Button>
              )}
            </FileButton>
            {children}
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt={6}>
          {t('dropZone.limits', {
            types: evidenceTypesLabel(),
            size: formatBytes(EVIDENCE_LIMITS.maxBytes),
          })}
        </Text>
      </Paper>
      {uploads.uploads.map((u) => {
        const pct = u.total ? Math.round((u.sent / u.total) * 100) : 0;
        return (
          <Stack key={u.id} gap={2}>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {t('dropZone.uploading', { name: u.name, percent: pct })}
            </Text>
            <Progress
              value={pct}
              size="sm"
              aria-label={t('dropZone.uploadingLabel', { name: u.name })}
              animated
            />
          </Stack>
        );
      })}
      {uploads.refusals.map((r) => (
        <Group
          key={r.id}
          role="alert"
          gap="xs"
          wrap="nowrap"
          align="flex-start"
          c="red"
          style={{ overflowWrap: 'anywhere' }}
        >
          <IconAlertCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" flex={1} c="red">
            {rich(
              t,
              'dropZone.refused',
              { message: r.message },
              { name: <strong>{r.name}</strong> },
            )}
          </Text>
          <CloseButton
            size="sm"
            aria-label={t('dropZone.dismiss', { name: r.name })}
            onClick={() => uploads.dismiss(r.id)}
          />
        </Group>
      ))}
    </Stack>
  );
}
