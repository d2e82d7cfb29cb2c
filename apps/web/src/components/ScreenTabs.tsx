import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** Tabs whose values are URL segments: choosing one navigates; the URL decides the selection. */
export function ScreenTabs({ tabs, active, hrefFor, label, children }: ScreenTabsProps) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value && value !== active) void navigate(hrefFor(value));
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label={label} mb="lg">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {tabLabel(tab)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {active ? <Tabs.Panel value={active}>{children}</Tabs.Panel> : children}
    </Tabs>
  );
}
