import { describe, expect, it } from 'vitest';
import { cleanCode, groupedSecret, totpSecret } from './totp.ts';

describe('authenticator app setup', () => {
  it('reads the key of an otpauth URI, grouped for reading', () => {
    const uri = 'otpauth://totp/Tenantry:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Tenantry';
    expect(totpSecret(uri)).toBe('JBSWY3DPEHPK3PXP');
    expect(groupedSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(totpSecret('not a uri')).toBe('');
  });

  it('takes a code as typed', () => {
    expect(cleanCode(' 123 456 ')).toBe('123456');
    expect(cleanCode('abcde-12345')).toBe('abcde12345');
  });
});
