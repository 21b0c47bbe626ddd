import type { SupabaseClient } from '@supabase/supabase-js';

export type RateLimitRule = { limit: number; windowSeconds: number };

export type SendLimits = { perSender: RateLimitRule; perRecipient: RateLimitRule };

/** Default limits of the e-mail function, per hour: per calling address and per recipient. */
export const defaultSendLimits: SendLimits = {
  perSender: { limit: 20, windowSeconds: 3600 },
  perRecipient: { limit: 5, windowSeconds: 3600 },
};

/**
 * A rate limit kept in the email_send_log table (service role only), so it holds across function
 * instances and restarts, in hosted Supabase and under server/ alike. Returns false when either limit
 * is reached; otherwise records the send and returns true.
 */
export async function allowSend(
  service: SupabaseClient,
  keys: { sender: string; recipient: string },
  limits: SendLimits = defaultSendLimits,
): Promise<boolean> {
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
    return false;
  }
  const { error } = await service.from('email_send_log').insert({ sender: keys.sender, recipient: keys.recipient });
  if (error) throw new Error(error.message);
  return true;
}
