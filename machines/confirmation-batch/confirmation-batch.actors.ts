// Builds the confirmation-batch machine's actors from the server runner's ports (database rows, the
// voice platform, the route optimiser), passing the machine's abort signal to each.
import { fromPromise } from 'xstate';
import type {
  BatchActorInput,
  BatchSummary,
  BuiltCallList,
  ConfirmationBatchPorts,
  MarkedMissing,
  PlacedCampaign,
  PlacedRetries,
  ReportCheck,
} from './confirmation-batch.types.ts';

export function createConfirmationBatchActors(ports: ConfirmationBatchPorts) {
  return {
    buildCallList: fromPromise<BuiltCallList, BatchActorInput>(({ input, signal }) =>
      ports.buildCallList(input, signal),
    ),
    placeCampaign: fromPromise<PlacedCampaign, BatchActorInput>(({ input, signal }) =>
      ports.placeCampaign(input, signal),
    ),
    checkReports: fromPromise<ReportCheck, BatchActorInput>(({ input, signal }) => ports.checkReports(input, signal)),
    markMissing: fromPromise<MarkedMissing, BatchActorInput>(({ input, signal }) => ports.markMissing(input, signal)),
    placeRetries: fromPromise<PlacedRetries, BatchActorInput>(({ input, signal }) => ports.placeRetries(input, signal)),
    reoptimise: fromPromise<BatchSummary, BatchActorInput>(({ input, signal }) => ports.reoptimise(input, signal)),
  };
}
