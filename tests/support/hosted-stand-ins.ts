import { randomUUID } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback stand-ins for the parts of a hosted project that cannot exist here: the HTTP e-mail API the
 * functions post to (Resend's), the platform's gateway in front of /functions/v1, and the SMS provider's API
 * (Twilio's). All are mocks, used only by the integration tests.
 */

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

/** A request's whole body, as text. */
function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** A request the e-mail API received, as the function sent it. */
export type MailApiRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { from: string; to: string[]; subject: string; text: string; html: string; reply_to?: string };
};

export type MailApiStandIn = {
  url: string;
  /** Every request, oldest first. */
  requests: MailApiRequest[];
  /** Answer every request with this HTTP status (an outage), or, when undefined, accept it as Resend does. */
  failWith: number | undefined;
  close(): Promise<void>;
};

/** Records every request and answers like Resend's POST /emails ({ id }), or with `failWith`. */
export async function startMailApiStandIn(): Promise<MailApiStandIn> {
  const standIn = { requests: [] as MailApiRequest[], failWith: undefined as number | undefined };
  const server = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      standIn.requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: JSON.parse(text || 'null') as MailApiRequest['body'],
      });
      const status = standIn.failWith ?? 200;
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(status === 200 ? { id: randomUUID() } : { message: 'unavailable' }));
    });
  });
  const url = await listen(server);
  return Object.assign(standIn, { url, close: () => close(server) });
}

/**
 * One address for the whole project, as `https://<ref>.supabase.co` is: /functions/v1/<name> goes to that
 * function's own server (path /<name>, with X-Forwarded-For set to the caller's address, as the platform
 * does), everything else to the Supabase API (server/). It does not verify JWTs: the functions' own checks
 * are what is under test.
 */
export async function startFunctionsGateway(routes: {
  api: string;
  functions: Readonly<Record<string, string>>;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const match = /^\/functions\/v1\/([^/?]+)(.*)$/.exec(request.url ?? '/');
    const functionUrl = match && Object.hasOwn(routes.functions, match[1]!) ? routes.functions[match[1]!] : undefined;
    if (match && !functionUrl) {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: 'NOT_FOUND', message: 'Requested function was not found' }));
      return;
    }
    const target = functionUrl
      ? new URL(`/${match![1]}${match![2]}`, functionUrl)
      : new URL(request.url ?? '/', routes.api);
    const headers: OutgoingHttpHeaders = { ...request.headers, host: target.host };
    if (functionUrl) {
      // As the platform's gateway: X-Real-IP is the connecting address, which X-Forwarded-For gets added to.
      const caller = request.socket.remoteAddress ?? 'unknown';
      const forwarded = request.headers['x-forwarded-for'];
      headers['x-real-ip'] = caller;
      headers['x-forwarded-for'] = forwarded ? `${String(forwarded)}, ${caller}` : caller;
    }
    const upstream = httpRequest(target, { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', (error) => {
      response.writeHead(502, { 'Content-Type': 'text/plain' });
      response.end(`gateway: ${error.message}`);
    });
    request.pipe(upstream);
  });
  const url = await listen(server);
  return { url, close: () => close(server) };
}

/** A request Twilio's Messages API received: its path, credentials and form fields (To, From, Body...). */
export type TwilioRequest = { path: string; authorization: string | undefined; form: Record<string, string> };

export type TwilioStandIn = {
  url: string;
  requests: TwilioRequest[];
  /** Refuse every message as Twilio refuses a bad one (HTTP 400 with its code and words), or accept it. */
  refusing: boolean;
  close(): Promise<void>;
};

/**
 * A loopback stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded,
 * Basic auth): records each request and answers as Twilio does, 201 with the message's sid, or 400 with its error
 * body when `refusing`. A mock: no text leaves this machine.
 */
export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const standIn = { requests: [] as TwilioRequest[], refusing: false };
  const server = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      standIn.requests.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(text)),
      });
      response.writeHead(standIn.refusing ? 400 : 201, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(
          standIn.refusing
            ? { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }
            : { sid: `SM${randomUUID().replaceAll('-', '')}`, status: 'queued' },
        ),
      );
    });
  });
  const url = await listen(server);
  return Object.assign(standIn, { url, close: () => close(server) });
}
