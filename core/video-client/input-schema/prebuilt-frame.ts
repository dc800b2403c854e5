// Schemas of the prebuilt frame's extensions: custom tray buttons and custom integrations.
import * as v from 'valibot';
import { dict, isUrl, keyedRecord, rules, strict } from './combinators.ts';
import { INTEGRATION_LOCATIONS, TRAY_BUTTON_VISUAL_STATES } from './limits.ts';
import { MESSAGES } from './messages.ts';

const stringArray = v.array(v.string());

const trayUrl = (key: string) =>
  v.pipe(v.string(MESSAGES.trayButtonUrl(key)), v.check(isUrl, MESSAGES.trayButtonUrl(key)));
const trayString = (key: string) => v.string(MESSAGES.trayButtonString(key));

export const customTrayButtonSchema = strict(
  {
    iconPath: v.optional(trayUrl('iconPath')),
    iconPathDarkMode: v.optional(trayUrl('iconPathDarkMode')),
    label: v.optional(trayString('label')),
    tooltip: v.optional(trayString('tooltip')),
    visualState: v.optional(
      v.picklist(TRAY_BUTTON_VISUAL_STATES, (issue) => MESSAGES.trayButtonVisualState(issue.input)),
    ),
  },
  MESSAGES.trayButtons,
  MESSAGES.trayButtonKey,
);

export const customTrayButtonsSchema = dict(customTrayButtonSchema, MESSAGES.trayButtons);

const INTEGRATION_TYPES: Record<string, string> = {
  allow: 'string',
  controlledBy: "'*' | 'owners' | string[]",
  csp: 'string',
  iconURL: 'string',
  label: 'string',
  loading: "'eager' | 'lazy'",
  location: "'main' | 'sidebar'",
  name: 'string',
  referrerPolicy: 'string',
  sandbox: 'string',
  src: 'string',
  srcdoc: 'string',
  shared: "string[] | 'owners' | boolean",
};

/** One custom integration; every message names its id. */
export function customIntegrationSchema(id: string) {
  const says = (problem: string) => MESSAGES.integration(id, problem);
  const typed = (key: string) => says(`${key} should be ${INTEGRATION_TYPES[key]}`);
  const text = (key: string) => v.optional(v.string(typed(key)));
  return v.pipe(
    strict(
      {
        allow: text('allow'),
        controlledBy: v.optional(v.union([v.literal('*'), v.literal('owners'), stringArray], typed('controlledBy'))),
        csp: text('csp'),
        iconURL: v.optional(
          v.pipe(v.string(says('iconURL should be a url')), v.check(isUrl, says('iconURL should be a url'))),
        ),
        label: v.string(says('label is required')),
        loading: v.optional(v.picklist(['eager', 'lazy'], typed('loading'))),
        location: v.picklist(INTEGRATION_LOCATIONS, (issue) =>
          issue.input === undefined ? says('location is required') : typed('location'),
        ),
        name: text('name'),
        referrerPolicy: text('referrerPolicy'),
        sandbox: text('sandbox'),
        src: v.optional(
          v.pipe(
            v.string(typed('src')),
            v.check(isUrl, (issue) => says(`src "${String(issue.input)}" is not a valid URL`)),
          ),
        ),
        srcdoc: text('srcdoc'),
        shared: v.optional(v.union([v.boolean(), v.literal('owners'), stringArray], typed('shared'))),
      },
      says('should be an object'),
      MESSAGES.integrationKey,
      { label: says('label is required'), location: says('location is required') },
    ),
    rules((value, problem) => {
      const hasSrc = value.src !== undefined;
      const hasSrcdoc = value.srcdoc !== undefined;
      if (!hasSrc && !hasSrcdoc) problem(says('src or srcdoc is required'));
      if (hasSrc && hasSrcdoc) problem(says('cannot have both src and srcdoc'));
    }),
  );
}

export const customIntegrationsSchema = keyedRecord(MESSAGES.integrations, customIntegrationSchema);
