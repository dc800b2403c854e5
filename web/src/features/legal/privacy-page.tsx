// Privacy Policy (spec §2 "Privacy page sections"), last updated January 2025.
import { SUPPORT_EMAIL } from '../../app/config.ts';
import { LegalLayout, type LegalSection } from './legal-layout.tsx';

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>When you sign in with Google we receive, from your Google account:</p>
        <ul>
          <li>your name,</li>
          <li>your email address,</li>
          <li>your profile picture, and</li>
          <li>your Google account ID.</li>
        </ul>
        <p>
          With your permission we read your Google Calendar events (read-only access) to show your schedule. Calendar
          events are displayed to you and are not stored by HomeRounds.
        </p>
        <p>
          One exception, to plan your routes: the addresses of your visits are located on our server (Google's Geocoding
          service in production), and each address with its map point is kept for up to 30 days in a server-only cache
          that no user can read, then deleted. Drive times between those places are asked of Google's Routes service
          when your organisation has turned it on, and kept the same way for up to 30 days.
        </p>
        <p>
          Your patient list is the other thing HomeRounds keeps: only the patients you add to it (from the suggestions
          your calendar gives, or by telling the assistant), with what you choose to keep about each — name, address and
          its map point, phone, the time of day they prefer, language, notes, and whether they agree to automated
          reminder calls — and the names you marked as not a patient. It is stored in our database with row-level
          security: only you can read or change it. You can change any entry in the Patients view of your dashboard, and
          it is deleted with your account.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>To sign you in and show your name and picture in the app.</li>
        <li>To display your calendar and help you schedule visits and plan routes.</li>
        <li>To let the AI assistant answer questions about your calendar when you ask it to.</li>
        <li>To provide support and keep the service secure. We do not sell your information.</li>
      </ul>
    ),
  },
  {
    id: 'data-protection',
    title: 'Data Protection and Healthcare Notice',
    body: (
      <>
        <p>
          HomeRounds is built for healthcare professionals and protects data with safeguards designed for HIPAA
          compliance. HomeRounds is an administrative scheduling tool: it does not provide medical advice and must not
          be used for emergencies.
        </p>
        <p>
          Please avoid entering unnecessary patient health information in calendar events or assistant conversations.
        </p>
      </>
    ),
  },
  {
    id: 'storage-and-security',
    title: 'Data Storage and Security',
    body: (
      <ul>
        <li>Data is encrypted in transit and at rest.</li>
        <li>Sign-in uses OAuth 2.0 with Google; we never see your Google password.</li>
        <li>Row-level security in our database ensures each user can only access their own records.</li>
      </ul>
    ),
  },
  {
    id: 'third-party-services',
    title: 'Third-Party Services',
    body: (
      <ul>
        <li>Google, for sign-in and read-only access to your Google Calendar.</li>
        <li>Our voice-AI provider, which powers the voice and chat assistant during your conversations.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>access the information we hold about you,</li>
          <li>correct inaccurate information,</li>
          <li>delete your account and information,</li>
          <li>receive your information in a portable format, and</li>
          <li>revoke HomeRounds’ access to your calendar at any time in your Google account settings.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'data-retention',
    title: 'Data Retention',
    body: (
      <p>
        We keep your information while your account is active. When you delete your account, all your data is removed
        immediately.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about this policy or your data? Email us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      lastUpdated="January 2025"
      intro={<p>This policy explains what information HomeRounds collects, how we use it and the choices you have.</p>}
      sections={PRIVACY_SECTIONS}
    />
  );
}
