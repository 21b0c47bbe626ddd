import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usStates } from '../catalogue/us-states.ts';
import { smsSendTime, stateTimeZone } from './quiet-hours.ts';

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The hour and minute a zone's clock shows at an instant, as '08:00'. */
function clock(date: Date, zone: string): string {
  let format = clocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(zone, format);
  }
  return format.format(date);
}

function hourIn(date: Date, zone: string): number {
  return Number(clock(date, zone).slice(0, 2));
}

const daytimeIn = (date: Date, zone: string) => hourIn(date, zone) >= 8 && hourIn(date, zone) < 21;

describe('the time zone of a state', () => {
  it.each([
    ['NV', 'America/Los_Angeles'],
    ['CA', 'America/Los_Angeles'],
    ['CO', 'America/Denver'],
    ['AZ', 'America/Phoenix'],
    ['HI', 'Pacific/Honolulu'],
    ['AK', 'America/Anchorage'],
    ['IL', 'America/Chicago'],
    ['NY', 'America/New_York'],
    ['DC', 'America/New_York'],
    // States split between zones: where most of their people live.
    ['FL', 'America/New_York'],
    ['IN', 'America/New_York'],
    ['KY', 'America/New_York'],
    ['MI', 'America/New_York'],
    ['TN', 'America/Chicago'],
    ['TX', 'America/Chicago'],
    ['ND', 'America/Chicago'],
    ['ID', 'America/Denver'],
    ['OR', 'America/Los_Angeles'],
    ['PR', 'America/Puerto_Rico'],
    ['VI', 'America/St_Thomas'],
    ['GU', 'Pacific/Guam'],
    ['AS', 'Pacific/Pago_Pago'],
    ['MP', 'Pacific/Saipan'],
  ])('%s is %s', (state, zone) => {
    expect(stateTimeZone(state)).toBe(zone);
  });

  it('reads the code whatever its case and spaces, and a state’s name as the application form may hold it', () => {
    expect(stateTimeZone(' nv ')).toBe('America/Los_Angeles');
    expect(stateTimeZone('pr')).toBe('America/Puerto_Rico');
    expect(stateTimeZone('Nevada')).toBe('America/Los_Angeles');
    expect(stateTimeZone(' texas. ')).toBe('America/Chicago');
    expect(smsSendTime(new Date('2026-06-10T21:30:00-04:00'), 'California')).toEqual(
      new Date('2026-06-10T21:30:00-04:00'),
    );
  });

  it('is a zone the runtime knows for every state of the registration form', () => {
    for (const { value } of usStates) {
      const zone = stateTimeZone(value);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone }), value).not.toThrow();
      expect(zone.startsWith('America/') || zone.startsWith('Pacific/'), value).toBe(true);
    }
  });

  it('is the zone most Americans live in for an unknown or empty state', () => {
    for (const state of ['', 'XX', 'Nevad', 'Puerto Rico', 'constructor', 'toString']) {
      expect(stateTimeZone(state), state).toBe('America/New_York');
    }
  });
});

