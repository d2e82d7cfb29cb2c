import type { ScreenName } from '@tenantry/shared';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from './route-handle.ts';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

const checkoutOutcome = lazy(() => import('./routes/checkout-outcome/index.tsx'));
// Pages the server sends from an entry of their own (in-progress.html, guest.html).
const otherEntry = lazy(() => import('./routes/other-entry/index.tsx'));
const tenant = lazy(() => import('./routes/tenant/index.tsx'));
const welcome = lazy(() => import('./routes/welcome/index.tsx'));

/** Route chunks: each screen loads on first visit, keeping the shell small. */
export const SCREENS: Record<ScreenName, Screen> = {
  welcome,
  explore: lazy(() => import('./routes/explore/index.tsx')),
  tenantList: lazy(() => import('./routes/tenant-list/index.tsx')),
  tenant,
  baselineView: tenant,
  assessmentResults: tenant,
  acrossClients: lazy(() => import('./routes/across-clients/index.tsx')),
  admin: lazy(() => import('./routes/admin/index.tsx')),
  support: lazy(() => import('./routes/support/index.tsx')),
  roadmap: lazy(() => import('./routes/roadmap/index.tsx')),
  developer: lazy(() => import('./routes/developer/index.tsx')),
  contentAdmin: lazy(() => import('./routes/content-admin/index.tsx')),
  service: lazy(() => import('./routes/service/index.tsx')),
  upgradeSuccess: checkoutOutcome,
  downgradeSuccess: checkoutOutcome,
  checkoutSuccess: checkoutOutcome,
  checkoutCancel: checkoutOutcome,
  assessmentLanding: otherEntry,
  signin: otherEntry,
  sharedSignin: otherEntry,
  signup: otherEntry,
  forgotPassword: otherEntry,
  resetPassword: otherEntry,
  verifyEmail: lazy(() => import('./routes/verify-email/index.tsx')),
  invitation: otherEntry,
  signout: lazy(() => import('./routes/signout/index.tsx')),
  notFound: lazy(() => import('./routes/not-found/index.tsx')),
};
