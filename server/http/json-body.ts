import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as supabase-js sends them: DELETE and some POSTs carry `Content-Type: application/json`
 * with an empty body, which means "no body", not malformed JSON. Everything else goes through Fastify's
 * own parser (which also refuses prototype poisoning).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
