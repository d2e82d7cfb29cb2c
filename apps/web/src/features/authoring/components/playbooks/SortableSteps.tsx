import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { t } from '../../messages.ts';

interface SortableStepsProps<T extends { uid: string }> {
  items: T[];
  /** Moves the item at `from` to `to`. */
  onMove: (from: number, to: number) => void;
  /** How an item is named to people: "step 2, Inventory". */
  nameOf: (item: T, index: number) => string;
  /** One item; `handle` is its drag handle (a button: Space picks it up, arrows move it). */
  children: (item: T, index: number, handle: ReactNode) => ReactNode;
}

function SortableItem({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="lg"
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label={t('steps.handle', { name: label })}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <li
      ref={setNodeRef}
      data-sortable-id={id}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      {children(handle)}
    </li>
  );
}

/**
 * An ordered list whose items move by drag and drop (pointer or keyboard, with spoken
 * announcements) through their handles; each item keeps its own inputs usable.
 */
export function SortableSteps<T extends { uid: string }>({
  items,
  onMove,
  nameOf,
  children,
}: SortableStepsProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier | undefined) => items.findIndex((s) => s.uid === id);
  const name = (id: UniqueIdentifier | undefined) => {
    const i = indexOf(id);
    const item = items[i];
    return item ? nameOf(item, i) : t('steps.unknown');
  };
  const position = (id: UniqueIdentifier | undefined) => indexOf(id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('steps.drag.start', { name: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('steps.drag.over', {
            name: name(active.id),
            position: position(over.id),
            count: items.length,
          })
        : t('steps.drag.notOver', { name: name(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('steps.drag.dropped.at', {
            name: name(active.id),
            position: position(over.id),
            count: items.length,
          })
        : t('steps.drag.dropped', { name: name(active.id) }),
    onDragCancel: ({ active }) => t('steps.drag.cancelled', { name: name(active.id) }),
  };
  const instructions = { draggable: t('steps.instructions') };

  function end({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={items.map((s) => s.uid)} strategy={verticalListSortingStrategy}>
        <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
          {items.map((item, index) => (
            <SortableItem key={item.uid} id={item.uid} label={nameOf(item, index)}>
              {(handle) => children(item, index, handle)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
