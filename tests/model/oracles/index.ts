// Specification oracles by machine name: checked after every step of every generated path.
import type { StepOracle } from '../../support/model/replay.ts';
import { authOracle } from './auth.oracle.ts';
import { callSessionOracle } from './call-session.oracle.ts';
import { confirmationBatchOracle } from './confirmation-batch.oracle.ts';
import { connectivityOracle } from './connectivity.oracle.ts';
import { conversationOracle } from './conversation.oracle.ts';
import { dayDrivesOracle } from './day-drives.oracle.ts';
import { dayOrderOracle } from './day-order.oracle.ts';
import { dayPlacesOracle } from './day-places.oracle.ts';
import { dayStartOracle } from './day-start.oracle.ts';
import { mileageMonthOracle } from './mileage-month.oracle.ts';
import { moveRuleOracle } from './move-rule.oracle.ts';
import { patientListOracle } from './patient-list.oracle.ts';
import { scheduleOracle } from './schedule.oracle.ts';
import { speechRecognitionOracle } from './speech-recognition.oracle.ts';
import { videoClientOracle } from './video-client.oracle.ts';
import { voiceWidgetOracle } from './voice-widget.oracle.ts';

export const ORACLES: Record<string, StepOracle> = {
  auth: authOracle,
  schedule: scheduleOracle,
  'call-session': callSessionOracle,
  'voice-widget': voiceWidgetOracle,
  'video-client': videoClientOracle,
  'confirmation-batch': confirmationBatchOracle,
  'day-start': dayStartOracle,
  'day-places': dayPlacesOracle,
  'day-drives': dayDrivesOracle,
  'day-order': dayOrderOracle,
  'patient-list': patientListOracle,
  'move-rule': moveRuleOracle,
  conversation: conversationOracle,
  'speech-recognition': speechRecognitionOracle,
  connectivity: connectivityOracle,
  'mileage-month': mileageMonthOracle,
};
