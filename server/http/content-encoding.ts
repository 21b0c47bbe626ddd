import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The compressed forms server/ sends: brotli and gzip. */
export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding the request accepts best among `offered` (null: send the bytes as they are). The answer then
 * differs by the Accept-Encoding header, which Vary says, so that a cache in between never hands one client's
 * compressed answer to another.
 */
export function negotiatedEncoding(
  request: FastifyRequest,
  reply: FastifyReply,
  offered: readonly ContentEncoding[],
): ContentEncoding | null {
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'];
  return typeof accepted === 'string' ? negotiate(accepted, [...offered]) : null;
}
