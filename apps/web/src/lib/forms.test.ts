import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { applyServerErrors } from './forms.ts';

describe('server errors on a form', () => {
  it('puts the fields of a 400 beside their inputs', () => {
    const form = { setErrors: vi.fn() };
    const err = new ApiError(400, 'common.validation', 'x', {
      email: 'Enter a valid e-mail address.',
    });
    expect(applyServerErrors(form, err)).toBe(true);
    expect(form.setErrors).toHaveBeenCalledWith({ email: 'Enter a valid e-mail address.' });
  });

  it("moves the fields onto the form's own names when the form says how", () => {
    const form = { setErrors: vi.fn() };
    const err = new ApiError(400, 'common.validation', 'x', { expiresAt: 'Too far ahead.' });
    const toFormErrors = (fields: Record<string, unknown>) => ({
      expiresOn: String(fields.expiresAt),
    });
    expect(applyServerErrors(form, err, toFormErrors)).toBe(true);
    expect(form.setErrors).toHaveBeenCalledWith({ expiresOn: 'Too far ahead.' });
  });

  it('leaves the form alone for other answers and for a 400 without fields', () => {
    const form = { setErrors: vi.fn() };
    expect(
      applyServerErrors(form, new ApiError(409, 'sharing.already_shared', 'x', { email: 'dup' })),
    ).toBe(false);
    expect(applyServerErrors(form, new ApiError(400, 'sharing.invalid_code', 'x'))).toBe(false);
    expect(applyServerErrors(form, new Error('boom'))).toBe(false);
    expect(form.setErrors).not.toHaveBeenCalled();
  });
});
