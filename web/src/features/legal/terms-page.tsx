import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand, legal, telHref } from '../../../../shared/brand/brand.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { Items, LegalDocument, P, type LegalSection } from './legal-document.tsx';

const name = brand.productName;

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of These Terms',
    body: (
      <>
        <P>
          These Terms of Use govern your use of the {name} website, the quick match (pre-qualification) form, the
          business health calculator, the client portal and every related service (together, the “Service”). By using
          the Service you agree to these Terms and to our Privacy Policy. If you use the Service on behalf of a
          business, you accept these Terms for that business as well as for yourself.
        </P>
        <P>If you do not agree, do not use the Service.</P>
      </>
    ),
  },
  {
    id: 'our-service',
    title: 'Our Service',
    body: (
      <>
        <P>
          {name} is a business-loan matching service. We help small and mid-size businesses in the United States find
          lenders in our partner network, including lenders that make loans guaranteed by the U.S. Small Business
          Administration (SBA). Our services include a pre-qualification assessment, lender matching, consultations, and
          help managing and submitting documents.
        </P>
        <P>
          {name} is not a lender. We do not make loans, make credit decisions, issue commitments or set rates or terms.
          We are not affiliated with or endorsed by the SBA or any government agency.
        </P>
        <P>
          The quick match form is an initial screening only. It is not the official loan application of any lender. A
          pre-qualification result is an estimate based on the information you give us and is not an offer or approval
          of credit.
        </P>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <>
        <P>To use the Service you must:</P>
        <Items
          items={[
            `be at least ${legal.minimumAge} years old;`,
            'have the legal authority to act for, and to seek financing on behalf of, the business you describe;',
            'own or operate a legitimate business in the United States, or be taking real steps to start one (a planned business);',
            'provide accurate, current and complete information, and keep it up to date.',
          ]}
        />
        <P>
          We may decline or stop providing the Service to anyone who does not meet these requirements, or where we
          cannot verify the information provided.
        </P>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and Security',
    body: (
      <>
        <P>
          Some parts of the Service, such as the client portal, require an account. You are responsible for keeping your
          password confidential and for everything done through your account. Use a password you do not use elsewhere
          and tell us immediately at {brand.contactEmail} if you suspect unauthorized access.
        </P>
        <P>One person may not share an account with another, and you may not create an account for someone else.</P>
      </>
    ),
  },
  {
    id: 'information-you-provide',
    title: 'Information You Provide',
    body: (
      <>
        <P>
          You confirm that everything you submit, including financial figures, ownership details and documents, is true,
          accurate and not misleading. Lenders rely on this information. Knowingly giving false information to obtain
          credit may be a crime under federal and state law.
        </P>
        <P>
          Figures you enter in the quick match form and the business health calculator are your own estimates. Results
          based on them are only as reliable as the figures you enter.
        </P>
      </>
    ),
  },
  {
    id: 'sharing-and-credit',
    title: 'Sharing With Lenders and Credit Checks',
    body: (
      <>
        <P>
          By asking to be matched, you authorize us to share the information and documents you provide with lenders in
          our network, and with service providers that help us deliver the Service, so that they can evaluate your
          request. The Privacy Policy explains this in detail.
        </P>
        <P>
          {name} does not pull your credit report for the quick match form. A lender you choose to work with may obtain
          credit reports on you and your business, with your permission, as part of its own application.
        </P>
      </>
    ),
  },
  {
    id: 'no-guarantee',
    title: 'No Guarantee of Approval',
    body: (
      <P>
        We do not guarantee that you will be matched with a lender, that any lender will approve your application, or
        that any loan will be offered on particular terms, in a particular amount or by a particular date. Lenders make
        their own decisions using their own criteria, which may change at any time. Pre-qualification, a match or a
        consultation is not a promise of financing.
      </P>
    ),
  },
  {
    id: 'fees',
    title: 'Fees',
    body: (
      <>
        <P>
          There are no fees to borrowers. We never charge you for the quick match form, the consultation, lender
          matching or the client portal.
        </P>
        <P>
          Lenders in our network may pay us a fee when a loan we referred is made. That compensation is paid by the
          lender and is not added to your loan. Lenders may charge their own fees (for example closing costs or SBA
          guarantee fees), which they must disclose to you before you sign.
        </P>
      </>
    ),
  },
  {
    id: 'communications',
    title: 'Communications',
    body: (
      <>
        <P>
          By submitting the quick match form you agree that we may contact you by e-mail and phone about your request.
          We send text messages only if you opt in, and marketing messages only if you agree to receive them. You can
          opt out of marketing at any time using the link in our e-mails or by contacting us; we will still send
          messages needed to provide the Service.
        </P>
      </>
    ),
  },
  {
    id: 'documents',
    title: 'Documents You Upload',
    body: (
      <P>
        You keep ownership of the documents you upload. You give us permission to store them, review them and share them
        with the lenders you are matched with, only to provide the Service. Upload only documents you have the right to
        share, and do not upload documents about other people unless they have agreed.
      </P>
    ),
  },
  {
    id: 'prohibited-uses',
    title: 'Prohibited Uses',
    body: (
      <>
        <P>You agree not to:</P>
        <Items
          items={[
            'submit false, misleading or someone else’s information, or impersonate any person or business;',
            'use the Service for any unlawful purpose, including fraud or money laundering, or to finance an unlawful business;',
            'access another person’s account or data, or try to get around security measures;',
            'scrape, copy or harvest content or data from the Service by automated means;',
            'upload malware or anything designed to disrupt, damage or overload the Service;',
            'reverse engineer the Service, except where the law allows it;',
            'resell the Service or use it to build a competing service.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-Party Lenders and Websites',
    body: (
      <P>
        Lenders, scheduling tools and other third parties we link to or introduce you to are independent businesses.
        Their own terms and privacy policies apply to your dealings with them, and we are not responsible for their
        products, decisions, content or conduct. Any loan agreement is between you and the lender.
      </P>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <P>
        The Service, including its text, design, software and our name and logo, belongs to {name} or its licensors and
        is protected by law. You may use it only as these Terms allow. Articles on our blog are for your personal
        information; please link to them rather than copying them.
      </P>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <>
        <P>
          The Service is provided “as is” and “as available”. To the fullest extent the law allows, we disclaim all
          warranties, express or implied, including merchantability, fitness for a particular purpose and
          non-infringement, and we do not promise that the Service will be uninterrupted or error-free.
        </P>
        <P>
          Content on the Service, including calculator results, blog articles and consultation discussions, is general
          information. It is not legal, tax, accounting or investment advice. Consult your own professional advisers
          before making financial decisions.
        </P>
      </>
    ),
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability and Indemnification',
    body: (
      <>
        <P>
          To the fullest extent the law allows, {name} will not be liable for any indirect, incidental, special,
          consequential or punitive damages, or for lost profits, revenue or business opportunities, arising from your
          use of the Service or from any lender’s decision. Because the Service is free to borrowers, our total
          liability for any claim is limited to one hundred US dollars ($100).
        </P>
        <P>
          You agree to indemnify and hold {name} harmless from claims, losses and expenses (including reasonable
          attorneys’ fees) arising from your breach of these Terms or from information you provided that was false or
          that you had no right to share.
        </P>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and Termination',
    body: (
      <P>
        You may stop using the Service and ask us to close your account at any time. We may suspend or end your access
        if you break these Terms, if we suspect fraud, or if we stop offering the Service. Sections that by their nature
        should survive termination (including fees, disclaimers, limitation of liability and governing law) survive.
      </P>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law and Disputes',
    body: (
      <P>
        These Terms are governed by the laws of the State of {legal.governingLawState}, without regard to its
        conflict-of-law rules, and by applicable federal law. Any dispute arising from these Terms or the Service will
        be brought in the state or federal courts located in {legal.governingLawState}, and you consent to their
        jurisdiction. Before filing a claim, please contact us so we can try to resolve the issue informally.
      </P>
    ),
  },
  {
    id: 'changes-and-contact',
    title: 'Changes to These Terms and Contact',
    body: (
      <>
        <P>
          We may update these Terms from time to time. We will give at least {legal.termsChangeNoticeDays} days’ notice
          of material changes, by e-mail to account holders and by a notice on the Service, before they take effect. The
          “Last updated” date above shows when these Terms last changed. Continuing to use the Service after a change
          takes effect means you accept the updated Terms.
        </P>
        <P>
          Questions about these Terms: e-mail{' '}
          <Link href={`mailto:${brand.contactEmail}`} color="blue.700">
            {brand.contactEmail}
          </Link>{' '}
          or call{' '}
          <Link href={telHref(brand.contactPhone)} color="blue.700">
            {brand.contactPhone}
          </Link>{' '}
          ({brand.businessHours}). Our{' '}
          <Link asChild color="blue.700">
            <RouterLink to="/privacy">Privacy Policy</RouterLink>
          </Link>{' '}
          explains how we handle your information.
        </P>
      </>
    ),
  },
];

export function TermsPage() {
  return (
    <>
      <PageMeta
        title="Terms of Use"
        description={`The terms that govern your use of ${name}: eligibility, no fees to borrowers, no guarantee of approval, prohibited uses and ${legal.governingLawState} governing law.`}
      />
      <LegalDocument
        title="Terms of Use"
        intro={`Please read these terms carefully. They explain what ${name} does and does not do, what we expect of you, and the limits of our responsibility.`}
        sections={sections}
      />
    </>
  );
}
