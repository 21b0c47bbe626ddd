import type { LogoutOutcome } from '../../web/src/lib/auth-state.ts';
import type { DesktopSession } from './desktop-session.ts';

export const logoutNeedsServer =
  'You cannot log out while the server cannot be reached: logging out ends your session on the server. Your data and queued changes stay on this computer; log out once the connection returns.';
export const notAllSent =
  'Some queued changes could not be sent: they are listed above. Log out again to discard them, or keep working.';

/**
 * The desktop app's Logout: it needs the server (the session ends there), and it wipes the officer's cache and
 * queue, so with changes still queued the officer chooses first: send them, discard them, or stay signed in.
 */
export async function desktopLogout(session: DesktopSession, signOut: () => Promise<boolean>): Promise<LogoutOutcome> {
  session.setLogoutProblem(null);
  if (!(await session.reachable())) {
    session.setLogoutProblem(logoutNeedsServer);
    return 'kept';
  }
  const queued = () => session.getState().outbox.filter((entry) => entry.state === 'pending').length;
  if (queued() > 0) {
    const choice = await session.askLogout();
    if (choice === 'cancel') return 'kept';
    if (choice === 'send-first') {
      await session.syncNow();
      if (queued() > 0) {
        session.setLogoutProblem(notAllSent);
        return 'kept';
      }
    }
  }
  // Wiped first: a logout that then fails leaves the session, and the next sync fills the cache again.
  await session.forget();
  return (await signOut()) ? 'signed-out' : 'failed';
}
