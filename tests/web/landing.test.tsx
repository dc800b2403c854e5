// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAuth, renderApp } from './web-test-kit.tsx';

afterEach(cleanup);

describe('landing page', () => {
  it('shows the hero, the header call to action and the footer links to signed-out visitors', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your home visits, planned in minutes' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Watch Demo' })).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(within(footer).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('states the marketing claims and the three steps', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 2, name: 'Why clinicians choose HomeRounds' });
    for (const claim of [
      'HIPAA-compliant',
      'Trusted by 1,000+ users',
      '99.9% visit reliability',
      '40% less travel time',
      '24/7 support',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: claim })).toBeTruthy();
    }
    const steps = screen.getByRole('heading', { level: 2, name: 'How it works' }).closest('section') as HTMLElement;
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Connect your Google account',
      'Meet your AI assistant',
      'Start optimizing',
    ]);
  });

  it('shows the Professional Plan pricing card with its six inclusions', async () => {
    renderApp('/');
    const card = (await screen.findByRole('heading', { level: 3, name: 'Professional Plan' })).closest(
      'div',
    ) as HTMLElement;
    expect(card.textContent).toContain('$99');
    expect(card.textContent).toContain('per month per home health professional');
    expect(within(card).getByText('14-day free trial')).toBeTruthy();
    expect(card.textContent).toContain('No credit card required');
    expect(card.textContent).toContain('Cancel anytime');
    const inclusions = within(
      within(card).getByRole('list', { name: 'Included in the Professional Plan' }),
    ).getAllByRole('listitem');
    expect(inclusions.map((item) => item.textContent)).toEqual([
      'Unlimited AI voice interactions',
      'Calendar integration',
      'Route optimization',
      'Visit scheduling',
      'HIPAA-compliant data protection',
      '24/7 priority support',
    ]);
  });

  it.each(['Get Started', 'Start with Google', 'Start your free trial', 'Get started with Google'])(
    'starts the provider sign-in from "%s"',
    async (name) => {
      const auth = fakeAuth();
      renderApp('/', auth);
      fireEvent.click(await screen.findByRole('button', { name }));
      await waitFor(() => expect(auth.signIn).toHaveBeenCalledTimes(1));
    },
  );

  it('opens an accessible demo walkthrough with Watch Demo and closes it', async () => {
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Watch Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'See HomeRounds in action' });
    expect(within(dialog).getByText(/Step 1 of 4/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText(/Step 2 of 4/)).toBeTruthy();
    expect(within(dialog).getByText('See your schedule')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close demo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the full-screen loading text while the session is restored', async () => {
    const auth = fakeAuth({ session: new Promise(() => {}) });
    renderApp('/', auth);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
