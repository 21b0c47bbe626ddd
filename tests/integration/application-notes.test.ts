import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { startTestBackend, type Caller, type TestBackend, type TestUser } from '../support/database-actors.ts';

/**
 * Loan officers' notes on an application (supabase/migrations/20261125100000_application_notes.sql), through
 * supabase-js against server/: who may read and add them, that nobody changes them, the audit entry, the
 * replay of a note that already landed, and the body's limits checked by the database.
 */
let backend: TestBackend;
let officer: TestUser;
let applicant: TestUser;
let metadataAdmin: TestUser;
let applicationId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  officer = await backend.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });
  applicant = await backend.createUser({ email: uniqueEmail('applicant') });
  metadataAdmin = await backend.createUser({ email: uniqueEmail('pretender'), userMetadata: { role: 'admin' } });
  const { data, error } = await backend.service
    .from('applications')
    .insert(qualifiedApplicationRow({ user_id: applicant.id, email: applicant.email }))
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  applicationId = String(data.id);
});
afterAll(() => backend?.close());

function addNote(caller: Caller, body: string, id: string = randomUUID()) {
  return backend.client(caller).from('application_notes').insert({ id, application_id: applicationId, body });
}

async function storedNotes(id: string) {
  const { data, error } = await backend.service.from('application_notes').select('*').eq('id', id);
  if (error) throw new Error(error.message);
  return data;
}

describe('application notes', () => {
  it('an officer adds a note with the id the client made, reads it back in their name, and it is audited', async () => {
    const id = randomUUID();
    expect((await addNote(officer, 'Called the owner: tax returns next week.', id)).error).toBeNull();
    const { data, error } = await backend
      .client(officer)
      .from('application_notes')
      .select('id, application_id, author_id, body, created_at')
      .eq('application_id', applicationId);
    expect(error).toBeNull();
    expect(data).toContainEqual({
      id,
      application_id: applicationId,
      author_id: officer.id,
      body: 'Called the owner: tax returns next week.',
      created_at: expect.any(String),
    });
    const audit = await backend.service
      .from('audit_log')
      .select('actor_id, action, table_name, details')
      .eq('record_id', id);
    expect(audit.data).toEqual([
      {
        actor_id: officer.id,
        action: 'application_note.created',
        table_name: 'application_notes',
        details: expect.objectContaining({
          actor_role: 'authenticated',
          row: expect.objectContaining({ body: 'Called the owner: tax returns next week.' }),
        }),
      },
    ]);
  });

  it('a replayed note that already landed is refused as a duplicate key: one note, one audit entry', async () => {
    const id = randomUUID();
    expect((await addNote(officer, 'Queued while offline.', id)).error).toBeNull();
    const replay = await addNote(officer, 'Queued while offline.', id);
    expect(replay.error?.code).toBe('23505');
    expect(await storedNotes(id)).toHaveLength(1);
    const audit = await backend.service.from('audit_log').select('id').eq('record_id', id);
    expect(audit.data).toHaveLength(1);
  });

  it('applicants, visitors and an applicant with role = admin in user_metadata neither read nor add notes', async () => {
    await addNote(officer, 'Only officers read this.');
    for (const caller of [applicant, metadataAdmin] as const) {
      const read = await backend.client(caller).from('application_notes').select('id');
      expect(read).toMatchObject({ error: null, data: [] });
      const id = randomUUID();
      expect((await addNote(caller, 'Let me in.', id)).error?.code).toBe('42501');
      expect(await storedNotes(id)).toEqual([]);
    }
    expect((await backend.anon.from('application_notes').select('id')).error?.code).toBe('42501');
    expect((await addNote('anon', 'Let me in.')).error?.code).toBe('42501');
  });

  it('an officer cannot write a note in another officer’s name', async () => {
    const other = await backend.createUser({ appRole: 'admin' });
    const id = randomUUID();
    const forged = await backend
      .client(officer)
      .from('application_notes')
      .insert({ id, application_id: applicationId, body: 'Forged.', author_id: other.id });
    expect(forged.error?.code).toBe('42501');
    expect(await storedNotes(id)).toEqual([]);
  });

  it('nobody changes or deletes a note through the API, not even the service role', async () => {
    const id = randomUUID();
    await addNote(officer, 'As written.', id);
    for (const caller of [officer, 'service_role'] as const) {
      const client = backend.client(caller);
      const update = await client.from('application_notes').update({ body: 'Rewritten.' }).eq('id', id);
      expect(update.error?.code).toBe('42501');
      const remove = await client.from('application_notes').delete().eq('id', id);
      expect(remove.error?.code).toBe('42501');
    }
    expect(await storedNotes(id)).toEqual([expect.objectContaining({ body: 'As written.' })]);
  });

  it('the database takes a body of 1 to 5000 characters once spaces and line breaks around it are left out', async () => {
    for (const body of ['', '   ', ' \n\t\r\n ', 'x'.repeat(5001)]) {
      expect((await addNote(officer, body)).error?.code, JSON.stringify(body.slice(0, 10))).toBe('23514');
    }
    for (const body of ['x', 'x'.repeat(5000), `\n  ${'x'.repeat(5000)}  \n`]) {
      expect((await addNote(officer, body)).error).toBeNull();
    }
  });

  it('a note goes with its application, leaving a tombstone for the desktop sync', async () => {
    const { data } = await backend.service.from('applications').insert(qualifiedApplicationRow()).select('id').single();
    const id = randomUUID();
    await backend
      .client(officer)
      .from('application_notes')
      .insert({ id, application_id: data!.id, body: 'Gone soon.' });
    await backend.db.query('delete from public.applications where id = $1', [data!.id]);
    expect(await storedNotes(id)).toEqual([]);
    const { rows } = await backend.db.query(
      `select 1 from public.deleted_rows where table_name = 'application_notes' and row_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(1);
  });
});
