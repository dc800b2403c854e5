// Shared frame of the static legal pages: header, title, sections, Back to Home.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SkipLink } from '../../components/skip-link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** An unfilled placeholder of the legal text, shown visibly as such. */
export function Placeholder({ children }: { children: string }) {
  return <mark className="placeholder">[{children}]</mark>;
}

export function LegalLayout({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  lastUpdated?: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  useDocumentTitle(`${title} · HomeRounds`);
  return (
    <div className="legal">
      <SkipLink />
      <header className="site-header">
        <Link href="/" className="brand">
          HomeRounds
        </Link>
      </header>
      <main id="main" className="legal__main">
        <article className="card legal__article">
          <h1>{title}</h1>
          {lastUpdated ? <p className="legal__updated">Last updated: {lastUpdated}</p> : null}
          <div className="legal__intro">{intro}</div>
          <nav aria-label="Sections" className="legal__toc">
            <ol>
              {/* The list numbers the entries; the text carries only the title (not "1. 1. …"). */}
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
          <p className="legal__back">
            <Link href="/" className="button button--primary">
              Back to Home
            </Link>
          </p>
        </article>
      </main>
    </div>
  );
}
