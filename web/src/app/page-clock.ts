// Imported first by the entry: a page served with a clock meta (the local platform under HOMEROUNDS_NOW)
// runs on that clock before any other module reads the time. See clock.ts.
import { installPageClock } from './clock.ts';

installPageClock();
