// POST /functions/v1/link-patient: the events that named a patient the clinician just added to their list get the
// private property homeroundsPatientId = the record's id (core/patients/link-contract.ts). The server checks that the
// record is the caller's and that each event, read now, still names that patient (or is already linked to it) before
// writing it, each write conditional on the etag just read. Without calendar-change consent nothing is written and
// the answer says so (200, writeAccess: false: the link is best effort, the list matches those events by name).
// Names and titles are never logged.
import { CalendarApiError } from '../../core/calendar/calendar-client.ts';
import type { CalendarPort } from '../../core/calendar/google-calendar.ts';
import { GoogleGrantMissingError, GoogleWriteAccessMissingError } from '../../core/google/access.ts';
import { LINKED_PATIENT_PROPERTY } from '../../core/patients/apply.ts';
import { type LinkPatientResponse, MAX_LINKED_EVENTS } from '../../core/patients/link-contract.ts';
import { nameKey } from '../../core/patients/patients.ts';
import { recogniseEvent } from '../../core/visits/recognise/recognise.ts';
import { errorJson, json, readJsonObject, type SupabaseAuthConfig, signedInPost, type WebHandler } from '../http.ts';
import type { SqlQuery } from '../sql.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USAGE = `Send {"patientId": "<the patient's id>", "eventIds": ["<event id>", …]}: 1 to ${MAX_LINKED_EVENTS} events.`;

export interface LinkPatientConfig extends SupabaseAuthConfig {
  query: SqlQuery;
  calendarFor(userId: string): CalendarPort;
  log?: (line: string) => void;
}

function parse(body: Record<string, unknown> | null): { patientId: string; eventIds: string[] } | string {
  if (!body) return `The body is not a JSON object. ${USAGE}`;
  const { patientId, eventIds } = body;
  if (typeof patientId !== 'string' || !UUID.test(patientId)) return `patientId must be a patient's id. ${USAGE}`;
  if (!Array.isArray(eventIds) || eventIds.length === 0) return `eventIds must be a non-empty array. ${USAGE}`;
  if (eventIds.length > MAX_LINKED_EVENTS)
    return `eventIds has ${eventIds.length} entries; at most ${MAX_LINKED_EVENTS}.`;
  if (!eventIds.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 1024)) {
    return `eventIds must be event ids. ${USAGE}`;
  }
  return { patientId, eventIds: [...new Set(eventIds as string[])] };
}

export function createLinkPatientHandler(config: LinkPatientConfig): WebHandler {
  const log = config.log ?? ((line: string) => console.error(line));

  async function link(userId: string, patientId: string, eventIds: string[]): Promise<Response> {
    const { rows } = await config.query(
      "select name_key from public.patients where id = $1::uuid and user_id = $2 and status = 'patient'",
      [patientId, userId],
    );
    const key = (rows[0] as { name_key?: unknown } | undefined)?.name_key;
    if (typeof key !== 'string') return errorJson(404, 'not_found', 'That patient is not on your list.');
    const calendar = config.calendarFor(userId);
    const answer: LinkPatientResponse = { linked: [], unchanged: [], skipped: [] };
    for (const id of eventIds) {
      const event = await calendar.get(id);
      if (!event || event.allDay) {
        answer.skipped.push(id);
        continue;
      }
      const current = event.properties?.[LINKED_PATIENT_PROPERTY];
      if (current === patientId) {
        answer.unchanged.push(id);
        continue;
      }
      const named = recogniseEvent({
        title: event.title,
        location: event.location ?? null,
        description: event.description ?? null,
        allDay: false,
      }).patient;
      // Only an event that names this patient, and is linked to no other record, is linked; without write access
      // none is (found at the first write).
      if (current || !named || nameKey(named) !== key || !calendar.setProperties || answer.writeAccess === false) {
        answer.skipped.push(id);
        continue;
      }
      try {
        await calendar.setProperties(
          id,
          { [LINKED_PATIENT_PROPERTY]: patientId },
          event.etag ? { ifMatch: event.etag } : {},
        );
        answer.linked.push(id);
      } catch (error) {
        // Changed meanwhile (412) or gone: left alone, matched by name until the next link.
        if (error instanceof CalendarApiError && [404, 410, 412].includes(error.status)) answer.skipped.push(id);
        else if (error instanceof GoogleWriteAccessMissingError) {
          // Not an error of the request: the link is best effort. Said in the answer; nothing is written.
          answer.writeAccess = false;
          answer.skipped.push(id);
        } else throw error;
      }
    }
    return json(200, answer);
  }

  return signedInPost(config, async (request, { id: userId }) => {
    const parsed = parse(await readJsonObject(request, 128 * 1024));
    if (typeof parsed === 'string') return errorJson(400, 'invalid_request', parsed);
    try {
      return await link(userId, parsed.patientId, parsed.eventIds);
    } catch (error) {
      if (error instanceof GoogleGrantMissingError) {
        return errorJson(401, 'reauth_required', 'Google Calendar access is not available. Please sign in again.');
      }
      log(
        `[link-patient] failed: ${error instanceof CalendarApiError ? `Google Calendar ${error.status}` : (error as Error).name}`,
      );
      return errorJson(502, 'calendar_unavailable', 'Google Calendar did not answer; the events were not linked.');
    }
  });
}
