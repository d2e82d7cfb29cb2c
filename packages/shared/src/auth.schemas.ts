/** Passwords: at least 8 characters (the security bar), at most 128 (bounded hashing cost). */
export const PASSWORD_LIMITS = { min: 8, max: 128 } as const;
