import '../../web/src/lib/zod-without-eval.ts';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider as ReduxProvider } from 'react-redux';
import type { ConnectionSettings, DesktopBridge } from '../../shared/ipc/channels.ts';
import { createStore } from '../../web/src/app/store.ts';
import { StyleProvider } from '../../web/src/app/style-provider.tsx';
import { api } from '../../web/src/lib/api.ts';
import { handleLogout, onAccountChange, signOut } from '../../web/src/lib/auth-state.ts';
import { loadSupabase } from '../../web/src/lib/load-supabase.ts';
import { PlatformProvider } from '../../web/src/lib/platform.tsx';
import { provideRuntimeConfig } from '../../web/src/lib/runtime-config.ts';
import { ConnectionSetup } from './connection-setup.tsx';
import { DesktopApp } from './desktop-app.tsx';
import { desktopBridge } from './desktop-bridge.ts';
import { desktopLogout } from './desktop-logout.ts';
import { desktopPlatform } from './desktop-platform.ts';
import { createDesktopRepository } from './desktop-repository.ts';
import { createDesktopSession } from './desktop-session.ts';
import { storedAccount } from './stored-session.ts';

/** Everything the desktop app runs on once it knows its server. */
function connect(bridge: DesktopBridge, connection: ConnectionSettings) {
  provideRuntimeConfig(connection);
  const extra: { adminRepository?: ReturnType<typeof createDesktopRepository> } = {};
  const store = createStore(extra);
  const session = createDesktopSession({
    bridge,
    connection,
    supabase: loadSupabase,
    // What a sync brings: the applications with their rows, the lender network and the index values.
    dataChanged: () => store.dispatch(api.util.invalidateTags(['Application', 'IndexValues'])),
    storedAccount: () => storedAccount(),
  });
  extra.adminRepository = createDesktopRepository({
    bridge,
    online: () => session.getState().online,
    canSend: session.canSend,
    wentOffline: session.wentOffline,
    sessionRefused: session.sessionRefused,
    syncNow: session.syncNow,
    queued: session.queued,
  });
  // Nothing read for one account stays in the window's memory for the next (the cache on disk is claimed per
  // account, see DesktopApp).
  onAccountChange(() => store.dispatch(api.util.resetApiState()));
  // A session that ended (expired for good, or ended elsewhere) keeps the cache and the queue for its account:
  // they are sent when it signs in again, never under another account.
  void loadSupabase().then((supabase) =>
    supabase.auth.onAuthStateChange((_event, current) => session.authChanged(current?.user.id ?? null)),
  );
  handleLogout(() => desktopLogout(session, signOut));
  return { store, session };
}

function Desktop({ bridge, initial }: { bridge: DesktopBridge; initial: ConnectionSettings | null }) {
  const [connected] = useState(() => (initial ? connect(bridge, initial) : null));
  // A new server: the window reloads so that its Content-Security-Policy lets it reach that server.
  if (!connected) return <ConnectionSetup bridge={bridge} onSaved={() => window.location.reload()} />;
  return (
    <ReduxProvider store={connected.store}>
      <PlatformProvider adapter={desktopPlatform(bridge)}>
        <DesktopApp session={connected.session} bridge={bridge} />
      </PlatformProvider>
    </ReduxProvider>
  );
}

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const bridge = desktopBridge();
  if (!bridge) {
    root.textContent = 'Loan Match Admin runs inside its desktop app (window.desktop is missing).';
    return;
  }
  const settings = await bridge['settings:get'](undefined);
  createRoot(root).render(
    <StrictMode>
      <StyleProvider>
        <Desktop bridge={bridge} initial={settings.connection} />
      </StyleProvider>
    </StrictMode>,
  );
}

void start();
