/** Postgres's error codes the app tells apart (they come back in a supabase-js error's `code`). */

/** A unique index refused the row (a name taken, a row stored meanwhile). */
export const duplicateKey = '23505';

/** A row policy refused the write. */
export const rlsRefusal = '42501';

/** A document an officer reviewed, which its applicant may no longer delete or move. */
export const keptByReview = 'PT423';
