import { describe, expect, it } from 'vitest';
import { callerAddress } from './http.ts';

const call = (headers: Record<string, string>) => new Request('https://project.example/functions/v1/x', { headers });

describe("the caller's address the functions count", () => {
  it("is the gateway's X-Real-IP, whatever the caller wrote into X-Forwarded-For", () => {
    expect(callerAddress(call({ 'x-real-ip': '198.51.100.7', 'x-forwarded-for': '203.0.113.1, 10.0.0.2' }))).toBe(
      '198.51.100.7',
    );
  });

  it('is the first X-Forwarded-For entry only without X-Real-IP, never a proxy of the platform added after it', () => {
    expect(callerAddress(call({ 'x-forwarded-for': ' 203.0.113.1 , 10.0.0.2' }))).toBe('203.0.113.1');
  });

  it("is 'unknown' without either header, one bucket for every such call", () => {
    expect(callerAddress(call({}))).toBe('unknown');
  });
});
