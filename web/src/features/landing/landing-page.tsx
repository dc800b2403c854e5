// The landing page for signed-out visitors (spec §2): header, hero, features, how it works,
// pricing, closing call to action and footer. Loads without the dashboard, the calendar or supabase-js.
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { SUPPORT_EMAIL } from '../../app/config.ts';
import { CheckIcon, PlayIcon } from '../../components/icons.tsx';
import { SkipLink } from '../../components/skip-link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { SignInButton } from '../auth/sign-in-button.tsx';
import { DemoDialog } from './demo-dialog.tsx';
import { FEATURES, PRICING, STEPS } from './landing-content.ts';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p className="site-footer__brand">HomeRounds</p>
      <nav aria-label="Legal and support">
        <ul className="site-footer__links">
          <li>
            <Link href="/privacy">Privacy Policy</Link>
          </li>
          <li>
            <Link href="/terms">Terms of Service</Link>
          </li>
          <li>
            <a href={`mailto:${SUPPORT_EMAIL}`}>Contact support</a>
          </li>
        </ul>
      </nav>
      <p className="site-footer__note">
        HomeRounds is an administrative scheduling tool. It gives no medical advice and is not for emergencies.
      </p>
    </footer>
  );
}

export function LandingPage() {
  useDocumentTitle('HomeRounds · AI scheduling for home health professionals');
  const [demoOpen, setDemoOpen] = useState(false);
  const demoButtonRef = useRef<HTMLButtonElement>(null);

  const closeDemo = () => {
    setDemoOpen(false);
    demoButtonRef.current?.focus();
  };

  return (
    <div className="landing">
      <SkipLink />
      <header className="site-header">
        <span className="brand">HomeRounds</span>
        <SignInButton variant="primary">Get Started</SignInButton>
      </header>

      <main id="main">
        <section className="hero" aria-labelledby="hero-title">
          <div className="hero__text">
            <p className="eyebrow">For home health and therapy professionals</p>
            <h1 id="hero-title">Your home visits, planned in minutes</h1>
            <p className="hero__lead">
              HomeRounds shows your Google Calendar, plans the best route between patients and lets you schedule by
              simply talking to an AI assistant.
            </p>
            <div className="hero__actions">
              <SignInButton>Start with Google</SignInButton>
              <button
                ref={demoButtonRef}
                type="button"
                className="button button--secondary"
                onClick={() => setDemoOpen(true)}
                aria-haspopup="dialog"
              >
                <PlayIcon />
                <span>Watch Demo</span>
              </button>
            </div>
          </div>
          <div className="hero__art" aria-hidden="true">
            <div className="hero-card">
              <p className="hero-card__title">Tuesday</p>
              <ol className="hero-card__list">
                <li>9:00 · Home visit · Wound care</li>
                <li>10:30 · Physical therapy</li>
                <li>12:15 · Medication review</li>
                <li>2:00 · Occupational therapy</li>
              </ol>
              <p className="hero-card__route">Optimized route · 38 min saved</p>
            </div>
          </div>
        </section>

        <section className="section" aria-labelledby="features-title">
          <h2 id="features-title">Why clinicians choose HomeRounds</h2>
          <ul className="feature-grid">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="card feature">
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="section section--tinted" aria-labelledby="steps-title">
          <h2 id="steps-title">How it works</h2>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="card step">
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="section" aria-labelledby="pricing-title">
          <h2 id="pricing-title">Simple pricing</h2>
          <div className="card pricing-card">
            <h3>{PRICING.plan}</h3>
            <p className="pricing-card__price">
              <span className="pricing-card__amount">{PRICING.price}</span>{' '}
              <span className="pricing-card__period">{PRICING.period}</span>
            </p>
            <p className="pricing-card__trial">{PRICING.trial}</p>
            <p className="pricing-card__terms">{PRICING.terms.join(' · ')}</p>
            <ul className="pricing-card__list" aria-label="Included in the Professional Plan">
              {PRICING.inclusions.map((item) => (
                <li key={item}>
                  <CheckIcon />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <SignInButton variant="primary" className="button--block">
              Start your free trial
            </SignInButton>
          </div>
        </section>

        <section className="section cta" aria-labelledby="cta-title">
          <h2 id="cta-title">Spend more time with patients, less time driving</h2>
          <p>Connect your Google account and meet your assistant today. The first 14 days are free.</p>
          <SignInButton variant="light">Get started with Google</SignInButton>
        </section>
      </main>

      <SiteFooter />
      <DemoDialog open={demoOpen} onClose={closeDemo} />
    </div>
  );
}
