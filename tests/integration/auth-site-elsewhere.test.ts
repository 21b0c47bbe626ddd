import { describe, expect, it } from 'vitest';
import { claimsOf, hashParams, latestMail, openLink, uniqueEmail, verifyLinkIn } from '../support/auth-helpers.ts';
import { anonClient, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

/**
 * server/ as the API of a site served elsewhere (a static host): SITE_URL names the site, where e-mailed links
 * send people back to; API_EXTERNAL_URL names server/'s own public address, where those links go and whose
 * /auth/v1 issues the tokens. (tests/e2e/static-host.spec.ts runs the same split in a browser.)
 */
const site = 'https://loans.example';
const api = 'https://api.loans.example';
const server = serverForThisFile({ env: { SITE_URL: site, API_EXTERNAL_URL: api } });

/** The same link on the address the test reaches server/ at (the public one has no DNS here). */
function reachable(link: string): string {
  const url = new URL(link);
  return `${server.url}${url.pathname}${url.search}`;
}

describe('a site on one origin, its API on another', () => {
  it('e-mails a confirmation link to the API that lands on the site, with tokens the API issued', async () => {
    const email = uniqueEmail('split');
    const signUp = await anonClient(server).auth.signUp({
      email,
      password: 'split-pass',
      options: { emailRedirectTo: `${site}/portal` },
    });
    expect(signUp.error).toBeNull();

    const link = new URL(verifyLinkIn(await latestMail(server, email, 'Confirm your')));
    expect(`${link.origin}${link.pathname}`).toBe(`${api}/auth/v1/verify`);
    expect(link.searchParams.get('redirect_to')).toBe(`${site}/portal`);

    const { status, location } = await openLink(reachable(link.toString()));
    expect(status).toBe(303);
    // An implicit-flow sign-up's link confirms the address and lands on the site's reset page to choose the
    // password (README, sign-ups for an address nobody has confirmed), signed in with tokens the API issued.
    expect(`${location!.origin}${location!.pathname}`).toBe(`${site}/portal/reset-password`);
    expect(claimsOf(hashParams(location!).get('access_token')!).iss).toBe(`${api}/auth/v1`);
  });

  it('still refuses to send people anywhere but the site', async () => {
    const email = uniqueEmail('split-redirect');
    await anonClient(server).auth.signUp({ email, password: 'split-pass', options: { emailRedirectTo: api } });
    const link = new URL(verifyLinkIn(await latestMail(server, email, 'Confirm your')));
    expect(link.searchParams.get('redirect_to')).toBe(site);
  });

  it('gives the admin API’s links on the API, and /config.json the API’s address', async () => {
    const email = uniqueEmail('split-invite');
    const { data, error } = await serviceClient(server).auth.admin.generateLink({
      type: 'invite',
      email,
      options: { redirectTo: `${site}/portal` },
    });
    expect(error).toBeNull();
    expect(data.properties?.action_link.startsWith(`${api}/auth/v1/verify?`)).toBe(true);

    const config = (await (await fetch(`${server.url}/config.json`)).json()) as { supabaseUrl: string };
    expect(config.supabaseUrl).toBe(api);
  });
});
