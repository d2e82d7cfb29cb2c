import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { gettingStarted, type GettingStartedFacts } from '../lib/getting-started.ts';
import { GettingStarted } from './GettingStarted.tsx';

const FACTS: GettingStartedFacts = {
  hasClientTenants: true,
  hasShares: true,
  hasInvitedSomeone: true,
  emailVerified: true,
  email: 'robin@example.test',
  canInvite: true,
  canShare: true,
};

function renderChecklist(facts: GettingStartedFacts) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <GettingStarted checklist={gettingStarted(facts)} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('the getting started checklist', () => {
  it('shows while a step is left', () => {
    renderChecklist({ ...FACTS, hasShares: false });
    expect(screen.getByRole('heading', { name: 'Getting started' })).toBeTruthy();
    expect(screen.getByText('3 of 4 done')).toBeTruthy();
  });

  it('hides itself once every step is done', () => {
    renderChecklist(FACTS);
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();
  });
});
