import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, listenedHost, loadConfig, servesDevMailbox } from './config.ts';

describe('loadConfig: auth, e-mail and rate-limit settings', () => {
  it('has the hosted defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      adminEmail: 'admin@example.com',
      mailFrom: 'Loan Match <hello@example.com>',
      emailLinkLifetime: 3600,
      emailMinInterval: 60,
      refreshReuseInterval: 10,
      notificationRetryInterval: 60,
      documentEmails: { reviewBatchSeconds: 120, reminderDays: 3, reminderLimit: 3 },
      trustProxy: 'loopback',
      rateLimits: {
        tokenBurst: 30,
        tokenPer5Min: 150,
        signupPer5Min: 30,
        recoverPer5Min: 30,
        verifyPer5Min: 30,
        badPasswordsPerHour: 10,
      },
      submissionRateLimit: { burst: 5, per5Min: 1 },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      ADMIN_EMAIL: ' Boss@Example.com ',
      MAIL_FROM: 'Loans <loans@example.org>',
      AUTH_EMAIL_LINK_LIFETIME: '600',
      AUTH_EMAIL_MIN_INTERVAL: '0',
      AUTH_REFRESH_REUSE_INTERVAL: '2',
      NOTIFICATION_RETRY_INTERVAL: '5',
      REVIEW_EMAIL_BATCH_SECONDS: '30',
      DOCUMENT_REMINDER_DAYS: '7',
      DOCUMENT_REMINDER_LIMIT: '0',
      TRUST_PROXY: 'false',
      RATE_LIMIT_TOKEN_BURST: '5',
      RATE_LIMIT_TOKEN_PER_5_MIN: '0',
      RATE_LIMIT_SIGNUP_PER_5_MIN: '1',
      RATE_LIMIT_RECOVER_PER_5_MIN: '2',
      RATE_LIMIT_VERIFY_PER_5_MIN: '3',
      RATE_LIMIT_BAD_PASSWORDS_PER_HOUR: '4',
      RATE_LIMIT_SUBMISSION_BURST: '20',
      RATE_LIMIT_SUBMISSIONS_PER_5_MIN: '0',
    });
    expect(config).toMatchObject({
      adminEmail: 'boss@example.com',
      mailFrom: 'Loans <loans@example.org>',
      emailLinkLifetime: 600,
      emailMinInterval: 0,
      refreshReuseInterval: 2,
      notificationRetryInterval: 5,
      documentEmails: { reviewBatchSeconds: 30, reminderDays: 7, reminderLimit: 0 },
      trustProxy: false,
      rateLimits: {
        tokenBurst: 5,
        tokenPer5Min: 0,
        signupPer5Min: 1,
        recoverPer5Min: 2,
        verifyPer5Min: 3,
        badPasswordsPerHour: 4,
      },
      submissionRateLimit: { burst: 20, per5Min: 0 },
    });
  });

  it('lists every bad value with a clear message', () => {
    let problems: string[] = [];
    try {
      loadConfig({
        ADMIN_EMAIL: 'not-an-address',
        MAIL_FROM: 'nobody',
        AUTH_EMAIL_LINK_LIFETIME: '0',
        NOTIFICATION_RETRY_INTERVAL: '0',
        REVIEW_EMAIL_BATCH_SECONDS: '0',
        DOCUMENT_REMINDER_DAYS: '1.5',
        DOCUMENT_REMINDER_LIMIT: 'often',
        RATE_LIMIT_TOKEN_BURST: '-1',
        RATE_LIMIT_VERIFY_PER_5_MIN: 'lots',
        RATE_LIMIT_SUBMISSION_BURST: '2.5',
        RATE_LIMIT_SUBMISSIONS_PER_5_MIN: '-3',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      'ADMIN_EMAIL: ADMIN_EMAIL must be an e-mail address such as admin@example.com',
      'MAIL_FROM: MAIL_FROM must be an address, optionally with a name: "Loan Match <hello@example.com>"',
      'AUTH_EMAIL_LINK_LIFETIME: AUTH_EMAIL_LINK_LIFETIME must be at least 1 second',
      'NOTIFICATION_RETRY_INTERVAL: NOTIFICATION_RETRY_INTERVAL must be at least 1 second',
      'REVIEW_EMAIL_BATCH_SECONDS: REVIEW_EMAIL_BATCH_SECONDS must be 1 or more',
      'DOCUMENT_REMINDER_DAYS: DOCUMENT_REMINDER_DAYS must be a whole number of days',
      'DOCUMENT_REMINDER_LIMIT: DOCUMENT_REMINDER_LIMIT must be a number of reminders',
      'RATE_LIMIT_TOKEN_BURST: RATE_LIMIT_TOKEN_BURST must be 0 or more',
      'RATE_LIMIT_VERIFY_PER_5_MIN: RATE_LIMIT_VERIFY_PER_5_MIN must be a number of requests per 5 minutes (0 turns the limit off)',
      'RATE_LIMIT_SUBMISSION_BURST: RATE_LIMIT_SUBMISSION_BURST must be a whole number',
      'RATE_LIMIT_SUBMISSIONS_PER_5_MIN: RATE_LIMIT_SUBMISSIONS_PER_5_MIN must be 0 or more',
    ]);
  });
});

