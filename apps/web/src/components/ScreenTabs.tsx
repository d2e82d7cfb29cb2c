import { ScrollArea, Tabs } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface ScreenTabsProps {
  /** Tab values: URL segments (e.g. `members` in /admin/members). */
  tabs: readonly string[];
  /** The selected tab, or null when the URL names none of them. */
  active: string | null;
  /** The URL a tab leads to. */
  hrefFor: (tab: string) => string;
  label: string;
  children: ReactNode;
}

export function tabLabel(tab: string): string {
  return tab.charAt(0).toUpperCase() + tab.slice(1);
}

/**
 * Tabs whose values are URL segments: choosing one navigates; the URL decides the selection.
 * The row stays one line and scrolls sideways on a narrow screen, the selected tab in view.
 */
export function ScreenTabs({ tabs, active, hrefFor, label, children }: ScreenTabsProps) {
  const navigate = useNavigate();
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const selected = listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    selected?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value && value !== active) void navigate(hrefFor(value));
      }}
      keepMounted={false}
    >
      <ScrollArea type="never" mb="lg" data-testid="screen-tabs">
        <Tabs.List
          ref={listRef}
          aria-label={label}
          miw="100%"
          w="max-content"
          style={{ flexWrap: 'nowrap' }}
        >
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {tabLabel(tab)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </ScrollArea>
      {active ? <Tabs.Panel value={active}>{children}</Tabs.Panel> : children}
    </Tabs>
  );
}
