import { PASSWORD_LIMITS } from '@tenantry/shared';
import { t } from '../messages.ts';

/**
 * The hint under a new-password field (the profile's password change; the guest pages, in
 * src/guest, say the same). The password limits are the server's own (PASSWORD_LIMITS).
 */
export const newPasswordHint = () => t('password.newHint', { min: String(PASSWORD_LIMITS.min) });
