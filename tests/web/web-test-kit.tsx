// Shared helpers of the web component tests: controllable fakes of the auth and schedule ports and
// a renderer of the whole app at a path (wouter's memory location).
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AuthChangeEventName, AuthPorts, AuthUser, Profile } from '../../machines/auth/index.ts';
import type { CalendarEvent, SchedulePorts } from '../../machines/schedule/index.ts';
import { App } from '../../web/src/app/app.tsx';

export const ADA: AuthUser = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'ada.nurse@homerounds.test',
  fullName: 'Ada Nurse',
  avatarUrl: null,
};

export const ADA_PROFILE: Profile = { id: ADA.id, email: ADA.email, full_name: 'Ada Nurse', avatar_url: null };

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface FakeAuth {
  ports: AuthPorts;
  signIn: ReturnType<typeof vi.fn>;
  signOut: ReturnType<typeof vi.fn>;
  askWriteAccess: ReturnType<typeof vi.fn>;
  emit(event: AuthChangeEventName, user: AuthUser | null): void;
}

export function fakeAuth(
  options: { user?: AuthUser | null; profile?: Profile | null; session?: Promise<AuthUser | null> } = {},
): FakeAuth {
  const listeners = new Set<(event: AuthChangeEventName, user: AuthUser | null) => void>();
  const signIn = vi.fn(async () => {});
  const signOut = vi.fn(async () => {});
  const askWriteAccess = vi.fn(async () => {});
  const ports: AuthPorts = {
    getSessionUser: () => options.session ?? Promise.resolve(options.user ?? null),
    fetchProfile: async () =>
      options.profile === undefined || options.profile === null
        ? { data: null, error: { code: 'PGRST116', message: 'no rows' } }
        : { data: options.profile, error: null },
    onAuthChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn,
    signOut,
    handOverGoogleAccess: async () => {},
    askWriteAccess,
  };
  return {
    ports,
    signIn,
    signOut,
    askWriteAccess,
    emit(event, user) {
      for (const listener of listeners) listener(event, user);
    },
  };
}

export function fakeSchedule(
  options: { token?: string | null; events?: CalendarEvent[]; fetchEvents?: SchedulePorts['fetchEvents'] } = {},
): SchedulePorts & { fetchEvents: ReturnType<typeof vi.fn> } {
  return {
    getProviderToken: async () => (options.token === undefined ? 'ya29.test' : options.token),
    fetchEvents: vi.fn(options.fetchEvents ?? (async () => options.events ?? [])),
  };
}

export function renderApp(path: string, auth: FakeAuth = fakeAuth(), schedule: SchedulePorts = fakeSchedule()) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook}>
      <App services={{ authPorts: auth.ports, schedulePorts: schedule }} />
    </Router>,
  );
  return { ...result, location };
}
