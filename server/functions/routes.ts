import type { FastifyInstance } from 'fastify';
import type { FunctionHandler } from '../../supabase/functions/_shared/http.ts';
import { siteUrl } from '../auth/redirects.ts';
import { requestAddress } from '../http/request-origin.ts';

/**
 * /functions/v1/<name>: each request becomes a Web Request for the function's runtime-neutral handler
 * (the same code hosted Supabase runs under Deno), and its Web Response goes back as is.
 */
export async function registerFunctions(
  app: FastifyInstance,
  /** The handlers for a request from this origin (links in e-mails point back to it). */
  handlers: (origin: string) => Readonly<Record<string, FunctionHandler>>,
): Promise<void> {
  await app.register(
    async (scope) => {
      // Functions read their own bodies: hand them the raw bytes, whatever the content type.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

      scope.all('/:name', async (request, reply) => {
        const { name } = request.params as { name: string };
        // The site e-mails link to: SITE_URL, else only a name of this machine (never one the request chose).
        const origin = siteUrl(undefined, requestAddress(request));
        const available = handlers(origin);
        const handler = Object.hasOwn(available, name) ? available[name] : undefined;
        if (!handler) return reply.code(404).send({ code: 'not_found', message: `Function not found: ${name}` });
        const headers = new Headers();
        for (const [key, value] of Object.entries(request.headers)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
        }
        // As the platform's gateway does: the caller's address (TRUST_PROXY decides it) replaces any it sent.
        headers.set('x-real-ip', request.ip);
        headers.set('x-forwarded-for', request.ip);
        const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
        const webRequest = new Request(`${origin}${request.url}`, {
          method: request.method,
          headers,
          ...(hasBody ? { body: request.body as Buffer } : {}),
        });
        const response = await handler(webRequest);
        reply.code(response.status);
        response.headers.forEach((value, key) => {
          reply.header(key, value);
        });
        return reply.send(Buffer.from(await response.arrayBuffer()));
      });
    },
    { prefix: '/functions/v1' },
  );
}
