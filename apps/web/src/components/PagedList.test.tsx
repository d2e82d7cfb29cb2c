import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PagedList, type PagedListProps, type PagedQuery } from './PagedList.tsx';

const query = (over: Partial<PagedQuery> = {}): PagedQuery => ({
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  hasNextPage: false,
  fetchNextPage: vi.fn(),
  isFetchingNextPage: false,
  ...over,
});

function renderList(props: Partial<PagedListProps> & { query: PagedQuery }) {
  render(
    <MantineProvider>
      <PagedList count={0} noun="playbooks" {...props}>
        <p>the items</p>
      </PagedList>
    </MantineProvider>,
  );
}

describe('paged list', () => {
  it('shows skeleton rows while the first page loads', () => {
    renderList({ query: query({ isPending: true }) });
    expect(screen.getByLabelText('Loading playbooks').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('the items')).toBeNull();
  });

  it('says the list could not be loaded, with “Try again”', async () => {
    const q = query({ isError: true, error: new Error('The server is down.') });
    renderList({ query: q });
    expect(screen.getByRole('alert').textContent).toContain('The playbooks could not be loaded');
    expect(screen.getByText('The server is down.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('says when nothing matches', () => {
    renderList({ query: query() });
    expect(screen.getByRole('status').textContent).toBe('No playbooks match.');
  });

  it('shows the items, “Load more” while there is more, and why the last page failed', async () => {
    const q = query({ hasNextPage: true, isError: true, error: new Error('Offline.') });
    renderList({ query: q, count: 50, total: 80 });
    expect(screen.getByText('the items')).toBeTruthy();
    expect(screen.getByText('50 of 80')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('Offline.');
  });
});
