import { TASK_STATUSES, type TaskStatus } from '@tenantry/shared';
import { taskStatusLabel } from '#web/lib/labels.ts';
import { ActionIcon, Menu, type ActionIconProps } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { STATUS_COLORS } from '../lib/task-view.ts';
import { t } from '../messages.ts';

/**
 * The statuses a task (or several) can move to, in a menu: keyboard-reachable (Enter or Space
 * opens it, the arrows move, Enter picks). "Risk accepted…" asks for a reason and a date next.
 */
export function MoveTaskMenu({
  current,
  onMove,
  label,
  target,
  ...rest
}: {
  /** The status now (left out of the choices); none for several tasks. */
  current: TaskStatus | null;
  onMove: (status: TaskStatus) => void;
  /** The button's accessible name ("Move “Patch the firewall”"). */
  label: string;
  /** A target of its own (a labelled button); an icon button by default. */
  target?: ReactNode;
} & ActionIconProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        {target ?? (
          <ActionIcon variant="subtle" color="gray" aria-label={label} {...rest}>
            <IconArrowsExchange size={16} aria-hidden />
          </ActionIcon>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('move.to')}</Menu.Label>
        {TASK_STATUSES.filter((s) => s !== current).map((s) => (
          <Menu.Item
            key={s}
            onClick={() => onMove(s)}
            leftSection={
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 8,
                  height: 8,
                  borderRadius: 4,
                  background: `var(--mantine-color-${STATUS_COLORS[s]}-filled)`,
                }}
              />
            }
          >
            {s === 'risk_accepted' ? `${taskStatusLabel(s)}…` : taskStatusLabel(s)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