describe('loadConfig: texts', () => {
  it('uses the dev SMS outbox without Twilio, with 3 texts an hour and 10 a day per number', () => {
    expect(loadConfig({}).sms).toEqual({
      twilio: undefined,
      limits: { perHour: 3, perDay: 10 },
      interval: 30,
      quietHours: true,
      webhookUrl: undefined,
    });
    expect(loadConfig({ SITE_URL: 'https://loans.example/' }).sms.webhookUrl).toBe(
      'https://loans.example/functions/v1/sms-webhook',
    );
  });

  it('reads Twilio’s account, token and sender number, and the limits', () => {
    const config = loadConfig({
      TWILIO_ACCOUNT_SID: 'AC0123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM_NUMBER: '+12085550100',
      SMS_LIMIT_PER_HOUR: '2',
      SMS_LIMIT_PER_DAY: '5',
      SMS_SEND_INTERVAL: '10',
      SMS_QUIET_HOURS: 'off',
      SMS_WEBHOOK_URL: 'https://api.loans.example/functions/v1/sms-webhook',
    });
    expect(config.sms).toEqual({
      twilio: { accountSid: 'AC0123', authToken: 'token', from: '+12085550100', apiUrl: 'https://api.twilio.com' },
      limits: { perHour: 2, perDay: 5 },
      interval: 10,
      quietHours: false,
      webhookUrl: 'https://api.loans.example/functions/v1/sms-webhook',
    });
  });

  it('refuses half a provider, a provider whose replies could not be checked, and a sender number that is not a US E.164 number', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC0123' })).toThrow(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER go together',
    );
    const twilio = { TWILIO_ACCOUNT_SID: 'AC0123', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM_NUMBER: '+12085550100' };
    expect(() => loadConfig(twilio)).toThrow('With Twilio set, set SMS_WEBHOOK_URL (or SITE_URL or API_EXTERNAL_URL)');
    expect(loadConfig({ ...twilio, SITE_URL: 'https://loans.example' }).sms.webhookUrl).toBe(
      'https://loans.example/functions/v1/sms-webhook',
    );
    expect(() => loadConfig({ TWILIO_FROM_NUMBER: '(208) 555-0100' })).toThrow(
      'TWILIO_FROM_NUMBER must be a US number in E.164, such as +12085550100',
    );
  });
});

describe('loadConfig: the site and the API addresses', () => {
  it('reads SITE_URL and API_EXTERNAL_URL without a trailing slash, and leaves both unset by default', () => {
    expect(loadConfig({})).toMatchObject({ siteUrl: undefined, apiExternalUrl: undefined });
    expect(
      loadConfig({ SITE_URL: 'https://loans.example.com/', API_EXTERNAL_URL: 'https://api.loans.example.com/' }),
    ).toMatchObject({ siteUrl: 'https://loans.example.com', apiExternalUrl: 'https://api.loans.example.com' });
  });

  it('refuses an API_EXTERNAL_URL that is not an absolute URL', () => {
    expect(() => loadConfig({ API_EXTERNAL_URL: 'api.loans.example.com' })).toThrow(
      'API_EXTERNAL_URL must be an absolute URL such as https://api.loans.example.com',
    );
  });
});

