// Terms of Service (spec §2 "Terms page sections", 13 sections). Some placeholders remain unfilled
// in the text and are shown visibly as placeholders.
import { SUPPORT_EMAIL } from '../../app/config.ts';
import { LegalLayout, type LegalSection, Placeholder } from './legal-layout.tsx';

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By accessing or using HomeRounds, a service provided by <Placeholder>Company Legal Name</Placeholder>, you agree
        to these Terms of Service. If you do not agree, do not use the service.
      </p>
    ),
  },
  {
    id: 'service-description',
    title: 'Description of Service',
    body: (
      <p>
        HomeRounds helps home health and therapy professionals schedule home visits, optimize routes, view their Google
        Calendar (read-only) and interact with an AI assistant by voice or text.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <ul>
        <li>You must be at least 18 years old.</li>
        <li>You must hold a Google account.</li>
        <li>You must be a healthcare or therapy professional authorized to provide the services you schedule.</li>
      </ul>
    ),
  },
  {
    id: 'professional-responsibilities',
    title: 'Professional Responsibilities',
    body: (
      <p>
        You remain responsible for your clinical decisions, for verifying your schedule and for complying with the laws,
        licensing rules and privacy obligations that apply to your practice, including the handling of patient
        information.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use',
    body: (
      <p>
        Do not misuse the service: no unlawful activity, no attempts to access other users’ data, no interference with
        the service’s operation and no use of the assistant to create misleading or harmful content.
      </p>
    ),
  },
  {
    id: 'availability-and-emergencies',
    title: 'Service Availability and Emergency Disclaimer',
    body: (
      <p>
        We aim for high availability but do not guarantee uninterrupted service. HomeRounds is an administrative tool:
        it does not provide medical advice and must never be used for emergencies. In an emergency, call your local
        emergency number.
      </p>
    ),
  },
  {
    id: 'data-ownership',
    title: 'Data Ownership',
    body: (
      <p>
        You own your data. You grant us only the rights needed to operate the service for you, as described in our
        Privacy Policy.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <p>
        The service, its software and its content are owned by <Placeholder>Company Legal Name</Placeholder> and its
        licensors and are protected by intellectual property laws.
      </p>
    ),
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        To the extent permitted by law, <Placeholder>Company Legal Name</Placeholder> is not liable for indirect,
        incidental or consequential damages, and our total liability is limited to the fees you paid in the{' '}
        <Placeholder>Liability Period</Placeholder> before the claim.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You may stop using the service at any time and may delete your account from the dashboard. We may suspend or
        terminate accounts that violate these terms.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these terms. We will notify you of material changes; continuing to use the service means you
        accept them.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of <Placeholder>Jurisdiction</Placeholder>, without regard to its conflict
        of law rules.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Information',
    body: (
      <p>
        <Placeholder>Company Legal Name</Placeholder>, <Placeholder>Company Address</Placeholder>. Email:{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      intro={<p>Please read these terms carefully before using HomeRounds.</p>}
      sections={TERMS_SECTIONS}
    />
  );
}
