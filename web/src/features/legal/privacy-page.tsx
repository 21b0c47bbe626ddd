import { Link } from '@chakra-ui/react';
import { brand, legal, telHref } from '../../../../shared/brand/brand.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { Items, LegalDocument, P, type LegalSection } from './legal-document.tsx';

const name = brand.productName;

const sections: LegalSection[] = [
  {
    id: 'scope',
    title: 'Who We Are and What This Policy Covers',
    body: (
      <P>
        {name} matches small businesses with lenders in our partner network; we are not a lender. This Privacy Policy
        explains what personal information we collect through our website, quick match form, business health calculator
        and client portal, how we use and share it, and the choices and rights you have. It applies to business owners,
        officers and anyone else whose information is submitted to us.
      </P>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <P>Depending on how far you go with us, we collect:</P>
        <Items
          items={[
            'Contact and identity details: name, title, e-mail address, phone number and mailing address.',
            'Business details: business name, address, industry, years in business, ownership and website.',
            'Financial information: revenue, debts and monthly payments, the loan amount and purpose, down payment, and your self-reported credit score range.',
            'Sensitive identifiers: your Social Security number (SSN) or taxpayer identification number (TIN or EIN), when a lender needs it.',
            'Documents you upload: tax returns, financial statements, business bank statements and other banking records, business licenses, leases, and government-issued ID documents such as a driver’s license or passport.',
            'Account information: your login e-mail and password (stored only in hashed form) and your sign-in history.',
            'Communications: your messages, consultation notes and your choices about SMS and marketing messages.',
            'Technical information: IP address, browser and device type, pages visited and the date and time of visits, collected automatically.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'how-we-collect',
    title: 'How We Collect Information',
    body: (
      <P>
        Most information comes directly from you when you fill in the quick match form, create an account, upload
        documents or talk with us. Technical information is collected automatically by our servers and your browser.
        With your permission, we may also receive information about your application from the lenders we introduce you
        to, such as its status.
      </P>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How We Use Your Information',
    body: (
      <>
        <P>We use personal information to:</P>
        <Items
          items={[
            'assess your pre-qualification and match you with suitable lenders;',
            'prepare for and hold your consultation, and answer your questions;',
            'create and secure your account and store your documents in the client portal;',
            'send you notices about your request and, if you agreed, SMS updates and marketing messages;',
            'improve, secure and troubleshoot the Service, and prevent fraud;',
            'meet legal, regulatory and record-keeping obligations.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'how-we-share',
    title: 'How We Share Your Information',
    body: (
      <>
        <P>We share personal information only as follows:</P>
        <Items
          items={[
            'With lenders in our partner network, when you ask to be matched, so they can evaluate your financing request. Each lender handles your information under its own privacy policy.',
            'With service providers that host our systems, store documents, send e-mail and SMS, or schedule consultations for us. They may use the information only to provide their services to us and must protect it.',
            'With authorities, when the law requires it or to protect the rights, property or safety of our users, the public or us.',
            'With a buyer or successor, if our business is sold or merged, subject to this Policy.',
          ]}
        />
        <P>We do not sell your personal information and we do not share it for cross-context behavioral advertising.</P>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and Browser Storage',
    body: (
      <P>
        We use your browser’s storage to keep you signed in and to save your quick match form progress on your device so
        you can finish later; the saved form is cleared when you submit it. You can clear this storage in your browser
        settings at any time. We do not use third-party advertising cookies.
      </P>
    ),
  },
  {
    id: 'security',
    title: 'How We Protect Your Information',
    body: (
      <P>
        We protect your information with encryption in transit, access controls that limit each person to the records
        they need, private document storage with short-lived access links, and hashed passwords. No system is perfectly
        secure; if we learn of a breach affecting your information, we will notify you as the law requires.
      </P>
    ),
  },
  {
    id: 'retention',
    title: 'How Long We Keep Information',
    body: (
      <P>
        We keep your information while your account is open or while we are helping you, and afterwards only as long as
        needed for the purposes above, to resolve disputes, or to meet legal and record-keeping obligations. Then we
        delete it or make it anonymous.
      </P>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your Choices',
    body: (
      <P>
        You may review and update your account information, ask us to delete your account, and opt out of marketing
        e-mails through the unsubscribe link in any of them or by contacting us. You can stop SMS messages by replying
        STOP. Opting out of marketing does not stop messages needed to provide the Service.
      </P>
    ),
  },
  {
    id: 'california-rights',
    title: 'Your California Privacy Rights (CCPA)',
    body: (
      <>
        <P>
          If you are a California resident, the California Consumer Privacy Act, as amended, gives you the right to:
        </P>
        <Items
          items={[
            'know what personal information we collect, use and disclose, and to get a copy of it;',
            'ask us to delete personal information we hold about you, subject to legal exceptions;',
            'ask us to correct inaccurate personal information;',
            'limit our use of sensitive personal information (such as your SSN) to what is needed to provide the Service, which is all we use it for;',
            'opt out of the sale or sharing of personal information, although we do not sell or share it;',
            'not be discriminated against for exercising these rights.',
          ]}
        />
        <P>
          To make a request, contact us as described below. We will verify your identity before acting on it and answer
          within the time the law allows. An authorized agent may make a request on your behalf with your written
          permission. Some information, such as data a lender holds, is also covered by federal financial privacy laws.
        </P>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children’s Privacy',
    body: (
      <P>
        The Service is for adults seeking business financing. It is not directed to anyone under {legal.minimumAge}, and
        we do not knowingly collect personal information from anyone under {legal.minimumAge}. If you believe someone
        under {legal.minimumAge} has given us information, contact us and we will delete it.
      </P>
    ),
  },
  {
    id: 'united-states',
    title: 'Use in the United States Only',
    body: (
      <P>
        The Service is intended only for businesses located in the United States and for use within the United States.
        Our systems and service providers are in the United States, and information is processed there. We do not intend
        to offer the Service to people outside the United States.
      </P>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <P>
        We may update this Privacy Policy. The “Last updated” date above shows when it last changed. If we make material
        changes, we will tell account holders by e-mail and show a notice on the Service before they take effect.
      </P>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <>
        <P>For privacy questions or requests, contact us:</P>
        <Items
          items={[
            <>
              E-mail:{' '}
              <Link href={`mailto:${brand.contactEmail}`} color="blue.700">
                {brand.contactEmail}
              </Link>
            </>,
            <>
              Phone:{' '}
              <Link href={telHref(brand.contactPhone)} color="blue.700">
                {brand.contactPhone}
              </Link>
            </>,
            `Hours: ${legal.privacyContactHours}`,
          ]}
        />
      </>
    ),
  },
];

export function PrivacyPage() {
  return (
    <>
      <PageMeta
        title="Privacy Policy"
        description={`How ${name} collects, uses, shares and protects your personal and business information, and your privacy rights, including under the CCPA.`}
      />
      <LegalDocument
        title="Privacy Policy"
        intro={`Your privacy matters to us. Financing a business means sharing sensitive information, so this policy explains plainly what ${name} collects, why, and who sees it.`}
        sections={sections}
      />
    </>
  );
}
