import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

/**
 * 'correct horse battery' hashed at cost 4 by bcryptjs, the server's (a $2b$ hash), and the same hash as Go's bcrypt,
 * GoTrue's, writes it ($2a$): accounts moved between the embedded server and hosted Supabase sign in as they are.
 */
const written = {
  bcryptjs: '$2b$04$91JaT5mGPtCro1GkbVgUceVjcbvqK49pxfDL2/VzOjxs60YBl/v9a',
  goTrue: '$2a$04$91JaT5mGPtCro1GkbVgUceVjcbvqK49pxfDL2/VzOjxs60YBl/v9a',
};

describe('passwords', () => {
  it('hashes at GoTrue’s cost, a hash that verifies its password and no other', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$2[ab]\$10\$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('verifies the hashes bcryptjs and GoTrue wrote', async () => {
    for (const hash of Object.values(written)) {
      expect(await verifyPassword('correct horse battery', hash)).toBe(true);
      expect(await verifyPassword('correct horse', hash)).toBe(false);
    }
  });

  it('answers no, without throwing, for no hash (no such user) and for a stored value that is no hash', async () => {
    expect(await verifyPassword('correct horse battery', null)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'not a hash')).toBe(false);
  });
});
