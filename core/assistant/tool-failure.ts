// What a failed tool call answers: the error classified into what happened — bad input, not on the calendar,
// a clash, a change the calendar does not allow, Google unreachable or failing — each a result with its own
// status and a true sentence. "Could not be reached" is said only when no answer came. For a change, an
// outage does not prove nothing was written (the request may have arrived), so the sentence says what is
// safe instead: asking again never makes it twice (the writes are idempotent).
import { CalendarApiError } from '../calendar/calendar-client.ts';
import { CalendarUnreachableError } from '../calendar/google-calendar.ts';
import { GoogleGrantMissingError, GoogleWriteAccessMissingError } from '../google/access.ts';
import type { Language } from '../time/zoned-time.ts';
import type { ToolResult } from './contract.ts';
import { ArgumentError } from './tool-kit.ts';

/** Google's reasons for refusing because of request volume (403 usageLimits, or 429). */
const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded', 'dailyLimitExceeded']);

export interface FailureContext {
  language: Language;
  /** The call would have changed something (a confirmed write). */
  write: boolean;
}

const t = (ctx: FailureContext, en: string, es: string) => (ctx.language === 'es' ? es : en);

function unavailable(ctx: FailureContext, what: { en: string; es: string }): ToolResult {
  return {
    status: 'unavailable',
    say: ctx.write
      ? t(
          ctx,
          `${what.en} The change may not have been made: ask me again in a moment (it is never made twice).`,
          `${what.es} Puede que el cambio no se haya hecho: pídemelo de nuevo en un momento (nunca se hace dos veces).`,
        )
      : t(ctx, `${what.en} Please try again in a moment.`, `${what.es} Inténtalo de nuevo en un momento.`),
  };
}

/** Google is down or busy: the sentence for an access-token exchange that failed without an answer. */
export function googleUnavailable(ctx: FailureContext): ToolResult {
  return unavailable(ctx, {
    en: 'Google could not be reached just now to open your calendar.',
    es: 'No se pudo contactar con Google para abrir tu calendario.',
  });
}

/** The result for an error a tool threw, or null when it is not one of these (an unexpected failure). */
export function toolFailure(error: unknown, ctx: FailureContext): ToolResult | null {
  if (error instanceof ArgumentError) return { status: 'invalid', say: error.message };
  // Temporal and the date helpers throw RangeError for a day or time that does not exist (e.g. 2026-02-30).
  if (error instanceof RangeError) {
    return {
      status: 'invalid',
      say: t(
        ctx,
        'A day or time in the request does not exist or is out of range. Nothing was changed.',
        'Un día u hora de la petición no existe o está fuera de rango. No se cambió nada.',
      ),
    };
  }
  if (error instanceof GoogleGrantMissingError) {
    return {
      status: 'needs_sign_in',
      say: t(
        ctx,
        'I have lost access to your Google Calendar. Please sign in to HomeRounds again, then ask me again.',
        'He perdido el acceso a tu Google Calendar. Vuelve a iniciar sesión en HomeRounds y pregúntame de nuevo.',
      ),
    };
  }
  if (error instanceof GoogleWriteAccessMissingError) {
    return {
      status: 'needs_write_access',
      say: t(
        ctx,
        'HomeRounds can only read your calendar so far. To let me change it, press "Allow calendar changes" under the chat, then ask me again. Nothing was changed.',
        'HomeRounds solo puede leer tu calendario por ahora. Pulsa "Allow calendar changes" bajo el chat y vuelve a pedírmelo. No se cambió nada.',
      ),
    };
  }
  if (error instanceof CalendarUnreachableError) {
    return unavailable(ctx, {
      en: 'Google Calendar could not be reached just now.',
      es: 'No se pudo contactar con Google Calendar.',
    });
  }
  if (!(error instanceof CalendarApiError)) return null;
  return calendarRefusal(error, ctx);
}

function calendarRefusal(error: CalendarApiError, ctx: FailureContext): ToolResult {
  const { status, reason } = error;
  if (status === 429 || (status === 403 && reason !== undefined && RATE_REASONS.has(reason))) {
    return unavailable(ctx, {
      en: 'Google Calendar is limiting requests just now.',
      es: 'Google Calendar está limitando las peticiones ahora mismo.',
    });
  }
  if (status === 401) return toolFailure(new GoogleGrantMissingError(), ctx) as ToolResult;
  if (status === 403 && reason === 'insufficientPermissions') {
    return toolFailure(new GoogleWriteAccessMissingError(), ctx) as ToolResult;
  }
  if (status === 403) {
    return {
      status: 'not_allowed',
      say: t(
        ctx,
        'Google Calendar does not allow that change on this calendar or event (for example, an event someone else organises, or a calendar you may only read). Nothing was changed.',
        'Google Calendar no permite ese cambio en este calendario o evento (por ejemplo, un evento que organiza otra persona). No se cambió nada.',
      ),
    };
  }
  if (status === 404 || status === 410) {
    return {
      status: 'not_found',
      say: t(
        ctx,
        'That event is not on your calendar (Google has no such event, or it was deleted). Nothing was changed.',
        'Ese evento no está en tu calendario (Google no lo tiene, o se eliminó). No se cambió nada.',
      ),
    };
  }
  if (status === 409 || status === 412) {
    return {
      status: 'conflict',
      say: t(
        ctx,
        status === 412
          ? 'The event changed on your calendar while I was working on it, so I did not overwrite it. Nothing was changed: ask me again to see it as it is now.'
          : 'Google Calendar already has a different event under the id this change needs. Nothing was changed.',
        status === 412
          ? 'El evento cambió en tu calendario mientras trabajaba en él y no lo sobrescribí. No se cambió nada: pídemelo de nuevo.'
          : 'Google Calendar ya tiene otro evento con el identificador que necesita este cambio. No se cambió nada.',
      ),
    };
  }
  if (status === 400) {
    return {
      status: 'invalid',
      say: t(
        ctx,
        'Google Calendar refused the request as invalid (a value it cannot use). Nothing was changed.',
        'Google Calendar rechazó la petición por no ser válida. No se cambió nada.',
      ),
    };
  }
  if (status >= 500) {
    return unavailable(ctx, {
      en: 'Google Calendar is having a problem and answered with an error.',
      es: 'Google Calendar tiene un problema y respondió con un error.',
    });
  }
  return {
    status: 'invalid',
    say: t(
      ctx,
      `Google Calendar refused the request (HTTP ${status}). Nothing was changed.`,
      `Google Calendar rechazó la petición (HTTP ${status}). No se cambió nada.`,
    ),
  };
}
