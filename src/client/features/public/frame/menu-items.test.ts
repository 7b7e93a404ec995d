import { describe, expect, it } from 'vitest';
import { buildMenu, type Menu } from './menu-items';

const labels = (menu: Menu) => ({
  main: menu.main.map((i) => i.label),
  contact: menu.contact.map((i) => i.label),
  account: menu.account.map((i) => i.label),
});

describe('buildMenu', () => {
  it('offers the logged-out menu with contact links once the support address is known', () => {
    const menu = buildMenu({ user: null, isLoading: false, supportEmail: 'help@plansmith.com' });
    expect(labels(menu)).toEqual({
      main: ['For Homeowners', 'For Contractors', 'FAQ'],
      contact: ['Schedule a consultation', 'help@plansmith.com'],
      account: ['Log In', 'Get Started'],
    });
    expect(menu.main.map((i) => i.href)).toEqual(['/', '/pros/', '/faq/']);
    expect(menu.account.map((i) => i.href)).toEqual(['/signin/', '/signup/']);
    expect(
      menu.contact.every((i) => i.external && i.href.startsWith('mailto:help@plansmith.com')),
    ).toBe(true);
    expect(menu.contact[0]?.href).toContain('subject=Schedule%20a%20consultation');
  });

  it('leaves the contact links out until the support address is known', () => {
    const menu = buildMenu({ user: null, isLoading: false, supportEmail: undefined });
    expect(menu.contact).toEqual([]);
    expect(labels(menu).account).toEqual(['Log In', 'Get Started']);
  });

  it('gives contractors Create New Proposal', () => {
    const menu = buildMenu({
      user: { role: 'contractor' },
      isLoading: false,
      supportEmail: 'a@b.co',
    });
    expect(labels(menu)).toEqual({
      main: ['Dashboard', 'Create New Proposal', 'FAQ'],
      contact: [],
      account: ['Account', 'Log out'],
    });
    expect(menu.main.map((i) => i.href)).toEqual(['/dashboard/', '/create/', '/faq/']);
    // 'Log out of all devices' is on the account page, so the bar fits from 770 px (0089).
    expect(menu.account.map((i) => i.href)).toEqual(['/account/', '/logout/']);
  });

  it('does not give homeowners Create New Proposal', () => {
    const menu = buildMenu({
      user: { role: 'homeowner' },
      isLoading: false,
      supportEmail: 'a@b.co',
    });
    expect(labels(menu).main).toEqual(['Dashboard', 'FAQ']);
  });

  it('shows nothing while the session is still loading', () => {
    const menu = buildMenu({ user: null, isLoading: true, supportEmail: 'a@b.co' });
    expect(menu).toEqual({ main: [], contact: [], account: [] });
  });
});
