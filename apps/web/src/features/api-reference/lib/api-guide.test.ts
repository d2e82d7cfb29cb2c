import { CheckResultsBatchSchema } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { CHECK_RESULTS_EXAMPLE_JSON, rateLimitText } from './api-guide.ts';

describe('the API guide', () => {
  it('shows a check-results batch the server accepts', () => {
    const parsed = CheckResultsBatchSchema.safeParse(JSON.parse(CHECK_RESULTS_EXAMPLE_JSON));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('states the per-key rate limit from the shared limits', () => {
    expect(rateLimitText()).toBe('600 requests a minute');
  });
});
