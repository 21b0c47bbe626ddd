import { describe, expect, it } from 'vitest';
import {
  APPLICATION_MESSAGES,
  applicationInsertErrorMessage,
  moneyReadingNote,
  submissionErrorMessage,
} from './application.ts';
import {
  adminLoginErrorMessage,
  AUTH_MESSAGES,
  confirmationLinkForAnotherAccountMessage,
  forgotPasswordErrorMessage,
  signInErrorMessage,
  updatePasswordErrorMessage,
} from './auth.ts';
import { errorMessageOr } from './error-message.ts';
import { REGISTRATION_SUBMIT_ERROR, registrationSubmitErrorMessage } from './registration.ts';
import {
  ADMIN_MESSAGES,
  clientResetSentMessage,
  PORTAL_MESSAGES,
  testPageErrorMessage,
  uploadErrorMessage,
  uploadNameTooLongMessage,
  uploadAlreadyThereMessage,
  uploadTooLargeMessage,
  uploadTypeRefusedMessage,
} from './portal-admin.ts';

describe('the wizard’s note on a money field that will not be read as it seems', () => {
  it.each([
    ['1.2M', 'This will be read as $1.20. Please type the amount in digits, such as 1,200,000.'],
    ['4k', 'This will be read as $4. Please type the amount in digits, such as 4,000.'],
    ['$1.5 million', 'This will be read as $1.50. Please type the amount in digits, such as 250,000.'],
    ['1.200.000', 'This will be read as $1.20. Please type the amount in digits, such as 250,000.'],
    ['-5000', 'This will be read as $5,000. Please type the amount in digits, such as 250,000.'],
  ])('%j gets %j', (typed, note) => {
    expect(moneyReadingNote(typed)).toBe(note);
  });

  it.each(['', '  ', '1200000', '$1,200,000', '$1,200,000.50', '85000.75', '0'])('%j gets none', (typed) => {
    expect(moneyReadingNote(typed)).toBeUndefined();
  });
});

describe('application submission messages (product.md §8)', () => {
  it.each([
    [
      'permission denied for table applications',
      'Unable to submit application due to database permissions. Please try again or contact support.',
    ],
    [
      'new row violates row-level security policy',
      'Application data validation failed. Please check all required fields are completed.',
    ],
    ['connection reset', 'Application submission failed: connection reset'],
  ])('an insert error %j becomes %j', (message, shown) => {
    expect(applicationInsertErrorMessage({ message })).toBe(shown);
  });

  it('says when to try again after a refusal for the rate, whatever its message', () => {
    expect(
      applicationInsertErrorMessage({ code: 'over_request_rate_limit', message: 'Request rate limit reached' }),
    ).toBe(
      'Application submission failed: Too many submissions came from your network in a short time. Please wait a few minutes and try again; what you entered is kept.',
    );
  });

  it('shows the error message, or the generic sentence', () => {
    expect(submissionErrorMessage(new Error('Application submission failed: x'))).toBe(
      'Application submission failed: x',
    );
    expect(submissionErrorMessage({ message: 'from supabase' })).toBe('from supabase');
    expect(submissionErrorMessage('odd')).toBe('There was an error submitting your application. Please try again.');
    expect(submissionErrorMessage(new Error(''))).toBe(APPLICATION_MESSAGES.submissionFallback);
  });

  it('keeps the other flow texts', () => {
    expect(APPLICATION_MESSAGES).toMatchObject({
      creationFailed: 'Failed to submit application. Please try again or contact support if the problem persists.',
      emailFailed: 'Failed to send emails',
      savedForLater: 'Your application has been saved. You can return later to complete it.',
      saveFailed: 'There was an error saving your application. Please try again.',
    });
  });
});

