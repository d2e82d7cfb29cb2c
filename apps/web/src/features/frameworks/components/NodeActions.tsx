import type { Section } from '@tenantry/shared';
import { FRAMEWORK_LIMITS } from '@tenantry/shared';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconFolderPlus,
  IconPlus,
  IconTransfer,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import {
  countWithin,
  getNode,
  moveTargets,
  siblingPosition,
  type NodeRef,
} from '../lib/framework-tree.ts';
import { plural } from '../lib/framework-status.ts';

interface NodeActionsProps {
  sections: readonly Section[];
  nodeRef: NodeRef;
  onAddQuestion: () => void;
  onAddSubsection: () => void;
  onMove: (delta: -1 | 1) => void;
  onMoveInto: (target: number[] | null) => void;
  onDelete: () => void;
}

/** What can be done to the selected section or question: add inside it, move it, delete it. */
export function NodeActions({
  sections,
  nodeRef,
  onAddQuestion,
  onAddSubsection,
  onMove,
  onMoveInto,
  onDelete,
}: NodeActionsProps) {
  const [moving, setMoving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const node = getNode(sections, nodeRef);
  const position = siblingPosition(sections, nodeRef);
  if (!node || !position) return null;
  const isSection = node.kind === 'section';
  const targets = moveTargets(sections, nodeRef);
  const what = isSection ? 'section' : 'question';

  return (
    <>
      <Group gap={6} wrap="wrap" role="group" aria-label={`Change this ${what}`}>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={onAddQuestion}
        >
          {isSection ? 'Add question' : 'Add question below'}
        </Button>
        {isSection ? (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconFolderPlus size={14} aria-hidden />}
            onClick={onAddSubsection}
            disabled={node.depth >= FRAMEWORK_LIMITS.depth}
          >
            Add sub-section
          </Button>
        ) : null}
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconArrowUp size={14} aria-hidden />}
          onClick={() => onMove(-1)}
          disabled={position.index === 0}
        >
          Move up
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconArrowDown size={14} aria-hidden />}
          onClick={() => onMove(1)}
          disabled={position.index >= position.count - 1}
        >
          Move down
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconTransfer size={14} aria-hidden />}
          onClick={() => setMoving(true)}
          disabled={targets.length === 0}
        >
          Move to…
        </Button>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => setDeleting(true)}
        >
          Delete
        </Button>
      </Group>
      <MoveModal
        opened={moving}
        onClose={() => setMoving(false)}
        what={`${what} ${node.node.key}`}
        targets={targets}
        onMove={(t) => {
          setMoving(false);
          onMoveInto(t);
        }}
      />
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete ${what} ${node.node.key}?`}
        centered
      >
        <Stack>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            “{node.node.title}” is removed from the draft
            {node.kind === 'section' ? withinText(node.node) : ''}. Nothing is lost until you save;
            published versions keep it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)} data-autofocus>
              Keep it
            </Button>
            <Button
              color="red"
              onClick={() => {
                setDeleting(false);
                onDelete();
              }}
            >
              Delete {what}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function withinText(section: Section): string {
  const c = countWithin(section);
  if (c.sections === 0 && c.questions === 0) return '';
  const parts = [];
  if (c.sections) parts.push(plural(c.sections, 'sub-section'));
  if (c.questions) parts.push(plural(c.questions, 'question'));
  return `, with its ${parts.join(' and ')}`;
}

function MoveModal({
  opened,
  onClose,
  what,
  targets,
  onMove,
}: {
  opened: boolean;
  onClose: () => void;
  what: string;
  targets: ReturnType<typeof moveTargets>;
  onMove: (target: number[] | null) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  const data = targets.map((t) => ({
    value: t.path ? t.path.join('.') : 'top',
    label: t.path ? `${'  '.repeat(Math.max(0, t.depth - 1))}${t.key} — ${t.title}` : 'Top level',
  }));
  return (
    <Modal opened={opened} onClose={onClose} title={`Move ${what}`} centered>
      <Stack>
        <Select
          label="Into"
          description="It goes to the end of the section you choose."
          placeholder="Choose a section"
          data={data}
          value={value}
          onChange={setValue}
          searchable
          nothingFoundMessage="No such section"
          comboboxProps={{ withinPortal: false }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={value === null}
            onClick={() => {
              if (value === null) return;
              onMove(value === 'top' ? null : value.split('.').map(Number));
              setValue(null);
            }}
          >
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
