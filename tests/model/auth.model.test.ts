import { authModel } from '../../machines/auth/index.ts';
import { modelSuite } from '../support/model/model-suite.ts';

modelSuite(authModel);
