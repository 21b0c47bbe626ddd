import type { CachedApplication, DesktopBridge } from '../../shared/ipc/channels.ts';
import {
  AdminRequestError,
  apiAdminRepository,
  type AdminRepository,
  type ApplicationDetail,
} from '../../web/src/features/admin/admin-repository.ts';

type Related = CachedApplication['related'];

function newestFirst<T extends Record<string, unknown>>(rows: T[]): T[] {
  return [...rows].reverse();
}

/** The cached rows of an application, in the shape and order the API gives the admin screens. */
export function detailFromCache({ application, related }: CachedApplication): ApplicationDetail {
  const pick = <K extends keyof Related>(table: K) => related[table] as never[];
  return {
    application,
    events: pick('application_events'),
    documents: newestFirst(pick('documents')),
    additionalInfo: pick('additional_info')[0] ?? null,
    audit: pick('audit_log'),
    letters: newestFirst(pick('pre_application_letters')),
    termSheets: newestFirst(pick('term_sheets')),
    bankPackages: newestFirst(pick('bank_packages')),
  };
}

export type DesktopRepositoryDeps = {
  bridge: DesktopBridge;
  /** Whether the server was reachable at the last check. */
  isOnline: () => boolean;
  /** Called when a request finds the server unreachable. */
  wentOffline: () => void;
  /** Runs an incremental sync (after a decision, on Refresh Data). */
  syncNow: () => Promise<void>;
  /** Called after a decision was queued, so the outbox count is current. */
  queued: () => void;
};

/**
 * The desktop app's admin repository: the screens read the officer's cache (kept current by sync), so
 * lists, search and detail work the same online and offline; a decision goes to the server when it can
 * be reached and to the outbox when not.
 */
export function createDesktopRepository(deps: DesktopRepositoryDeps): AdminRepository & { refresh(): Promise<void> } {
  const { bridge } = deps;
  return {
    applicationsPage: (args) => bridge['cache:applications-page'](args),
    async applicationDetail(id) {
      const cached = await bridge['cache:application-detail']({ id });
      if (!cached) throw new AdminRequestError('refused', `Application ${id} is not in the offline copy`);
      return detailFromCache(cached);
    },
    async decide(decision) {
      if (deps.isOnline()) {
        try {
          await apiAdminRepository.decide(decision);
          await deps.syncNow();
          return 'applied';
        } catch (error) {
          if (!(error instanceof AdminRequestError && error.kind === 'unreachable')) throw error;
          deps.wentOffline();
        }
      }
      await bridge['outbox:enqueue']({
        kind: 'decide',
        applicationId: decision.id,
        decision: decision.decision,
        reason: decision.reason,
        expectedStatus: decision.expectedStatus,
        label: decision.label,
      });
      deps.queued();
      return 'queued';
    },
    refresh: () => deps.syncNow(),
  };
}
