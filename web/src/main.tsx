import './lib/zod-without-eval.ts';
import { startTransition } from 'react';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Lets the browser paint and handle input between the steps of start-up (each is a task of its own). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in steps, each a task of its own so that none blocks the main thread for long (on a phone
 * each is several times longer than on a laptop): evaluating React DOM, evaluating the app (Chakra, the
 * router, the layout), building the styling system, then rendering the page. The code of the first two
 * steps is in chunks of its own, loaded by this small entry.
 */
async function start(container: HTMLElement) {
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const { app, appSystem, loadScreenCode, markAppLive } = await import('./app/root.tsx');
  // A signed-in screen's page code (preloaded by its document) is in before the first render, which shows it.
  const screenCode = loadScreenCode(window.location.pathname);
  await nextTask();
  appSystem();
  await nextTask();
  await screenCode;
  // Public pages are prerendered at build time (entry-prerender.tsx): hydrate them, as a transition so that
  // React works in small slices and the page stays responsive meanwhile; other routes start empty.
  // Signed-in screens' pages hold only a placeholder (server/cli/web-build.ts, appShellDocument): replaced.
  const prerendered = container.firstElementChild && !container.firstElementChild.hasAttribute('data-app-shell');
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else {
    // Nothing to hydrate: every component renders for the browser from the start, also as a transition (in
    // slices); the placeholder stays until React puts the page in its place.
    markAppLive();
    const reactRoot = createRoot(container);
    startTransition(() => reactRoot.render(app));
  }
}

void start(root);
