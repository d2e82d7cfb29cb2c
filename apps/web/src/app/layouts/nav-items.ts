import type { CurrentUser } from '@tenantry/shared';

export interface NavItem {
  label: string;
  to: string;
  /** Path prefixes that mark the item as the current page. */
  match: readonly string[];
}

const ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/', match: ['/', '/home'] },
  { label: 'Client tenants', to: '/tenant', match: ['/tenant'] },
  { label: 'Explore', to: '/explore', match: ['/explore'] },
  { label: 'Support', to: '/support', match: ['/support'] },
  { label: 'Roadmap', to: '/roadmap', match: ['/roadmap'] },
  { label: 'Developer', to: '/developer', match: ['/developer'] },
  { label: 'Content', to: '/contentAdmin', match: ['/contentAdmin'] },
  { label: 'Account', to: '/admin', match: ['/admin'] },
];

const SERVICE: NavItem = { label: 'Service', to: '/service', match: ['/service'] };

/** The main navigation; Service only for system admins. */
export function navItemsFor(user: CurrentUser): readonly NavItem[] {
  return user.role === 'systemadmin' ? [...ITEMS, SERVICE] : ITEMS;
}

export function isActive(item: NavItem, pathname: string): boolean {
  return item.match.some((p) =>
    p === '/' || p === '/home' ? pathname === p : pathname === p || pathname.startsWith(`${p}/`),
  );
}
