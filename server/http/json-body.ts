import type { FastifyInstance } from 'fastify';

/**
 * How deep a JSON body may nest. Every value the API stores is a few levels deep (the wizard's answers, metadata);
 * a body nested hundreds of thousands deep parses, but overflows the stack of whatever walks it next
 * (JSON.stringify when the row is written), which answered 500 and blocked the server meanwhile.
 */
export const JSON_BODY_MAX_DEPTH = 64;

/** The nesting depth of a parsed JSON value, found without recursion (so any depth can be measured). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > JSON_BODY_MAX_DEPTH) return deepest;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * JSON bodies as supabase-js sends them: DELETE and some POSTs carry `Content-Type: application/json`
 * with an empty body, which means "no body", not malformed JSON. Everything else goes through Fastify's
 * own parser (which also refuses prototype poisoning), and a body nested past JSON_BODY_MAX_DEPTH is refused as
 * invalid JSON (400 in each API's shape).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, (error, parsed) => {
      if (error || jsonDepth(parsed) <= JSON_BODY_MAX_DEPTH) return done(error, parsed);
      const tooDeep = Object.assign(new Error(`The JSON body nests deeper than ${JSON_BODY_MAX_DEPTH} levels`), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
      return done(tooDeep, undefined);
    });
  });
}