describe('authentication messages (product.md §8)', () => {
  it.each([
    ['Invalid login credentials', 'Invalid email or password. Please check your credentials and try again.'],
    [
      'AuthApiError: Invalid login credentials',
      'Invalid email or password. Please check your credentials and try again.',
    ],
    ['Email not confirmed', 'Email not confirmed'],
    [undefined, 'An unexpected error occurred.'],
    ['', 'An unexpected error occurred.'],
  ])('sign-in %j shows %j', (provider, shown) => {
    expect(signInErrorMessage(provider)).toBe(shown);
  });

  it.each([
    ['Email not confirmed', 'Please confirm your email address first before resetting your password.'],
    ['User not found', 'No account found with this email address.'],
    ['Rate limit exceeded', 'Rate limit exceeded'],
    [undefined, 'Failed to send password reset email. Please try again.'],
  ])('forgot password %j shows %j', (provider, shown) => {
    expect(forgotPasswordErrorMessage(provider)).toBe(shown);
  });

  it.each([
    [
      { code: 'same_password', message: 'New password should be different from the old password.' },
      'Failed to update password. Please try again. New password should be different from the old password.',
    ],
    [
      { code: 'weak_password', message: 'Password should be at least 6 characters.' },
      'Failed to update password. Please try again. Password should be at least 6 characters.',
    ],
    [
      { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' },
      'Failed to update password. Please try again.',
    ],
    [{ message: 'Failed to fetch' }, 'Failed to update password. Please try again.'],
    [undefined, 'Failed to update password. Please try again.'],
  ])('reset password: a refused update %j shows %j', (error, shown) => {
    expect(updatePasswordErrorMessage(error)).toBe(shown);
  });

  it('admin login shows the message, or "Invalid credentials."', () => {
    expect(adminLoginErrorMessage('Too many requests')).toBe('Too many requests');
    expect(adminLoginErrorMessage(undefined)).toBe('Invalid credentials.');
  });

  it('keeps the reset and sign-up texts', () => {
    expect(AUTH_MESSAGES).toMatchObject({
      confirmEmail: 'Please check your email and click the confirmation link to complete your registration.',
      invalidResetLink: 'Invalid or expired reset link. Please request a new password reset.',
      resetError: 'An error occurred. Please try requesting a new password reset.',
      updatePasswordFailed: 'Failed to update password. Please try again.',
    });
  });
});

describe('portal and admin messages (product.md §8)', () => {
  it('keeps every text', () => {
    expect(PORTAL_MESSAGES).toEqual({
      uploadFailed: 'Upload failed',
      additionalInfoFailed: 'There was an error submitting your information. Please try again or contact us directly.',
      additionalInfoSubmitted:
        'Your information and documents have been successfully submitted. Our team will review them and contact you shortly.',
      additionalInfoChangedElsewhere:
        'These answers were changed in another tab or window after you opened them, so yours were not saved. They are still below: submit again to replace the stored answers, or reload the page to see them.',
      additionalInfoDecidedMeanwhile:
        'A loan officer decided on this application while you were editing, so your answers were not saved. Please contact us if you need to add anything.',
      additionalInfoBeforeDecision:
        'Send your answers before a loan officer decides on this application: after that they can no longer be sent or changed.',
      additionalInfoNoneSent: 'No additional information was sent for this application.',
      additionalInfoDraftNotSent:
        'The answers below were started in this browser but not sent before the decision, so your loan officer does not have them. If they matter to your loan, please contact us.',
      lendersLoadFailed: 'Failed to load your lender matches. Please reload the page to try again.',
      answerFailed: 'Failed to save your answer. Please try again.',
      offersLoadFailed: 'Failed to load your offers. Please reload the page to try again.',
      acceptOfferFailed: 'The offer could not be accepted. Please try again.',
      documentOpenFailed: 'The document could not be opened. Please try again.',
      smsSettingsLoadFailed: 'Failed to load your text message settings. Please reload the page to try again.',
      smsSettingsSaveFailed: 'Your text message settings could not be saved. Please try again.',
    });
    expect(ADMIN_MESSAGES).toEqual({
      loadFailed: 'Failed to load data',
      statusUpdateFailed: 'Failed to update applicant status',
      decidedMeanwhile: 'Another officer decided this application meanwhile. Close this dialog to see its status now.',
      termSheetFailed: 'Failed to generate term sheet',
      packageDownloadFailed: 'Failed to download bank package',
      packageSendFailed: 'Failed to send bank package',
      packageGenerateFailed: 'Failed to generate bank package',
      logoutFailed: 'Failed to log out',
      clientsLoadFailed: 'Failed to load clients',
      clientAccessFailed: 'Failed to access client account',
      clientResetFailed: 'Failed to send password reset email',
      clientResetTooSoon:
        'A password reset e-mail went to this client less than a minute ago, so no new one was sent. Wait a minute before sending another.',
      letterFailed: 'Failed to generate letter',
      noClients: 'No clients found',
      noClientsSearching: 'Try adjusting your search terms',
      noClientsYet: 'No clients have registered yet',
      registrationsLoadFailed: 'Failed to load registrations',
      noRegistrations: 'No registrations found',
      noRegistrationsYet: 'No businesses have registered yet',
      lendersLoadFailed: 'Failed to load the lender network',
      consentRequestFailed: 'Failed to ask the applicant’s consent',
      linkRevokeFailed: 'Failed to revoke the lender link',
      lenderSaveFailed: 'Failed to save lender',
      lenderNameTaken: 'A lender with this name already exists',
      lenderChangedMeanwhile:
        'Another officer changed or deleted this lender meanwhile, so this form was not saved. Close it and open the lender again to see it as it is now.',
      lenderDeleteFailed: 'Failed to delete lender',
      noteAddFailed: 'Failed to add note',
      letterDownloadFailed: 'Failed to download letter',
      termSheetDownloadFailed: 'Failed to download term sheet',
      letterOffline:
        'You are offline: a letter can only be made online. What you typed is kept; generate it when the connection returns.',
      termSheetOffline:
        'You are offline: a term sheet can only be made online. What you typed is kept; generate it when the connection returns.',
      packageGenerateOffline:
        'You are offline: a bank package can only be made online. Generate it when the connection returns.',
      packageSendOffline:
        'You are offline: a package can only be sent online. Nothing was sent; send it when the connection returns.',
      consentRequestOffline:
        'You are offline: consent can only be asked online. Nothing was sent to the applicant; ask when the connection returns.',
      linkRevokeOffline:
        'You are offline: a link can only be revoked online. The link still works; revoke it when the connection returns.',
      lenderSaveOffline:
        'You are offline: lenders can only be changed online. What you typed is kept; save it when the connection returns.',
      lenderChangeOffline:
        'You are offline: lenders can only be changed online. Nothing was changed; try again when the connection returns.',
    });
  });

  it('builds the messages that carry a value', () => {
    expect(uploadErrorMessage(new Error('File too large'))).toBe('File too large');
    expect(uploadErrorMessage(null)).toBe('Upload failed');
    expect(uploadTypeRefusedMessage('notes.txt')).toBe(
      '"notes.txt" is not an accepted file type. Please upload a PDF, Word, Excel, JPG or PNG file.',
    );
    expect(uploadTooLargeMessage('scan.pdf', '25 MB')).toBe('"scan.pdf" is larger than the 25 MB limit per file.');
    expect(uploadAlreadyThereMessage('pl.pdf')).toBe('"pl.pdf" is already uploaded here, so it was not sent again.');
    expect(uploadNameTooLongMessage(`${'Statement '.repeat(30)}.pdf`, 255)).toBe(
      `"${'Statement '.repeat(4)}…" has a name longer than 255 characters. Please rename the file and upload it again.`,
    );
    expect(testPageErrorMessage('timeout')).toBe('Error: timeout');
    expect(clientResetSentMessage('dana@example.com')).toBe(
      'A password reset email has been sent to dana@example.com.',
    );
    expect(errorMessageOr({ message: 42 }, 'fallback')).toBe('fallback');
  });
});

describe('confirmationLinkForAnotherAccountMessage', () => {
  it('names the account signed in, when known, and says how to use the confirmed one', () => {
    expect(confirmationLinkForAnotherAccountMessage('ana@example.com')).toBe(
      'This link could not sign you in here, because another account (ana@example.com) is signed in. Your e-mail address may already be confirmed: log out, then sign in with it.',
    );
    expect(confirmationLinkForAnotherAccountMessage(undefined)).toContain('because another account is signed in.');
  });
});

describe('business registration messages', () => {
  it('says when to try again after a refusal for the rate, else gives the general error', () => {
    expect(registrationSubmitErrorMessage({ code: 'over_request_rate_limit' })).toBe(
      'Too many submissions came from your network in a short time. Please wait a few minutes and try again; what you entered is kept.',
    );
    expect(registrationSubmitErrorMessage({ code: 'PGRST000' })).toBe(
      'There was an error submitting your registration. Please try again or contact us if the problem persists.',
    );
    expect(registrationSubmitErrorMessage(undefined)).toBe(REGISTRATION_SUBMIT_ERROR);
  });
});
