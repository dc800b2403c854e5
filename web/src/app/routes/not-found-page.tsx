import { Link } from 'wouter';
import { useDocumentTitle } from '../../components/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found · HomeRounds');
  return (
    <main id="main" className="centered-page">
      <div className="card not-found">
        <p className="eyebrow">Error 404</p>
        <h1>Page not found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <Link href="/" className="button button--primary">
          Back to Home
        </Link>
      </div>
    </main>
  );
}
