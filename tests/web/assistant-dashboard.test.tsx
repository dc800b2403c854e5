// @vitest-environment happy-dom
// The dashboard as composed for real (the page's assistant services, the local-platform configuration):
// a chat turn whose tool result says the calendar changed reloads the schedule without a Refresh, and
// the chat carries the clinician's call token — fetched from the call-token function with the Supabase
// access token — while the voice platform only ever sees the public key and the call token.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_VOICE_PUBLIC_KEY } from '../../config/local-platform.ts';
import { CALL_TOKEN_VARIABLE } from '../../core/assistant/contract.ts';
import { storageKeyFor } from '../../web/src/adapters/supabase-client.ts';
import { testNow } from '../support/test-clock.ts';
import { ADA, ADA_PROFILE, fakeAuth, fakeSchedule, renderApp } from './web-test-kit.tsx';

const SUPABASE_ACCESS_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.sig';

afterEach(cleanup);
beforeEach(() => {
  window.localStorage.setItem(
    storageKeyFor(window.location.origin),
    JSON.stringify({ access_token: SUPABASE_ACCESS_TOKEN }),
  );
});
afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The voice platform's answers of the local platform: a call token, and a chat turn that moved a visit. */
function fakePlatform(answer: string) {
  const origin = window.location.origin;
  const done = JSON.stringify({ status: 'done', say: answer, calendarChanged: true });
  return vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    const href = String(url);
    if (href === `${origin}/functions/v1/call-token`) {
      return Response.json({
        callToken: 'call-token-1',
        expiresAt: new Date(testNow().getTime() + 1_800_000).toISOString(),
      });
    }
    if (href === `${origin}/chat/web`) {
      return Response.json(
        {
          id: 'chat-1',
          output: [
            { role: 'assistant', content: null, tool_calls: [{ id: 't1' }] },
            { role: 'tool', content: done, tool_call_id: 't1' },
            { role: 'assistant', content: answer },
          ],
        },
        { status: 201 },
      );
    }
    return Response.json({ message: 'not found' }, { status: 404 });
  });
}

describe('dashboard: the schedule follows the assistant', () => {
  it('reloads the schedule when a chat turn changed the calendar; the chat carries the call token only', async () => {
    const origin = window.location.origin;
    const fetch = fakePlatform('I moved Ana Ruiz to 3:00 PM.');
    vi.stubGlobal('fetch', fetch);
    const schedule = fakeSchedule({ events: [] });
    renderApp('/', fakeAuth({ user: ADA, profile: ADA_PROFILE }), schedule);
    await waitFor(() => expect(schedule.fetchEvents).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(document.querySelector('[data-machine="schedule"]')?.getAttribute('data-state')).toBe('loaded'),
    );

    fireEvent.change(await screen.findByLabelText('Message to the assistant'), {
      target: { value: 'Move Ana to 3 pm, yes' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await screen.findByText('I moved Ana Ruiz to 3:00 PM.');
    await waitFor(() => expect(schedule.fetchEvents).toHaveBeenCalledTimes(2));

    const [tokenUrl, tokenInit] = fetch.mock.calls[0] as [string, RequestInit];
    expect(tokenUrl).toBe(`${origin}/functions/v1/call-token`);
    expect((tokenInit.headers as Record<string, string>).Authorization).toBe(`Bearer ${SUPABASE_ACCESS_TOKEN}`);
    const [chatUrl, chatInit] = fetch.mock.calls[1] as [string, RequestInit];
    expect(chatUrl).toBe(`${origin}/chat/web`);
    expect((chatInit.headers as Record<string, string>).Authorization).toBe(`Bearer ${LOCAL_VOICE_PUBLIC_KEY}`);
    const body = JSON.parse(String(chatInit.body)) as Record<string, unknown>;
    expect(body.assistantOverrides).toEqual({ variableValues: { [CALL_TOKEN_VARIABLE]: 'call-token-1' } });
    expect(String(chatInit.body)).not.toContain(SUPABASE_ACCESS_TOKEN);
  });

  it('in Spanish too (after the call token above is cached for the page): asked in Spanish, the schedule reloads', async () => {
    localStorage.setItem('homerounds.locale', 'es');
    const fetch = fakePlatform('Moví a Ana Ruiz a las 3:00 p.m.');
    vi.stubGlobal('fetch', fetch);
    const schedule = fakeSchedule({ events: [] });
    renderApp('/', fakeAuth({ user: ADA, profile: ADA_PROFILE }), schedule);
    await waitFor(() => expect(schedule.fetchEvents).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('heading', { level: 2, name: 'Su agenda' })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Mensaje para el asistente'), {
      target: { value: 'Mueva a Ana a las 3 pm, sí' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enviar' })));
    await screen.findByText('Moví a Ana Ruiz a las 3:00 p.m.');
    await waitFor(() => expect(schedule.fetchEvents).toHaveBeenCalledTimes(2));
    const [, chatInit] = fetch.mock.calls.at(-1) as [string, RequestInit];
    expect(JSON.parse(String(chatInit.body)).input).toBe('Mueva a Ana a las 3 pm, sí');
  });
});
