import type { FunctionEnvironment } from './service-client.ts';

/**
 * Whether the request's bearer is the service role, as the database sees it: is_service_role() runs only for the
 * service role, whatever form its key takes (the functions a schedule calls are for it alone).
 */
export async function fromServiceRole(request: Request, environment: FunctionEnvironment): Promise<boolean> {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) return false;
  const { data, error } = await environment.service
    .rpc('is_service_role')
    .setHeader('Authorization', `Bearer ${token}`);
  return !error && data === true;
}
