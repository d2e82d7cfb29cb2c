import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '#web/lib/api.ts';
import { RevisionConflict, conflictCurrent } from './RevisionConflict.tsx';

const THEIRS = { id: 'p1', title: 'Their title', revision: 4 };

function renderConflict(
  props: Partial<Parameters<typeof RevisionConflict<typeof THEIRS>>[0]> = {},
) {
  const onKeepMine = vi.fn();
  const onTakeTheirs = vi.fn();
  render(
    <MantineProvider>
      <RevisionConflict
        current={THEIRS}
        noun="playbook"
        savedBy="Sam Admin"
        savedAt="2026-03-01T10:00:00.000Z"
        onKeepMine={onKeepMine}
        onTakeTheirs={onTakeTheirs}
        renderTheirs={(c) => <p>{c.title}</p>}
        {...props}
      />
    </MantineProvider>,
  );
  return { onKeepMine, onTakeTheirs };
}

describe('RevisionConflict', () => {
  it('says who saved meanwhile and when', () => {
    renderConflict();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This playbook was changed meanwhile');
    expect(alert.textContent).toContain('Sam Admin saved this playbook on');
    expect(alert.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-01T10:00:00.000Z');
  });

  it("says what happened in the caller's words when given a summary", () => {
    renderConflict({ noun: 'answer', summary: 'Ana changed this to Yes 2 minutes ago.' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This answer was changed meanwhile');
    expect(alert.textContent).toContain(
      'Ana changed this to Yes 2 minutes ago. Your changes are not saved yet.',
    );
    expect(alert.textContent).not.toContain('Sam Admin saved');
  });

  it('"Keep mine" hands back their item (to save on its revision)', async () => {
    const { onKeepMine, onTakeTheirs } = renderConflict();
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(onKeepMine).toHaveBeenCalledWith(THEIRS);
    expect(onTakeTheirs).not.toHaveBeenCalled();
  });

  it('"Take theirs" hands back their item (to load it)', async () => {
    const { onKeepMine, onTakeTheirs } = renderConflict();
    await userEvent.click(screen.getByRole('button', { name: 'Take theirs' }));
    expect(onTakeTheirs).toHaveBeenCalledWith(THEIRS);
    expect(onKeepMine).not.toHaveBeenCalled();
  });

  it('shows their version on request, and says "Someone else" when the author is unknown', async () => {
    renderConflict({ savedBy: null, savedAt: null });
    expect(screen.getByRole('alert').textContent).toContain(
      'Someone else saved this playbook while',
    );
    const toggle = screen.getByRole('button', { name: 'Show their version' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Their title')).toBeTruthy();
  });

  it('keeps "Take theirs" off while "Keep mine" saves', () => {
    renderConflict({ busy: true });
    expect(screen.getByRole('button', { name: 'Take theirs' })).toHaveProperty('disabled', true);
  });
});

describe('conflictCurrent', () => {
  const schema = z.object({ id: z.string(), title: z.string(), revision: z.number() });

  it('is undefined for anything but a 409 stale revision', () => {
    expect(conflictCurrent(new Error('x'), schema)).toBeUndefined();
    expect(
      conflictCurrent(new ApiError(409, 'content.key_taken', 'taken'), schema),
    ).toBeUndefined();
  });

  it('reads details.current, or null when the answer lacks it', () => {
    const bare = new ApiError(409, 'content.stale_revision', 'stale');
    expect(conflictCurrent(bare, schema)).toBeNull();
    const withDetails = Object.assign(new ApiError(409, 'content.stale_revision', 'stale'), {
      details: { current: THEIRS },
    });
    expect(conflictCurrent(withDetails, schema)).toEqual(THEIRS);
  });
});
