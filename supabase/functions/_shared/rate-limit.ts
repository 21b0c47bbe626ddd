import type { SupabaseClient } from '@supabase/supabase-js';

export type RateLimitRule = { limit: number; windowSeconds: number };

export type SendLimits = { perSender: RateLimitRule; perRecipient: RateLimitRule };

/** Default limits of the e-mail function, per hour: per calling address and per recipient. */
export const defaultSendLimits: SendLimits = {
  perSender: { limit: 20, windowSeconds: 3600 },
  perRecipient: { limit: 5, windowSeconds: 3600 },
};

/** What allowSend decided: sent (and recorded), a limit reached, or the application's e-mails sent already. */
export type SendDecision = 'allowed' | 'limited' | 'sent-already';

/**
 * A rate limit kept in the email_send_log table (service role only), so it holds across function
 * instances and restarts, in hosted Supabase and under server/ alike. 'limited' when either limit is
 * reached; otherwise records the send and answers 'allowed'. With `applicationIds` (newest first), the send is
 * recorded against the first of them whose e-mails were not sent yet (a unique index keeps it to one send per
 * application, also when two requests ask at once), and 'sent-already' when there is none.
 */
export async function allowSend(
  service: SupabaseClient,
  keys: { sender: string; recipient: string; applicationIds?: readonly string[] },
  limits: SendLimits = defaultSendLimits,
): Promise<SendDecision> {
  const since = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
  const [bySender, byRecipient] = await Promise.all([
    service
      .from('email_send_log')
      .select('id', { count: 'exact', head: true })
      .eq('sender', keys.sender)
      .gte('created_at', since(limits.perSender.windowSeconds)),
    service
      .from('email_send_log')
      .select('id', { count: 'exact', head: true })
      .eq('recipient', keys.recipient)
      .gte('created_at', since(limits.perRecipient.windowSeconds)),
  ]);
  if (bySender.error) throw new Error(bySender.error.message);
  if (byRecipient.error) throw new Error(byRecipient.error.message);
  if ((bySender.count ?? 0) >= limits.perSender.limit || (byRecipient.count ?? 0) >= limits.perRecipient.limit) {
    return 'limited';
  }
  const row = { sender: keys.sender, recipient: keys.recipient };
  if (!keys.applicationIds) {
    const { error } = await service.from('email_send_log').insert(row);
    if (error) throw new Error(error.message);
    return 'allowed';
  }
  for (const applicationId of keys.applicationIds) {
    const { error } = await service.from('email_send_log').insert({ ...row, application_id: applicationId });
    if (!error) return 'allowed';
    // 23505: this application's e-mails were recorded already.
    if (error.code !== '23505') throw new Error(error.message);
  }
  return 'sent-already';
}
