// "Call them now" (issue 21): after "Use this order" moved visits, the clinician may have the patients whose time
// moved called now instead of in the evening (POST /functions/v1/confirmations/call-moved, the clinician's Supabase
// session). Each call is the evening confirmation call for that one visit (it says the new time), placed only where
// the evening's checks allow: a consenting patient on the list, an allowed number, the patient's calling hours now.
export const CALL_MOVED_ACTION = 'call-moved';
/** A day's visits and more. */
export const MAX_CALL_MOVED = 40;

export interface CallMovedRequest {
  /** The visits' day, YYYY-MM-DD in the calendar's zone. */
  date: string;
  /** The events "Use this order" moved. */
  eventIds: string[];
}

export interface CallMovedResponse {
  date: string;
  /** Called now (a call was placed for each). */
  called: string[];
  /** Not called, each with the reason in words ("has not agreed to automated calls", "already called"). */
  notCalled: { eventId: string; reason: string }[];
}
