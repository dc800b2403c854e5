// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../web/src/features/auth/auth-context.tsx';
import { AuthGuard } from '../../web/src/features/auth/auth-guard.tsx';
import { ADA, ADA_PROFILE, deferred, fakeAuth } from './web-test-kit.tsx';

afterEach(cleanup);

describe('AuthGuard', () => {
  it('shows "Loading..." while auth loads, then the protected content once a user exists', async () => {
    const session = deferred<typeof ADA | null>();
    const auth = fakeAuth({ session: session.promise, profile: ADA_PROFILE });
    render(
      <AuthProvider ports={auth.ports}>
        <AuthGuard>
          <p>Secret schedule</p>
        </AuthGuard>
      </AuthProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByText('Secret schedule')).toBeNull();
    await act(async () => session.resolve(ADA));
    expect(await screen.findByText('Secret schedule')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the supplied fallback when no user is signed in', async () => {
    render(
      <AuthProvider ports={fakeAuth().ports}>
        <AuthGuard fallback={<p>Please sign in first</p>}>
          <p>Secret schedule</p>
        </AuthGuard>
      </AuthProvider>,
    );
    expect(await screen.findByText('Please sign in first')).toBeTruthy();
    expect(screen.queryByText('Secret schedule')).toBeNull();
  });

  it('shows "Access denied" without a fallback', async () => {
    render(
      <AuthProvider ports={fakeAuth().ports}>
        <AuthGuard>
          <p>Secret schedule</p>
        </AuthGuard>
      </AuthProvider>,
    );
    expect(await screen.findByText('Access denied')).toBeTruthy();
    expect(screen.queryByText('Secret schedule')).toBeNull();
  });

  it('follows auth events: signing out elsewhere hides the content', async () => {
    const auth = fakeAuth({ user: ADA, profile: ADA_PROFILE });
    render(
      <AuthProvider ports={auth.ports}>
        <AuthGuard>
          <p>Secret schedule</p>
        </AuthGuard>
      </AuthProvider>,
    );
    expect(await screen.findByText('Secret schedule')).toBeTruthy();
    await act(async () => auth.emit('SIGNED_OUT', null));
    expect(await screen.findByText('Access denied')).toBeTruthy();
  });
});
