import { describe, expect, it } from 'vitest';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { anonClient, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

const server = serverForThisFile();

// A complete form whose answers qualify (the insert policy requires every answer and a status that
// follows the evaluation); no phone given.
const application = qualifiedApplicationRow({
  email: 'maria@lopezbakery.com',
  business_name: 'Lopez Family Bakery',
  phone: '',
});

describe('applications through supabase-js', () => {
  it('lets a visitor submit an application', async () => {
    const { error, status } = await anonClient(server).from('applications').insert(application);
    expect(error).toBeNull();
    expect(status).toBe(201);
    const { data } = await serviceClient(server).from('applications').select('*').eq('email', application.email);
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ ...application, status: 'pending', phone: '', assigned_admin_id: null });
  });

  it('does not let a visitor read applications back', async () => {
    const { data, error } = await anonClient(server).from('applications').select('*');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });

  it('does not let a visitor read back the row just inserted', async () => {
    const { data, error } = await anonClient(server)
      .from('applications')
      .insert({ ...application, email: 'second@lopezbakery.com' })
      .select()
      .single();
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    const { count } = await serviceClient(server)
      .from('applications')
      .select('*', { count: 'exact', head: true })
      .eq('email', 'second@lopezbakery.com');
    expect(count).toBe(0);
  });

  it('refuses an application a visitor marks as approved', async () => {
    const { error } = await anonClient(server)
      .from('applications')
      .insert({ ...application, email: 'approved@lopezbakery.com', status: 'approved' });
    expect(error?.code).toBe('42501');
  });

  it('refuses an e-mail that breaks the pattern', async () => {
    const { error } = await anonClient(server)
      .from('applications')
      .insert({ ...application, email: 'not-an-email' });
    expect(error?.code).toBe('23514');
  });
});
