// Vitest setup (vite.config.ts `setupFiles`) for the component tests: Testing Library's findBy*/waitFor wait
// up to 5 s instead of 1 s, so a lazily loaded view or a slow render on a loaded CI machine is waited for
// rather than reported missing. A test that must be fast says so with its own timeout.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
