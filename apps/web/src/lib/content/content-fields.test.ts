import { describe, expect, it } from 'vitest';
import { keyFromName, keyFromTitle, normaliseTags } from './content-fields.ts';

describe('content fields', () => {
  it('suggests a playbook’s or article’s key from its title', () => {
    expect(keyFromTitle('Patch management')).toBe('patch-management');
    expect(keyFromTitle('Running an assessment')).toBe('running-an-assessment');
    expect(keyFromTitle('  Réponse à incident!  ')).toBe('reponse-a-incident');
    expect(keyFromTitle('NIST CSF 2.0')).toBe('nist-csf-2.0');
    expect(keyFromTitle('***')).toBe('');
  });

  it('makes a framework key from its name', () => {
    expect(keyFromName('NIST CSF 2.0')).toBe('nist-csf-2.0');
    expect(keyFromName('  Ünïcode — Höhe!  ')).toBe('unicode-hohe');
    expect(keyFromName('...')).toBe('');
  });

  it('keeps tags trimmed, lowercase and each once', () => {
    expect(normaliseTags([' Ops', 'ops', 'NIS2 ', ''])).toEqual(['ops', 'nis2']);
  });
});
