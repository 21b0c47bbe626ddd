import { isAdminSession, type AuthState } from '../lib/auth-state.ts';

/** The links of the top bar and mobile drawer (docs/product.md §2, Navigation). */
export const primaryLinks = [
  { label: 'Calculator', to: '/calculator' },
  { label: 'How It Works', to: '/how-it-works' },
  { label: 'FAQ', to: '/faq' },
  { label: 'About', to: '/about' },
] as const;

export type AccountLinks =
  | { kind: 'loading' }
  | {
      kind: 'signed-out';
      portal: { label: 'Client Portal'; to: '/portal/login' };
      apply: { label: 'Apply Now'; to: '/apply' };
    }
  | { kind: 'signed-in'; home: (typeof accountHomes)[keyof typeof accountHomes] };

/**
 * Where a signed-in account's link goes (docs/product.md §2, Navigation), and its names: 'Admin / Admin Dashboard'
 * and 'Portal / Client Portal', the short name in the top bar and the long one in the mobile drawer.
 */
const accountHomes = {
  admin: { to: '/admin', topBarLabel: 'Admin', drawerLabel: 'Admin Dashboard' },
  applicant: { to: '/portal', topBarLabel: 'Portal', drawerLabel: 'Client Portal' },
} as const;

/** Signed out: Client Portal and Apply Now. Signed in: the admin dashboard for admins, else the portal (plus Logout). */
export function accountLinks(auth: AuthState): AccountLinks {
  if (auth.status === 'loading') return { kind: 'loading' };
  if (auth.status === 'signed-out') {
    return {
      kind: 'signed-out',
      portal: { label: 'Client Portal', to: '/portal/login' },
      apply: { label: 'Apply Now', to: '/apply' },
    };
  }
  return {
    kind: 'signed-in',
    home: isAdminSession(auth.session) ? accountHomes.admin : accountHomes.applicant,
  };
}
