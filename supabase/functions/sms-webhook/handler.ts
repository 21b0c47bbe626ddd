import { validTwilioSignature } from '../../../shared/sms/twilio-signature.ts';
import { json, type FunctionHandler } from '../_shared/http.ts';
import type { FunctionEnvironment } from '../_shared/service-client.ts';
import { takeSmsReply } from '../_shared/sms-replies.ts';

/** What the webhook needs besides the service client: Twilio's auth token and the URL Twilio was told to call. */
export type SmsWebhookSettings = {
  /** Twilio signs each request with it; without it every request is refused. */
  twilioAuthToken: string | undefined;
  /** The webhook's address exactly as configured in Twilio (it signs that URL, whatever proxy is in between). */
  webhookUrl: string | undefined;
};

/** Twilio's delivery statuses the officer reads; the others (queued, sending...) are steps on the way. */
const deliveryStatuses: Readonly<Record<string, string>> = {
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Twilio's answer to an incoming text: a reply, or nothing (TwiML). */
function twiml(reply: string | null): Response {
  const message = reply ? `<Message>${reply.replace(/[&<>"']/g, (character) => xmlEscapes[character]!)}</Message>` : '';
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><Response>${message}</Response>`, {
    headers: { 'Content-Type': 'text/xml; charset=utf-8' },
  });
}

/**
 * sms-webhook (docs/product.md §12): what Twilio sends us, checked by its signature (X-Twilio-Signature over the
 * configured URL and the form's fields; anything unsigned or signed otherwise is refused with 403).
 * - A delivery report (MessageSid, MessageStatus): the text's status as the officer reads it.
 * - A reply (From, Body): STOP, YES, START, HELP and their synonyms, taken as sms-replies.ts says; the answer goes
 *   back as TwiML.
 */
export function createSmsWebhookHandler(environment: FunctionEnvironment & SmsWebhookSettings): FunctionHandler {
  const { service } = environment;
  return async (request) => {
    if (request.method !== 'POST') return json({ success: false, error: 'Twilio posts to this function' }, 405);
    const params = Object.fromEntries(new URLSearchParams(await request.text()));
    const signed =
      environment.twilioAuthToken !== undefined &&
      environment.webhookUrl !== undefined &&
      (await validTwilioSignature(
        environment.twilioAuthToken,
        environment.webhookUrl,
        params,
        request.headers.get('x-twilio-signature'),
      ));
    if (!signed) return json({ success: false, error: 'Not a request Twilio signed' }, 403);
    try {
      if (params.MessageSid && params.MessageStatus) {
        const status = deliveryStatuses[params.MessageStatus];
        if (status) {
          const { error } = await service
            .from('sms_messages')
            .update({
              status,
              status_detail: params.ErrorCode ? `Twilio error ${params.ErrorCode}` : null,
            })
            .eq('provider_sid', params.MessageSid);
          if (error) throw new Error(error.message);
        }
        return new Response(null, { status: 204 });
      }
      return twiml(
        await takeSmsReply(
          service,
          { from: params.From ?? '', body: params.Body ?? '' },
          `${environment.siteUrl}/portal`,
        ),
      );
    } catch (error) {
      console.error('sms-webhook failed:', error instanceof Error ? error.message : error);
      // Twilio tries a failed webhook again later.
      return json({ success: false, error: 'Failed to take the message' }, 500);
    }
  };
}
