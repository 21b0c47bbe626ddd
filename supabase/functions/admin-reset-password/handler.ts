import { RESET_PASSWORD_PATH } from '../../../shared/catalogue/accounts.ts';
import { ADMIN_MESSAGES } from '../../../shared/messages/portal-admin.ts';
import { json, preflight, readJson, type FunctionHandler } from '../_shared/http.ts';
import { adminCaller, type FunctionEnvironment } from '../_shared/service-client.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * admin-reset-password: sends a client the password-reset e-mail (its link leads to
 * /portal/reset-password) and records who asked in the audit log. Admins only. Answers {success, email}.
 */
export function createAdminResetPasswordHandler(environment: FunctionEnvironment): FunctionHandler {
  return async (request) => {
    const early = preflight(request);
    if (early) return early;
    const admin = await adminCaller(request, environment.service);
    if (!admin) return json({ success: false, error: 'Only admins can reset client passwords' }, 403);
    const body = (await readJson(request)) as { userId?: unknown } | undefined;
    const userId = typeof body?.userId === 'string' ? body.userId : '';
    if (!uuid.test(userId)) return json({ success: false, error: 'userId must be a client account id' }, 400);
    try {
      const { data, error } = await environment.service.auth.admin.getUserById(userId);
      if (error || !data.user?.email) return json({ success: false, error: 'No such client account' }, 404);
      const email = data.user.email;
      const sent = await environment.service.auth.resetPasswordForEmail(email, {
        redirectTo: `${environment.siteUrl}${RESET_PASSWORD_PATH}`,
      });
      // Within a minute of the last reset e-mail none is sent: server/ answers as if it were (the same answer
      // for every address), a hosted project answers 429. Either way the officer is told, not 'sent'.
      const tooSoon = json({ success: false, error: ADMIN_MESSAGES.clientResetTooSoon }, 429);
      if (sent.error?.status === 429) return tooSoon;
      if (sent.error) throw new Error(sent.error.message);
      const after = await environment.service.auth.admin.getUserById(userId);
      if (after.error) throw new Error(after.error.message);
      if (after.data.user?.recovery_sent_at === data.user.recovery_sent_at) return tooSoon;
      const audit = await environment.service.from('audit_log').insert({
        actor_id: admin.id,
        action: 'client.password_reset_sent',
        table_name: 'auth.users',
        record_id: userId,
        details: { email },
      });
      if (audit.error) throw new Error(audit.error.message);
      return json({ success: true, email });
    } catch (error) {
      console.error('admin-reset-password failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: ADMIN_MESSAGES.clientResetFailed }, 500);
    }
  };
}
