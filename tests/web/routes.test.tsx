// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testNow } from '../support/test-clock.ts';
import { ADA, ADA_PROFILE, fakeAuth, fakeSchedule, renderApp } from './web-test-kit.tsx';

afterEach(cleanup);
beforeEach(() => {
  window.sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('routes', () => {
  it('shows a not-found page with a way home for unknown routes', async () => {
    const { location } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(location.history.at(-1)).toBe('/');
  });

  it('shows every section of the Privacy Policy, last updated January 2025, with Back to Home', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('Last updated: January 2025')).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      '1. Information We Collect',
      '2. How We Use Your Information',
      '3. Data Protection and Healthcare Notice',
      '4. Data Storage and Security',
      '5. Third-Party Services',
      '6. Your Rights',
      '7. Data Retention',
      '8. Contact Us',
    ]);
    // The contents list numbers its entries itself: the text is the title alone (never "1. 1. …").
    const contents = within(screen.getByRole('navigation', { name: 'Sections' }));
    const entries = contents.getAllByRole('link').map((a) => a.textContent);
    expect(entries[0]).toBe('Information We Collect');
    expect(entries.every((text) => !/^\d/.test(text ?? ''))).toBe(true);
    expect(contents.getByRole('list').tagName).toBe('OL');
    const body = document.body.textContent ?? '';
    for (const text of [
      'name',
      'profile picture',
      'Google account ID',
      'not stored',
      'OAuth 2.0',
      'Row-level security',
    ]) {
      expect(body).toContain(text);
    }
    for (const right of ['access', 'correct', 'delete', 'portable', 'revoke']) expect(body).toContain(right);
    expect(body).toContain('all your data is removed immediately');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('shows the 13 sections of the Terms of Service with visible placeholders', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/^\d+\. /, ''));
    expect(titles).toEqual([
      'Acceptance of Terms',
      'Description of Service',
      'Eligibility',
      'Professional Responsibilities',
      'Acceptable Use',
      'Service Availability and Emergency Disclaimer',
      'Data Ownership',
      'Intellectual Property',
      'Limitation of Liability',
      'Termination',
      'Changes to These Terms',
      'Governing Law',
      'Contact Information',
    ]);
    expect(screen.getAllByText('[Company Legal Name]').length).toBeGreaterThan(0);
    expect(screen.getByText('[Jurisdiction]')).toBeTruthy();
    expect(document.body.textContent).toContain('at least 18 years old');
    expect(document.body.textContent).toContain('delete your account from the dashboard');
  });

  it('sends a signed-out visitor of /dashboard to sign in, coming back to /dashboard', async () => {
    window.sessionStorage.clear();
    const auth = fakeAuth();
    renderApp('/dashboard', auth);
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem('homerounds:return-to')).toBe('/dashboard');
  });

  it('after a cancelled sign-in, asks instead of sending the visitor back to the provider', async () => {
    window.sessionStorage.clear();
    window.sessionStorage.setItem('homerounds:auto-sign-in-at', String(testNow().getTime() - 5_000));
    const auth = fakeAuth();
    renderApp('/dashboard', auth);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeTruthy();
    expect(auth.signIn).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem('homerounds:return-to')).toBe('/dashboard');
  });

  it('shows the dashboard at / when signed in: header, schedule and assistant panels', async () => {
    const schedule = fakeSchedule({ events: [] });
    renderApp('/', fakeAuth({ user: ADA, profile: ADA_PROFILE }), schedule);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your Schedule' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('HomeRounds')).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Account menu for Ada Nurse' })).toBeTruthy();
    const assistant = screen.getByRole('region', { name: 'Your AI Assistant' });
    expect(within(assistant).getByText('Voice & Chat Enabled')).toBeTruthy();
    expect(within(assistant).getByTestId('voice-widget-slot')).toBeTruthy();
    expect(within(assistant).getByRole('heading', { name: 'AI Assistant Ready' })).toBeTruthy();
    expect(assistant.textContent).toMatch(
      /add appointments, reschedule visits and answer questions about your calendar/,
    );
    expect(within(assistant).getAllByRole('listitem')).toHaveLength(6);
    await waitFor(() => expect(schedule.fetchEvents).toHaveBeenCalledTimes(1));
  });

  it('shows the email in the header when the clinician has no profile row and no name', async () => {
    renderApp('/dashboard', fakeAuth({ user: { ...ADA, fullName: null }, profile: null }));
    expect(await screen.findByRole('button', { name: `Account menu for ${ADA.email}` })).toBeTruthy();
  });

  it('offers Sign in again on the dashboard when the provider token is gone, coming back to /dashboard', async () => {
    const auth = fakeAuth({ user: ADA, profile: ADA_PROFILE });
    renderApp('/', auth, fakeSchedule({ token: null }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Google Calendar access not available. Please sign in again.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem('homerounds:return-to')).toBe('/dashboard');
  });

  it('starts a new route at the top of the page', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderApp('/');
    fireEvent.click(await screen.findByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('signs out from the user menu and leaves /dashboard for the landing page', async () => {
    const auth = fakeAuth({ user: ADA, profile: ADA_PROFILE });
    const { location } = renderApp('/dashboard', auth);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Ada Nurse' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    });
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your home visits, planned in minutes' })).toBeTruthy();
    // Signing out never starts the sign-in again (the guard's automatic sign-in must not run on the way out).
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Sign in to continue' })).toBeNull();
  });

  it('leaves /dashboard for the landing page without signing in again when another tab signs out', async () => {
    const auth = fakeAuth({ user: ADA, profile: ADA_PROFILE });
    const { location } = renderApp('/dashboard', auth);
    await screen.findByRole('button', { name: 'Account menu for Ada Nurse' });
    await act(async () => auth.emit('SIGNED_OUT', null));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your home visits, planned in minutes' })).toBeTruthy();
    expect(auth.signIn).not.toHaveBeenCalled();
  });
});
