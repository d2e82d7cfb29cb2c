import { formatBytes, type EvidenceFile, type EvidenceState } from '@tenantry/shared';
import { evidenceStateLabel } from '#web/lib/labels.ts';
import { Badge, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconFileTypeCsv,
  IconFileTypeDocx,
  IconFileTypePdf,
  IconFileTypePpt,
  IconFileTypeTxt,
  IconFileTypeXls,
  IconPhoto,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { formatCalendarDay, formatDateTime } from '#web/lib/format.ts';
import { evidenceKind, kindLabel, type EvidenceKind } from '../lib/evidence-view.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const ICONS: Record<EvidenceKind, typeof IconPhoto> = {
  pdf: IconFileTypePdf,
  image: IconPhoto,
  document: IconFileTypeDocx,
  spreadsheet: IconFileTypeXls,
  presentation: IconFileTypePpt,
  csv: IconFileTypeCsv,
  text: IconFileTypeTxt,
};

/** "Expired" (red) or "Expiring soon" (orange); nothing for a current file. */
export function EvidenceStateBadge({ state }: { state: EvidenceState }) {
  if (state === 'current') return null;
  return (
    <Badge size="sm" variant="light" color={state === 'expired' ? 'red' : 'orange'} tt="none">
      {evidenceStateLabel(state)}
    </Badge>
  );
}

/** The file's type as an icon, or for an image its re-encoded preview. */
function FileThumb({ file }: { file: EvidenceFile }) {
  const kind = evidenceKind(file.contentType);
  if (file.previewUrl)
    return (
      <Image
        src={file.previewUrl}
        alt={t('file.preview', { name: file.name })}
        w={48}
        h={48}
        radius="sm"
        fit="cover"
        loading="lazy"
        style={{ flexShrink: 0 }}
      />
    );
  const Icon = ICONS[kind];
  return (
    <ThemeIcon variant="light" size={48} radius="sm" color="gray" style={{ flexShrink: 0 }}>
      <Icon size={26} aria-hidden />
    </ThemeIcon>
  );
}

/**
 * One evidence file: its preview or type icon, name, size and type, effective date, expiry
 * with its state, who uploaded it and when; `actions` at the end of the line.
 */
export function EvidenceFileRow({
  file,
  actions,
  extra,
}: {
  file: EvidenceFile;
  actions?: ReactNode;
  /** A line more (where the file is used…). */
  extra?: ReactNode;
}) {
  const effective = <time dateTime={file.effectiveOn}>{formatCalendarDay(file.effectiveOn)}</time>;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <FileThumb file={file} />
      <Stack gap={2} miw={0} flex={1}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={500} style={NAME_WRAP}>
            {file.name}
          </Text>
          <EvidenceStateBadge state={file.state} />
        </Group>
        <Text size="xs" c="dimmed">
          {t(file.revision > 1 ? 'file.metaRevision' : 'file.meta', {
            kind: kindLabel(evidenceKind(file.contentType)),
            size: formatBytes(file.bytes),
            revision: file.revision,
          })}
        </Text>
        <Text size="xs" c="dimmed">
          {file.expiresOn
            ? rich(
                t,
                'file.dates',
                {},
                {
                  effective,
                  expiry: (
                    <Text
                      component="span"
                      inherit
                      c={
                        file.state === 'expired'
                          ? 'red'
                          : file.state === 'expiring'
                            ? 'orange'
                            : undefined
                      }
                    >
                      {rich(
                        t,
                        file.state === 'expired' ? 'file.expired' : 'file.expires',
                        {},
                        {
                          date: (
                            <time dateTime={file.expiresOn}>
                              {formatCalendarDay(file.expiresOn)}
                            </time>
                          ),
                        },
                      )}
                    </Text>
                  ),
                },
              )
            : rich(t, 'file.datesNoExpiry', {}, { effective })}
        </Text>
        <Text size="xs" c="dimmed" style={NAME_WRAP}>
          {rich(
            t,
            'file.uploadedBy',
            { name: file.uploadedBy.name },
            { date: <time dateTime={file.uploadedAt}>{formatDateTime(file.uploadedAt)}</time> },
          )}
        </Text>
        {extra}
      </Stack>
      {actions ? (
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
