import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveItem } from '../../lib/playbooks/playbook-form.ts';
import { SortableSteps } from './SortableSteps.tsx';

const ROW = 60;

/** happy-dom lays nothing out: each list item gets a 60 px row by its place in the list. */
function layOut() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: Element,
  ) {
    const li = this.closest('li[data-sortable-id]');
    const index = li ? [...(li.parentElement?.children ?? [])].indexOf(li) : 0;
    const top = index * ROW;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 300,
      bottom: top + ROW - 10,
      width: 300,
      height: ROW - 10,
      toJSON: () => ({}),
    } as DOMRect;
  });
}

function Harness() {
  const [steps, setSteps] = useState([
    { uid: 'a', title: 'Inventory' },
    { uid: 'b', title: 'Patch' },
    { uid: 'c', title: 'Verify' },
  ]);
  return (
    <SortableSteps
      items={steps}
      onMove={(from, to) => setSteps((s) => moveItem(s, from, to))}
      nameOf={(s, i) => `step ${i + 1}, ${s.title}`}
    >
      {(step, _i, handle) => (
        <div>
          {handle}
          <span data-testid="title">{step.title}</span>
        </div>
      )}
    </SortableSteps>
  );
}

/** A key press, then a moment for the sensor's measuring (animation frames, effects). */
async function press(el: Element, code: string, key: string) {
  await act(async () => {
    fireEvent.keyDown(el, { code, key });
    await new Promise((r) => setTimeout(r, 20));
  });
}

const order = () => screen.getAllByTestId('title').map((el) => el.textContent);

describe('step reorder', () => {
  beforeEach(() => {
    layOut();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('moves a step down with the keyboard: Space picks it up, arrow down, Space drops', async () => {
    render(
      <MantineProvider>
        <Harness />
      </MantineProvider>,
    );
    const handle = screen.getByRole('button', { name: 'Move step 1, Inventory' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    handle.focus();
    await press(handle, 'Space', ' ');
    await press(document.activeElement ?? handle, 'ArrowDown', 'ArrowDown');
    await press(document.activeElement ?? handle, 'Space', ' ');
    expect(order()).toEqual(['Patch', 'Inventory', 'Verify']);
  });

  it('cancels a keyboard move with Escape', async () => {
    render(
      <MantineProvider>
        <Harness />
      </MantineProvider>,
    );
    const handle = screen.getByRole('button', { name: 'Move step 2, Patch' });
    handle.focus();
    await press(handle, 'Space', ' ');
    await press(handle, 'ArrowUp', 'ArrowUp');
    await press(handle, 'Escape', 'Escape');
    expect(order()).toEqual(['Inventory', 'Patch', 'Verify']);
    expect(within(document.body).getAllByRole('status').length).toBeGreaterThan(0);
  });
});
