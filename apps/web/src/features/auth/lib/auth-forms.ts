import { PASSWORD_LIMITS } from '@tenantry/shared';

/**
 * The hint under a new-password field (the profile's password change; the guest pages, in
 * src/guest, say the same). The password limits are the server's own (PASSWORD_LIMITS).
 */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_LIMITS.min} characters`;