describe('when a text may be sent', () => {
  it('is now during the day', () => {
    const noon = new Date('2026-06-10T12:00:00-06:00');
    expect(smsSendTime(noon, 'CO')).toEqual(noon);
  });

  it('is now from 8:00 to 20:59:59.999, and the next morning from 21:00', () => {
    const eight = new Date('2026-06-10T08:00:00-06:00');
    const lastMoment = new Date('2026-06-10T20:59:59.999-06:00');
    expect(smsSendTime(eight, 'CO')).toEqual(eight);
    expect(smsSendTime(lastMoment, 'CO')).toEqual(lastMoment);
    expect(smsSendTime(new Date('2026-06-10T21:00:00-06:00'), 'CO')).toEqual(new Date('2026-06-11T08:00:00-06:00'));
  });

  it('is 8 am the same day before 8 am', () => {
    expect(smsSendTime(new Date('2026-06-10T07:59:59.999-06:00'), 'CO')).toEqual(new Date('2026-06-10T08:00:00-06:00'));
    expect(smsSendTime(new Date('2026-06-10T00:00:00-06:00'), 'CO')).toEqual(new Date('2026-06-10T08:00:00-06:00'));
  });

  it('rolls over the end of a month and of a year', () => {
    expect(smsSendTime(new Date('2026-12-31T22:00:00-05:00'), 'NY')).toEqual(new Date('2027-01-01T08:00:00-05:00'));
    expect(smsSendTime(new Date('2026-04-30T23:30:00-07:00'), 'CA')).toEqual(new Date('2026-05-01T08:00:00-07:00'));
  });

  it('uses the state’s own clock: 9:30 pm in New York is 6:30 pm in California', () => {
    const instant = new Date('2026-06-10T21:30:00-04:00');
    expect(smsSendTime(instant, 'CA')).toEqual(instant);
    expect(smsSendTime(instant, 'NY')).toEqual(new Date('2026-06-11T08:00:00-04:00'));
  });

  describe('across daylight-saving changes', () => {
    // In 2026 clocks go forward on Sunday March 8 and back on Sunday November 1, at 2 am.
    it('in Denver, a text held on the Saturday night before clocks go forward goes at 8 am daylight time', () => {
      const held = smsSendTime(new Date('2026-03-07T22:00:00-07:00'), 'CO');
      expect(held).toEqual(new Date('2026-03-08T08:00:00-06:00'));
      expect(clock(held, 'America/Denver')).toBe('08:00');
    });

    it('in Denver, a text held on the night clocks go back goes at 8 am standard time', () => {
      const held = smsSendTime(new Date('2026-10-31T21:30:00-06:00'), 'CO');
      expect(held).toEqual(new Date('2026-11-01T08:00:00-07:00'));
      expect(clock(held, 'America/Denver')).toBe('08:00');
    });

    it('in New York, across the spring change, including from inside the skipped hour', () => {
      expect(smsSendTime(new Date('2026-03-07T21:00:00-05:00'), 'NY')).toEqual(new Date('2026-03-08T08:00:00-04:00'));
      expect(smsSendTime(new Date('2026-03-08T01:59:00-05:00'), 'NY')).toEqual(new Date('2026-03-08T08:00:00-04:00'));
      expect(smsSendTime(new Date('2026-03-08T03:00:00-04:00'), 'NY')).toEqual(new Date('2026-03-08T08:00:00-04:00'));
    });

    it('in New York, across the autumn change, from either 1:30 am of the repeated hour', () => {
      expect(smsSendTime(new Date('2026-11-01T01:30:00-04:00'), 'NY')).toEqual(new Date('2026-11-01T08:00:00-05:00'));
      expect(smsSendTime(new Date('2026-11-01T01:30:00-05:00'), 'NY')).toEqual(new Date('2026-11-01T08:00:00-05:00'));
      expect(smsSendTime(new Date('2026-10-31T23:00:00-04:00'), 'NY')).toEqual(new Date('2026-11-01T08:00:00-05:00'));
    });

    it('in Arizona, which keeps standard time, 8 am stays 8 am MST the night Denver changes', () => {
      expect(smsSendTime(new Date('2026-03-07T22:00:00-07:00'), 'AZ')).toEqual(new Date('2026-03-08T08:00:00-07:00'));
      expect(smsSendTime(new Date('2026-10-31T22:00:00-07:00'), 'AZ')).toEqual(new Date('2026-11-01T08:00:00-07:00'));
    });

    it('in Hawaii, which keeps standard time all year', () => {
      expect(smsSendTime(new Date('2026-03-07T21:00:00-10:00'), 'HI')).toEqual(new Date('2026-03-08T08:00:00-10:00'));
      expect(smsSendTime(new Date('2026-07-04T05:00:00-10:00'), 'HI')).toEqual(new Date('2026-07-04T08:00:00-10:00'));
    });
  });

  describe('for an unknown state', () => {
    it('waits until it is 8 am in Hawaii, the last state to wake', () => {
      // Noon in New York in winter is 7 am in Honolulu.
      expect(smsSendTime(new Date('2026-01-15T12:00:00-05:00'), '')).toEqual(new Date('2026-01-15T08:00:00-10:00'));
    });

    it('sends at 8:30 pm in New York, and after 9 pm there waits for the next Hawaiian morning', () => {
      const evening = new Date('2026-01-15T20:30:00-05:00');
      expect(smsSendTime(evening, 'XX')).toEqual(evening);
      expect(smsSendTime(new Date('2026-01-15T21:00:00-05:00'), 'XX')).toEqual(new Date('2026-01-16T08:00:00-10:00'));
    });
  });

  it('for any instant and state: never earlier than now, in daytime there, and the first such moment', () => {
    const codes = [...usStates.map((state) => state.value), 'DC', 'PR', 'VI', 'GU', 'AS', 'MP', ''];
    // Every zone a state of the 50 or DC is in: the ones an unknown state must wait for.
    const allStates = [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'Pacific/Honolulu',
    ];
    fc.assert(
      fc.property(
        // 2024 to 2034, to the millisecond.
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2034, 11, 31) }),
        fc.constantFrom(...codes),
        (ms, state) => {
          const now = new Date(ms);
          const sent = smsSendTime(now, state);
          const zones = state === '' ? allStates : [stateTimeZone(state)];
          expect(sent.getTime()).toBeGreaterThanOrEqual(ms);
          for (const zone of zones) expect(daytimeIn(sent, zone), zone).toBe(true);
          if (sent.getTime() === ms) return;
          // Held: it goes on the hour, at 8 am in one of the zones, and no earlier minute was daytime in all.
          expect(zones.some((zone) => clock(sent, zone) === '08:00')).toBe(true);
          expect(sent.getTime() % 3_600_000).toBe(0);
          expect(sent.getTime() - ms).toBeLessThanOrEqual((state === '' ? 20 : 12) * 3_600_000);
          for (let t = sent.getTime() - 60_000; t > ms; t -= 15 * 60_000) {
            expect(zones.every((zone) => daytimeIn(new Date(t), zone))).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
