import { describe, expect, it } from 'vitest';
import { inboundKeyword } from './sms-keywords.ts';

describe('the keyword a reply is', () => {
  it.each(['STOP', 'STOPALL', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'OPT OUT', 'REVOKE'])(
    '%s asks to stop the texts',
    (word) => {
      expect(inboundKeyword(word)).toBe('stop');
    },
  );

  it.each(['START', 'UNSTOP', 'YES', 'OPTIN', 'OPT IN'])('%s asks for the texts again', (word) => {
    expect(inboundKeyword(word)).toBe('start');
  });

  it.each(['HELP', 'INFO'])('%s asks for help', (word) => {
    expect(inboundKeyword(word)).toBe('help');
  });

  it.each([
    ['stop', 'stop'],
    ['Stop', 'stop'],
    ['  STOP  ', 'stop'],
    ['Stop.', 'stop'],
    ['stop!!!', 'stop'],
    ['"STOP"', 'stop'],
    ['Stop all', 'stop'],
    ['opt  out', 'stop'],
    ['opt-out', 'stop'],
    ['Opt out.', 'stop'],
    ['\nunsubscribe\n', 'stop'],
    ['yes!', 'start'],
    ['Opt in', 'start'],
    ['help?', 'help'],
    ['Info.', 'help'],
  ] as const)('reads %j as %s', (body, keyword) => {
    expect(inboundKeyword(body)).toBe(keyword);
  });

  it.each([
    'please stop by tomorrow',
    'stop sending',
    'I will stop',
    'the end',
    'yes please',
    'Can you help me with my application?',
    'STOPP',
    'S T O P',
    'hello',
    '',
    '   ',
    '?!',
  ])('reads %j as no keyword', (body) => {
    expect(inboundKeyword(body)).toBeNull();
  });
});
