import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown.tsx';

function renderMarkdown(text: string) {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <Markdown data-testid="md">{text}</Markdown>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('Markdown', () => {
  it('renders GitHub-flavoured markdown with headings, lists, tables and task lists', () => {
    renderMarkdown(
      '## Steps\n\n- one\n- ~~two~~\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Steps' })).toBeTruthy();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByText('two').tagName).toBe('DEL');
    expect(screen.getByRole('checkbox')).toHaveProperty('checked', true);
  });

  it('never renders raw HTML: script, iframe, event handlers and inline tags are dropped', () => {
    const { container } = renderMarkdown(
      'Hello <script>alert(1)</script> <b onclick="alert(2)">bold</b>\n\n' +
        '<iframe src="https://evil.test"></iframe>\n\n<img src=x onerror="alert(3)">\n\nafter',
    );
    const md = screen.getByTestId('md');
    expect(md.querySelector('script, iframe, b, [onclick], [onerror]')).toBeNull();
    expect(md.innerHTML).not.toMatch(/<script|onerror|onclick|iframe/i);
    expect(container.textContent).toContain('Hello');
    expect(container.textContent).toContain('after');
  });

  it('drops javascript:, data: and vbscript: links (the text stays, no href)', () => {
    renderMarkdown(
      '[one](javascript:alert(1)) [two](JaVaScRiPt:alert(2)) [three](data:text/html;base64,PHNjcmlwdD4=) ' +
        '[four](vbscript:msgbox) [five](java%0ascript:alert(5)) <javascript:alert(6)>',
    );
    const md = screen.getByTestId('md');
    for (const a of md.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
    expect(screen.queryByRole('link', { name: 'one' })).toBeNull();
    expect(screen.getByText('one')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'three' })).toBeNull();
  });

  it('opens other sites in a new tab without opener or referrer; app links stay in the app', () => {
    renderMarkdown('[NIST](https://www.nist.gov/cyberframework) and [tenants](/tenants)');
    const external = screen.getByRole('link', { name: 'NIST' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    const internal = screen.getByRole('link', { name: 'tenants' });
    expect(internal.getAttribute('href')).toBe('/tenants');
    expect(internal.getAttribute('target')).toBeNull();
  });

  it('shows only stored images of this app; any other image is a link', () => {
    renderMarkdown(
      '![diagram](/api/v1/media/abc123)\n\n![tracker](https://evil.test/pixel.png)\n\n' +
        '![proto](//evil.test/api/v1/media/x)',
    );
    const img = screen.getByRole('img', { name: 'diagram' });
    expect(img.getAttribute('src')).toBe('/api/v1/media/abc123');
    expect(screen.getAllByRole('img')).toHaveLength(1);
    const tracker = screen.getByRole('link', { name: 'Image: tracker' });
    expect(tracker.getAttribute('href')).toBe('https://evil.test/pixel.png');
    expect(tracker.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Image: proto' })).toBeTruthy();
  });
});
