import type { CurrentUser } from '@tenantry/shared';
import { t } from '../messages.ts';

export interface NavItem {
  label: string;
  to: string;
  /** Path prefixes that mark the item as the current page. */
  match: readonly string[];
}

const ITEMS = [
  { labelKey: 'nav.home', to: '/', match: ['/', '/home'] },
  { labelKey: 'nav.tenants', to: '/tenant', match: ['/tenant'] },
  { labelKey: 'nav.explore', to: '/explore', match: ['/explore'] },
  { labelKey: 'nav.support', to: '/support', match: ['/support'] },
  { labelKey: 'nav.roadmap', to: '/roadmap', match: ['/roadmap'] },
  { labelKey: 'nav.developer', to: '/developer', match: ['/developer'] },
  { labelKey: 'nav.content', to: '/contentAdmin', match: ['/contentAdmin'] },
  { labelKey: 'nav.account', to: '/admin', match: ['/admin'] },
] as const;

const SERVICE = { labelKey: 'nav.service', to: '/service', match: ['/service'] } as const;

/** The main navigation; Service only for system admins. */
export function navItemsFor(user: CurrentUser): readonly NavItem[] {
  const items = user.role === 'systemadmin' ? [...ITEMS, SERVICE] : ITEMS;
  return items.map(({ labelKey, ...item }) => ({ label: t(labelKey), ...item }));
}

export function isActive(item: NavItem, pathname: string): boolean {
  return item.match.some((p) =>
    p === '/' || p === '/home' ? pathname === p : pathname === p || pathname.startsWith(`${p}/`),
  );
}
