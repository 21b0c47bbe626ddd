import { describe, expect, it } from 'vitest';
import { officerAnswerEmail } from './handler.ts';

describe('the e-mail an officer gets when a lender answers', () => {
  const row = {
    package_id: '6ff42ac6-0000-4000-8000-000000000001',
    application_id: '11111111-2222-4333-8444-555555555555',
    lender_name: 'Harbor Bank',
    business_name: 'Lopez & Sons',
  };

  it('keeps the note’s line breaks in its HTML part and links the application itself', () => {
    const mail = officerAnswerEmail(
      row,
      'need_more_info',
      'Please send the P&L.\nThanks, Lena',
      'o@x.example',
      'https://loans.example',
    );
    const detail = 'https://loans.example/admin?list=approved&application=11111111-2222-4333-8444-555555555555';
    expect(mail.text).toContain(`shows it in its timeline: ${detail}`);
    expect(mail.text).toContain('Their note: Please send the P&L.\nThanks, Lena');
    expect(mail.html).toContain('<p>Their note: Please send the P&amp;L.<br>Thanks, Lena</p>');
    const escapedDetail = detail.replace('&', '&amp;');
    expect(mail.html).toContain(`<a href="${escapedDetail}">${escapedDetail}</a>`);
    expect(mail.subject).toBe('Harbor Bank: Need more information (package 6ff42ac6, Lopez & Sons)');
  });
});
