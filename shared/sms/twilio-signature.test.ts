import { describe, expect, it } from 'vitest';
import { twilioSignature, validTwilioSignature } from './twilio-signature.ts';

/**
 * Twilio's worked example from its webhook security guide: auth token 12345, the URL below and a call's five
 * parameters. 0/KCTR6DLpKmkAf8muzZqo1nDgQ= is the signature the guide's example gives, as other implementations'
 * tests quote it; it was recomputed independently from the algorithm with
 * `printf '%s' 'https://mycompany.com/myapp.php?foo=1&bar=2CallSidCA1234567890ABCDECaller+12349013030Digits1234From+12349013030To+18005551212' | openssl dgst -sha1 -hmac 12345 -binary | base64`.
 */
const token = '12345';
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+12349013030',
  Digits: '1234',
  From: '+12349013030',
  To: '+18005551212',
};
const signature = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';

describe('the signature Twilio puts on a webhook request', () => {
  it('is the one of Twilio’s worked example', async () => {
    expect(await twilioSignature(token, url, params)).toBe(signature);
  });

  // The vectors of the request-validation tests in Twilio's own Node library (twilio-node), also recomputed with
  // openssl.
  it('matches the vectors of Twilio’s Node library, one with a quote and a plus in the URL', async () => {
    const caller = { ...params, Caller: '+14158675309', From: '+14158675309' };
    expect(await twilioSignature(token, url, caller)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(await twilioSignature(token, `${url}&Body=It's+amazing`, caller)).toBe('dsq4Ehbj6cs+KdTkpF5sSSplOWw=');
  });

  it('sorts the parameters by name, whatever order they came in', async () => {
    const reversed = Object.fromEntries(Object.entries(params).reverse());
    expect(await twilioSignature(token, url, reversed)).toBe(signature);
    // Code-unit order, as Twilio's libraries sort: capitals before small letters. Computed with
    // `printf '%s' 'https://example.com/smsZ1a2' | openssl dgst -sha1 -hmac s3cr3t -binary | base64`.
    expect(await twilioSignature('s3cr3t', 'https://example.com/sms', { a: '2', Z: '1' })).toBe(
      'juAfjJPHPUrJ5NmAwlRaPl/6ehk=',
    );
  });

  it('signs the text as UTF-8', async () => {
    // `printf '%s' 'https://example.com/smsBodyOlá, ça va? 👋From+12085550134' | openssl dgst -sha1 -hmac s3cr3t -binary | base64`
    expect(
      await twilioSignature('s3cr3t', 'https://example.com/sms', { From: '+12085550134', Body: 'Olá, ça va? 👋' }),
    ).toBe('px+VRQqoD55/N27RjetISB70I5Y=');
  });

  it('cannot be made without a token', async () => {
    await expect(twilioSignature('', url, params)).rejects.toThrow(RangeError);
  });
});

describe('checking the signature of a request', () => {
  it('accepts Twilio’s signature', async () => {
    expect(await validTwilioSignature(token, url, params, signature)).toBe(true);
  });

  it('refuses a request whose parameter was changed, added or removed', async () => {
    expect(await validTwilioSignature(token, url, { ...params, Digits: '9999' }, signature)).toBe(false);
    expect(await validTwilioSignature(token, url, { ...params, Body: 'STOP' }, signature)).toBe(false);
    const { Digits: _, ...fewer } = params;
    expect(await validTwilioSignature(token, url, fewer, signature)).toBe(false);
  });

  it('refuses a request to another URL', async () => {
    expect(await validTwilioSignature(token, 'https://mycompany.com/myapp.php?foo=1&bar=3', params, signature)).toBe(
      false,
    );
    expect(await validTwilioSignature(token, 'http://mycompany.com/myapp.php?foo=1&bar=2', params, signature)).toBe(
      false,
    );
  });

  it('refuses a request without a signature', async () => {
    for (const missing of [null, undefined, '']) {
      expect(await validTwilioSignature(token, url, params, missing)).toBe(false);
    }
  });

  it('refuses a signature made with another token', async () => {
    const forged = await twilioSignature('54321', url, params);
    expect(await validTwilioSignature(token, url, params, forged)).toBe(false);
  });

  it('refuses a signature one character off, cut short or run on', async () => {
    expect(await validTwilioSignature(token, url, params, signature.replace('0/', '1/'))).toBe(false);
    expect(await validTwilioSignature(token, url, params, signature.slice(0, -1))).toBe(false);
    expect(await validTwilioSignature(token, url, params, `${signature}=`)).toBe(false);
    expect(await validTwilioSignature(token, url, params, signature.toLowerCase())).toBe(false);
  });

  it('refuses everything when the server has no token', async () => {
    expect(await validTwilioSignature('', url, params, signature)).toBe(false);
  });
});
