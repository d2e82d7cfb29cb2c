import type { ScreenName } from '@tenantry/shared';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from './route-handle.ts';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

const checkoutOutcome = lazy(() => import('./routes/checkout-outcome/index.tsx'));
const tenant = lazy(() => import('./routes/tenant/index.tsx'));
const welcome = lazy(() => import('./routes/welcome/index.tsx'));

/** Route chunks: each screen loads on first visit, keeping the shell small. */
export const SCREENS: Record<ScreenName, Screen> = {
  welcome,
  explore: lazy(() => import('./routes/explore/index.tsx')),
  tenantList: lazy(() => import('./routes/tenant-list/index.tsx')),
  tenant,
  baselineView: tenant,
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
  assessmentLanding: lazy(() => import('./routes/assessment-landing/index.tsx')),
  signin: lazy(() => import('./routes/signin/index.tsx')),
  sharedSignin: lazy(() => import('./routes/shared-signin/index.tsx')),
  signup: lazy(() => import('./routes/signup/index.tsx')),
  forgotPassword: lazy(() => import('./routes/forgot-password/index.tsx')),
  resetPassword: lazy(() => import('./routes/reset-password/index.tsx')),
  verifyEmail: lazy(() => import('./routes/verify-email/index.tsx')),
  invitation: lazy(() => import('./routes/invitation/index.tsx')),
  signout: lazy(() => import('./routes/signout/index.tsx')),
  notFound: lazy(() => import('./routes/not-found/index.tsx')),
};
