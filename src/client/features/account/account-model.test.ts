import { describe, expect, it } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import { accountBody, effectsOf, isChanged, nameError, valuesOf } from './account-model';

const carla: User = {
  _id: 'u1',
  email: 'carla@example.com',
  name: 'Carla Contreras',
  phoneNumber: '555-0100',
  companyName: 'Contreras Remodeling',
  role: 'contractor',
  reassign: null,
  companyLogo: '/api/files/f1',
};
const hana: User = { ...carla, role: 'homeowner', name: '', companyName: '', companyLogo: null };

describe('the account settings form', () => {
  it('requires a name of a contractor only', () => {
    expect(nameError('contractor', '  ')).toBe('Please enter your name.');
    expect(nameError('contractor', 'C')).toBeUndefined();
    expect(nameError('homeowner', '')).toBeUndefined();
  });

  it("sends a contractor's company, and the logo only when it changes", () => {
    const values = { name: ' Carla Reyes ', phoneNumber: ' 555 ', companyName: ' Reyes ' };
    expect(accountBody('contractor', values, 3, { kind: 'keep' })).toEqual({
      version: 3,
      name: 'Carla Reyes',
      phoneNumber: '555',
      companyName: 'Reyes',
    });
    expect(accountBody('contractor', values, 3, { kind: 'remove' })).toMatchObject({
      companyLogoId: null,
    });
    expect(accountBody('contractor', values, 3, { kind: 'uploaded', id: 'f2' })).toMatchObject({
      companyLogoId: 'f2',
    });
  });

  it('sends a homeowner only their name and phone', () => {
    const body = accountBody('homeowner', { ...valuesOf(hana), companyName: 'x' }, 1, {
      kind: 'remove',
    });
    expect(body).toEqual({ version: 1, name: '', phoneNumber: '555-0100' });
  });

  it('knows whether anything was changed', () => {
    expect(isChanged(carla, valuesOf(carla), { kind: 'keep' })).toBe(false);
    expect(
      isChanged(carla, { ...valuesOf(carla), name: 'Carla Contreras ' }, { kind: 'keep' }),
    ).toBe(false);
    expect(isChanged(carla, { ...valuesOf(carla), phoneNumber: '1' }, { kind: 'keep' })).toBe(true);
    expect(isChanged(carla, valuesOf(carla), { kind: 'remove' })).toBe(true);
  });

  it('says what a change reaches, and what it leaves as written', () => {
    const contractor = effectsOf('contractor').lines.join(' ');
    expect(contractor).toContain('proposals you create from now on');
    expect(contractor).toContain(
      'Proposals already written keep their own cover, logo and welcome.',
    );
    expect(effectsOf('homeowner').lines.join(' ')).toContain(
      'you keep the name its contractor wrote for you',
    );
  });
});
