/**
 * A row of the admin's client list, as the admin-clients function answers it: the account's real e-mail,
 * confirmation and last sign-in (docs/architecture.md, Departure 4), and the officer's latest view of the client's
 * portal.
 */
export type ClientRow = {
  id: string;
  email: string;
  created_at: string;
  last_sign_in_at: string | null;
  email_confirmed_at: string | null;
  profile: { business_name: string | null; phone: string | null; role: string };
  /** When an officer last opened the client's portal (Access Portal), and who: null if never. */
  last_portal_view: { at: string; by: string | null } | null;
};
