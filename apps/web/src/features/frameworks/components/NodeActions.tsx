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
import { t } from '../messages.ts';

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
  const key = node.node.key;

  return (
    <>
      <Group
        gap={6}
        wrap="wrap"
        role="group"
        aria-label={isSection ? t('node.actions.section') : t('node.actions.question')}
      >
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={onAddQuestion}
        >
          {isSection ? t('node.addQuestion') : t('node.addQuestionBelow')}
        </Button>
        {isSection ? (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconFolderPlus size={14} aria-hidden />}
            onClick={onAddSubsection}
            disabled={node.depth >= FRAMEWORK_LIMITS.depth}
          >
            {t('node.addSubsection')}
          </Button>
        ) : null}
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconArrowUp size={14} aria-hidden />}
          onClick={() => onMove(-1)}
          disabled={position.index === 0}
        >
          {t('node.moveUp')}
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconArrowDown size={14} aria-hidden />}
          onClick={() => onMove(1)}
          disabled={position.index >= position.count - 1}
        >
          {t('node.moveDown')}
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconTransfer size={14} aria-hidden />}
          onClick={() => setMoving(true)}
          disabled={targets.length === 0}
        >
          {t('node.moveTo')}
        </Button>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => setDeleting(true)}
        >
          {t('node.delete')}
        </Button>
      </Group>
      <MoveModal
        opened={moving}
        onClose={() => setMoving(false)}
        title={isSection ? t('move.title.section', { key }) : t('move.title.question', { key })}
        targets={targets}
        onMove={(target) => {
          setMoving(false);
          onMoveInto(target);
        }}
      />
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={
          isSection
            ? t('node.delete.title.section', { key })
            : t('node.delete.title.question', { key })
        }
        centered
      >
        <Stack>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {deleteText(node.node.title, node.kind === 'section' ? contentsText(node.node) : '')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)} data-autofocus>
              {t('node.delete.keep')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setDeleting(false);
                onDelete();
              }}
            >
              {isSection ? t('node.delete.confirm.section') : t('node.delete.confirm.question')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** What a section holds, in words ('' when empty): "2 sub-sections and 5 questions". */
function contentsText(section: Section): string {
  const c = countWithin(section);
  const counts = { sections: c.sections, questions: c.questions };
  if (c.sections && c.questions) return t('node.contents.both', counts);
  if (c.sections) return t('node.contents.sections', counts);
  if (c.questions) return t('node.contents.questions', counts);
  return '';
}

function deleteText(title: string, contents: string): string {
  return contents
    ? t('node.delete.bodyWithin', { title, contents })
    : t('node.delete.body', { title });
}

function MoveModal({
  opened,
  onClose,
  title,
  targets,
  onMove,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  targets: ReturnType<typeof moveTargets>;
  onMove: (target: number[] | null) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  const data = targets.map((target) => ({
    value: target.path ? target.path.join('.') : 'top',
    label: target.path
      ? `${'  '.repeat(Math.max(0, target.depth - 1))}${target.key} — ${target.title}`
      : t('move.topLevel'),
  }));
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Select
          label={t('move.into')}
          description={t('move.into.description')}
          placeholder={t('move.into.placeholder')}
          data={data}
          value={value}
          onChange={setValue}
          searchable
          nothingFoundMessage={t('move.noMatch')}
          comboboxProps={{ withinPortal: false }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('move.cancel')}
          </Button>
          <Button
            disabled={value === null}
            onClick={() => {
              if (value === null) return;
              onMove(value === 'top' ? null : value.split('.').map(Number));
              setValue(null);
            }}
          >
            {t('move.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
