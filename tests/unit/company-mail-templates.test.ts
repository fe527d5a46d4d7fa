// The company e-mails' words: the invitation to join a company, and the shop's approval or rejection of a
// company; what each says in text and HTML, and that nothing a company admin or an admin typed can break
// out of its place (HTML markup, header lines).

import { describe, expect, it } from 'vitest';
import { renderCompanyDecisionMail, renderInvitationMail, type InvitationMailContext } from '../../server/mail/templates';
import { invitationLink, invitationToken, invitationTokenHash } from '../../server/lib/invitation-token';

const invitation = (overrides: Partial<InvitationMailContext> = {}): InvitationMailContext => ({
  companyName: 'Rita’s Tools',
  inviterName: 'Rita Berger',
  inviterEmail: 'rita@ritas-tools.example',
  email: 'bob@ritas-tools.example',
  role: 'buyer',
  link: 'https://shop.example.com/join/abc_DEF-123',
  expiresAt: new Date('2026-05-17T09:30:00Z'),
  ...overrides,
});

describe('the invitation mail', () => {
  it('names the company, who invites, the role, the address to sign in with, the link and until when it is open', () => {
    const mail = renderInvitationMail(invitation());
    expect(mail.subject).toBe('Rita’s Tools invites you to buy from Forgeline Power Tools');
    expect(mail.text).toContain('Rita Berger (rita@ritas-tools.example) invites you to join Rita’s Tools at Forgeline Power Tools, as a buyer');
    expect(mail.text).toContain('sign in, or register, with this address: bob@ritas-tools.example.');
    expect(mail.text).toContain('Join Rita’s Tools:\nhttps://shop.example.com/join/abc_DEF-123');
    expect(mail.text).toContain('The invitation is open until May 17, 2026 at 9:30 AM UTC.');
    expect(mail.text).toContain('If you do not know them, ignore it');
    expect(mail.html).toContain('<a href="https://shop.example.com/join/abc_DEF-123"');
    expect(mail.html).toContain('<strong>bob@ritas-tools.example</strong>');
    expect(mail.text).toContain('Forgeline Power Tools\n');
  });

  it('says what a company admin may do, and names the inviter by address when they have no name', () => {
    const mail = renderInvitationMail(invitation({ role: 'company_admin', inviterName: '  ' }));
    expect(mail.text).toContain('rita@ritas-tools.example invites you to join Rita’s Tools');
    expect(mail.text).toContain('as a company admin: you will order tools for the company and manage its details, locations and people.');
  });

  it('keeps a company name with markup and line breaks in its place', () => {
    const mail = renderInvitationMail(invitation({ companyName: 'Evil <script>x</script>\r\nBcc: all@example.com' }));
    expect(mail.subject).not.toMatch(/[\r\n]/u);
    expect(mail.subject).toBe('Evil <script>x</script> Bcc: all@example.com invites you to buy from Forgeline Power Tools');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Evil &lt;script&gt;x&lt;/script&gt; Bcc: all@example.com');
  });
});

describe('the shop’s answer to a company', () => {
  it('tells an approved company that it may order now', () => {
    const mail = renderCompanyDecisionMail('company_approved', { companyName: 'Rita’s Tools', recipientName: 'Rita Berger', reason: null });
    expect(mail.subject).toBe('Rita’s Tools is approved: you can order now');
    expect(mail.text).toMatch(/^Hello Rita,/u);
    expect(mail.text).toContain('we have approved Rita’s Tools as a dealer of Forgeline Power Tools.');
    expect(mail.text).toContain('can now place orders');
    expect(mail.html).toContain('<strong>Rita’s Tools</strong>');
  });

  it('tells a rejected company why, when the shop gave a reason, and how to reach the shop', () => {
    const mail = renderCompanyDecisionMail('company_rejected', {
      companyName: 'Rita’s Tools',
      recipientName: '',
      reason: 'We sell to\nregistered dealers only.',
    });
    expect(mail.subject).toBe('Your application for Rita’s Tools');
    expect(mail.text).toMatch(/^Hello there,/u);
    expect(mail.text).toContain('we have not approved Rita’s Tools as a dealer, so it cannot order.');
    expect(mail.text).toContain('Our reason: We sell to registered dealers only.');
    expect(mail.text).toContain('dealers@forgeline.example');
    const silent = renderCompanyDecisionMail('company_rejected', { companyName: 'Rita’s Tools', recipientName: 'Rita', reason: null });
    expect(silent.text).not.toContain('Our reason');
  });

  it('escapes a reason with markup', () => {
    const mail = renderCompanyDecisionMail('company_rejected', { companyName: 'A & B', recipientName: 'Rita', reason: '<b>no</b>' });
    expect(mail.html).toContain('&lt;b&gt;no&lt;/b&gt;');
    expect(mail.html).toContain('A &amp; B');
  });
});

describe('the invitation’s token', () => {
  it('is the same for the same invitation and secret, differs otherwise, and is kept only as a hash', () => {
    const id = '6f1c2d3e-0a1b-4c2d-8e3f-1234567890ab';
    const token = invitationToken('s'.repeat(40), id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(invitationToken('s'.repeat(40), id)).toBe(token);
    expect(invitationToken('t'.repeat(40), id)).not.toBe(token);
    expect(invitationToken('s'.repeat(40), '6f1c2d3e-0a1b-4c2d-8e3f-1234567890ac')).not.toBe(token);
    expect(invitationTokenHash(token)).toMatch(/^[0-9a-f]{64}$/u);
    expect(invitationLink('https://shop.example.com', token)).toBe(`https://shop.example.com/join/${token}`);
  });
});
