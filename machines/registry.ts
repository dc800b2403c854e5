// Every machine of the product with its model, for the CLI (`homerounds machines`), the docs
// generator and the model-based tests' coverage check.
import { authModel } from './auth/auth.model.ts';
import { callSessionModel } from './call-session/call-session.model.ts';
import { confirmationBatchModel } from './confirmation-batch/confirmation-batch.model.ts';
import { connectivityModel } from './connectivity/connectivity.model.ts';
import { conversationModel } from './conversation/conversation.model.ts';
import { dayDrivesModel } from './day-drives/day-drives.model.ts';
import { dayOrderModel } from './day-order/day-order.model.ts';
import { dayPlacesModel } from './day-places/day-places.model.ts';
import { dayStartModel } from './day-start/day-start.model.ts';
import { mileageMonthModel } from './mileage-month/mileage-month.model.ts';
import { moveRuleModel } from './move-rule/move-rule.model.ts';
import { patientListModel } from './patient-list/patient-list.model.ts';
import { scheduleModel } from './schedule/schedule.model.ts';
import type { MachineModel } from './shared/model.ts';
import { speechRecognitionModel } from './speech-recognition/speech-recognition.model.ts';
import { videoClientModel } from './video-client/video-client.model.ts';
import { voiceWidgetModel } from './voice-widget/voice-widget.model.ts';

export interface MachineEntry {
  name: string;
  summary: string;
  model: MachineModel;
}

export const MACHINES: readonly MachineEntry[] = [
  {
    name: 'auth',
    summary:
      'Session restore, profile load (PGRST116 = no profile), auth events, sign in/out; gives up loading after 10 s.',
    model: authModel as MachineModel,
  },
  {
    name: 'schedule',
    summary:
      'Loading / error / loaded of the next 30 days of calendar events, with the evening confirmation statuses beside them (web: never failing the calendar, given up after 8 s); Refresh and Try Again.',
    model: scheduleModel as MachineModel,
  },
  {
    name: 'call-session',
    summary:
      'The staged web-call start (progress, durations, refusal of a second start), "listening", messages, speaking detection and the end (customer-ended-call once).',
    model: callSessionModel as MachineModel,
  },
  {
    name: 'video-client',
    summary:
      'The call object lifecycle: bundle load (3 attempts, 20 s each, 3 s apart), join (refused while joining or joined), leave, fatal error.',
    model: videoClientModel as MachineModel,
  },
  {
    name: 'voice-widget',
    summary:
      'Ready / Connecting... / Connected / Ending call... / Error; credentials and microphone checks, mute only while connected, the error catalogue mapping.',
    model: voiceWidgetModel as MachineModel,
  },
  {
    name: 'confirmation-batch',
    summary:
      "One clinician's durable evening batch of confirmation calls: call list, campaign, report deadlines, one retry of the no-answers inside calling hours, platform outage, re-optimised day; time passes only through events' `now`.",
    model: confirmationBatchModel as MachineModel,
  },
  {
    name: 'day-start',
    summary:
      "The Route view's start and end of the day: the profile's home read (given up after 5 s), the device's location saved to the profile (kept for the plan when the save fails), forgotten; one action at a time.",
    model: dayStartModel as MachineModel,
  },
  {
    name: 'day-places',
    summary:
      "The Route view's visit addresses located on the server before it plans (calendars written by people give addresses, not coordinates); given up after 8 s, the plan then goes on without them; Try again.",
    model: dayPlacesModel as MachineModel,
  },
  {
    name: 'day-drives',
    summary:
      "The Route view's drive times asked of the server before it plans (road drive times from its road matrix, or its straight-line estimate, said so), so it plans with the drive times of the assistant and the CLI; given up after 7 s, the plan then uses the straight-line estimate and says so; Try again.",
    model: dayDrivesModel as MachineModel,
  },
  {
    name: 'day-order',
    summary:
      'The Route view\'s "Use this order" and Undo: the plan\'s moves sent once to the server (which moves all or none, each event checked unchanged by its etag), Undo with the etags the move left, the schedule told to reload; given up after 30 s.',
    model: dayOrderModel as MachineModel,
  },
  {
    name: 'patient-list',
    summary:
      "The clinician's patient list on the dashboard: read on open (given up after 10 s, Try again), each change saved one at a time (a calendar suggestion confirmed or marked not a patient, a record edited); a refused change says why and changes nothing; a save unanswered in 15 s reads the list again.",
    model: patientListModel as MachineModel,
  },
  {
    name: 'move-rule',
    summary:
      "The clinician's own rule for how far the planner may move visits: read from the profile as the Route view opens (given up after 5 s: the default rule, said), changed from the Route view and held only once saved (10 s).",
    model: moveRuleModel as MachineModel,
  },
  {
    name: 'conversation',
    summary:
      "The assistant panel's transcript: one chat question answered at a time (given up after 60 s, the request aborted), the voice call's final transcripts beside it, the tool results of both emitted for the dashboard.",
    model: conversationModel as MachineModel,
  },
  {
    name: 'speech-recognition',
    summary:
      "The local voice client's browser speech recognition: running while the call is live and not muted, start() only when off, abort() when no longer wanted, a session the browser ended started again after 250 ms; unavailable for good after a real failure.",
    model: speechRecognitionModel as MachineModel,
  },
  {
    name: 'connectivity',
    summary:
      "The dashboard's connection: live, offline (the copy kept on the device shown, with the time it was saved), or reconnecting after the browser's online event (the schedule reloaded once, given up after 20 s); any answered request means live again.",
    model: connectivityModel as MachineModel,
  },
  {
    name: 'mileage-month',
    summary:
      "The Mileage view's month: the log read from the server's mileage function (given up after 60 s, Try again), another month read when picked, a day's \"not driven as planned\" edit saved one at a time (a refusal says why and changes nothing; a save unanswered in 30 s reads the month again).",
    model: mileageMonthModel as MachineModel,
  },
];

export function findMachine(name: string): MachineEntry | undefined {
  return MACHINES.find((entry) => entry.name === name);
}
