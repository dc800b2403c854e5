import { scheduleModel } from '../../machines/schedule/index.ts';
import { modelSuite } from '../support/model/model-suite.ts';

modelSuite(scheduleModel);
