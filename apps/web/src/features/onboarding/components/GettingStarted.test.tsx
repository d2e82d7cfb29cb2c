import { MantineProvider } from '@mantine/core';
import { ROUTES } from '@tenantry/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { gettingStarted, type GettingStartedFacts } from '../lib/getting-started.ts';
import { GettingStarted } from './GettingStarted.tsx';

const FACTS: GettingStartedFacts = {
  hasClientTenants: true,
  hasAssessments: true,
  hasRespondents: true,
  openAssessment: null,
  hasShares: true,
  hasInvitedSomeone: true,
  emailVerified: true,
  email: 'robin@example.test',
  canInvite: true,
  canShare: true,
};

function renderChecklist(
  facts: GettingStartedFacts,
  props: { hidden?: boolean; onHide?: () => void; onShow?: () => void } = {},
) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <GettingStarted checklist={gettingStarted(facts, ROUTES)} {...props} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('the getting started checklist', () => {
  it('shows while a step is left', () => {
    renderChecklist({ ...FACTS, hasShares: false });
    expect(screen.getByRole('heading', { name: 'Getting started' })).toBeTruthy();
    expect(screen.getByText('5 of 6 done')).toBeTruthy();
  });

  it('stays until an assessment exists, and links the help that is built', () => {
    renderChecklist({ ...FACTS, hasAssessments: false, hasRespondents: false });
    expect(screen.getByRole('link', { name: 'Start an assessment' }).getAttribute('href')).toBe(
      '/tenant',
    );
    expect(
      screen.getByRole('link', { name: 'Ask our support team for help' }).getAttribute('href'),
    ).toBe('/support');
    expect(screen.queryByText('Coming soon')).toBeNull();
  });

  it('can be hidden, and shown again', async () => {
    const onHide = vi.fn();
    renderChecklist({ ...FACTS, hasShares: false }, { onHide });
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(onHide).toHaveBeenCalled();
  });

  it('when hidden, leaves only the way to show it again', async () => {
    const onShow = vi.fn();
    renderChecklist({ ...FACTS, hasShares: false }, { hidden: true, onShow });
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Show the getting-started checklist (5 of 6 done)' }),
    );
    expect(onShow).toHaveBeenCalled();
  });

  it('hides itself once every step is done', () => {
    renderChecklist(FACTS);
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();
  });
});