describe('HOST as the links of e-mails sent on a timer name it (without SITE_URL)', () => {
  it('keeps an address or a name, brackets an IPv6 address, and says localhost for every interface', () => {
    expect(listenedHost('127.0.0.1')).toBe('127.0.0.1');
    expect(listenedHost('localhost')).toBe('localhost');
    expect(listenedHost('loans.example.com')).toBe('loans.example.com');
    expect(listenedHost('::1')).toBe('[::1]');
    expect(listenedHost('[::1]')).toBe('[::1]');
    for (const host of ['0.0.0.0', '::', '[::]']) expect(listenedHost(host), host).toBe('localhost');
  });
});

describe('the dev mailbox: served on loopback, elsewhere only with DEV_MAILBOX=on', () => {
  it('tells loopback hosts from the others', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'loans.example.com', '127.0.0.1.example.com', '10.0.0.127']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('serves it by HOST unless DEV_MAILBOX says otherwise, and never with SMTP_URL', () => {
    const served = (env: Record<string, string>) => servesDevMailbox(loadConfig(env));
    expect(served({})).toBe(true);
    expect(served({ HOST: '127.0.0.1' })).toBe(true);
    expect(served({ HOST: '0.0.0.0' })).toBe(false);
    expect(served({ HOST: '0.0.0.0', DEV_MAILBOX: 'on' })).toBe(true);
    expect(served({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' })).toBe(true);
    expect(served({ HOST: 'localhost', DEV_MAILBOX: 'off' })).toBe(false);
    expect(served({ HOST: 'localhost', SMTP_URL: 'smtp://mail.example.com', DEV_MAILBOX: 'on' })).toBe(false);
    // An empty value is as unset.
    expect(served({ HOST: '0.0.0.0', DEV_MAILBOX: '' })).toBe(false);
  });

  it('refuses a DEV_MAILBOX that is neither on nor off', () => {
    expect(() => loadConfig({ DEV_MAILBOX: 'maybe' })).toThrow(
      'DEV_MAILBOX: DEV_MAILBOX must be on or off (leave it unset to serve the dev mailbox only on a loopback HOST)',
    );
  });
});

describe('loadConfig: LOG_LEVEL and TRUST_PROXY, checked before anything starts', () => {
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
  };

  it("takes pino's levels, warn by default and when empty", () => {
    expect(loadConfig({}).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: '' }).logLevel).toBe('warn');
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
      expect(loadConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
    }
    expect(loadConfig({ LOG_LEVEL: ' Info ' }).logLevel).toBe('info');
  });

  it('refuses another LOG_LEVEL, listed with the other problems', () => {
    expect(problemsOf({ LOG_LEVEL: 'verbose', TRUST_PROXY: 'garbage!!', PORT: 'http' })).toEqual([
      'PORT: PORT must be a number between 0 and 65535',
      'TRUST_PROXY: TRUST_PROXY must be true, false, or addresses and CIDR ranges separated by commas (such as 10.0.0.0/8,192.168.1.5; or loopback, linklocal, uniquelocal)',
      'LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ]);
  });

  it('takes true, false, addresses, CIDR ranges and named ranges, each as Fastify takes it', () => {
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe('loopback');
    for (const value of [
      'loopback',
      '10.0.0.1',
      '10.0.0.0/8, 192.168.1.5',
      '10.0.0.0/255.0.0.0',
      '::1',
      'fd00::/8,loopback',
      'uniquelocal,linklocal',
      '172.16.0.0/12',
    ]) {
      const trustProxy = loadConfig({ TRUST_PROXY: value }).trustProxy;
      expect(trustProxy, value).toBe(value);
      expect(() => Fastify({ trustProxy }), value).not.toThrow();
    }
  });

  it('refuses what Fastify would fail on at start', () => {
    for (const value of [
      'garbage!!',
      'maybe',
      '10.0.0.1,',
      '10.0.0.0/33',
      '::1/129',
      '1.2.3.4/0',
      '10.0.0.0/255.0.255.0',
    ]) {
      expect(problemsOf({ TRUST_PROXY: value }), value).toHaveLength(1);
      expect(() => Fastify({ trustProxy: value }), value).toThrow();
    }
  });
});
