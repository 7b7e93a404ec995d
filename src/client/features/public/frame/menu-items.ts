import { paths } from '../../../../shared/paths';
import type { Role } from '../../../../shared/schemas/auth';
import { consultationHref, mailtoHref } from './mailto';

export interface MenuItem {
  /** Stable key for React lists and tests. */
  id: string;
  label: string;
  /** A path inside the app, or a mailto: address. */
  href: string;
  /** mailto: links are plain anchors, not router links. */
  external: boolean;
  /** `cta` renders as a filled button; the others as text links. */
  emphasis: 'cta' | 'link';
  /** The visible label is not enough on its own (e.g. "Contact" is an e-mail address). */
  ariaLabel?: string;
}

export interface Menu {
  /** Where to go in the product. */
  main: MenuItem[];
  /** Ways to reach a person; logged-out visitors only. */
  contact: MenuItem[];
  /** Log in / sign up, or log out. */
  account: MenuItem[];
}

export interface MenuInput {
  /** null when logged out. */
  user: { role: Role } | null;
  /** True while the session is still being checked (the docs/product/routes.md 'initial' state). */
  isLoading: boolean;
  /** The support address; contact items are left out until it is known. */
  supportEmail: string | undefined;
}

const link = (
  id: string,
  label: string,
  href: string,
  emphasis: MenuItem['emphasis'] = 'link',
): MenuItem => ({
  id,
  label,
  href,
  external: false,
  emphasis,
});

/** The header menus of docs/product/routes.md, as data, so the desktop bar and the mobile panel list the same items. */
export function buildMenu({ user, isLoading, supportEmail }: MenuInput): Menu {
  // Showing the logged-out menu while the session loads would flash "Log In" at people who are
  // signed in; an empty bar for a moment is calmer.
  if (isLoading) return { main: [], contact: [], account: [] };

  if (user) {
    const main = [link('dashboard', 'Dashboard', paths.dashboard())];
    // docs/product/routes.md and docs/product/roles.md: only contractors create proposals.
    if (user.role === 'contractor') {
      main.push(link('create', 'Create New Proposal', paths.create(), 'cta'));
    }
    main.push(link('faq', 'FAQ', paths.faq()));
    // Where one changes their name, company, phone and logo (decision 0094), and ends the
    // sessions of a lost device or a forwarded link (decision 0089): the bar must fit from 770 px.
    const account = [
      link('account', 'Account', paths.account()),
      link('logout', 'Log out', paths.logout()),
    ];
    return { main, contact: [], account };
  }

  const contact: MenuItem[] = supportEmail
    ? [
        {
          id: 'consultation',
          label: 'Schedule a consultation',
          href: consultationHref(supportEmail),
          external: true,
          emphasis: 'link',
          ariaLabel: 'Schedule a consultation by e-mail',
        },
        {
          id: 'contact',
          label: supportEmail,
          href: mailtoHref(supportEmail),
          external: true,
          emphasis: 'link',
          ariaLabel: `E-mail us at ${supportEmail}`,
        },
      ]
    : [];

  return {
    main: [
      link('homeowners', 'For Homeowners', paths.home()),
      link('contractors', 'For Contractors', paths.pros()),
      link('faq', 'FAQ', paths.faq()),
    ],
    contact,
    account: [
      link('login', 'Log In', paths.signin()),
      link('signup', 'Get Started', paths.signup(), 'cta'),
    ],
  };
}
