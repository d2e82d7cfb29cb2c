import type { SupportPriority, SupportStatus } from '@tenantry/shared';
import { Badge } from '@mantine/core';
import {
  PRIORITY_COLORS,
  STATUS_COLORS,
  customerStatusLabel,
  priorityLabel,
  staffStatusLabel,
} from '../lib/support-view.ts';

export function StatusBadge({
  status,
  side,
}: {
  status: SupportStatus;
  side: 'customer' | 'staff';
}) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {side === 'customer' ? customerStatusLabel(status) : staffStatusLabel(status)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: SupportPriority }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="outline">
      {priorityLabel(priority)}
    </Badge>
  );
}
