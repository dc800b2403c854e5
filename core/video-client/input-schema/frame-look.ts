// Schemas of the prebuilt frame's look: language, theme colors and grid layout.
import * as v from 'valibot';
import { dict, isRecord, pick, rules } from './combinators.ts';
import { GRID_MAX_TILES_PER_PAGE, GRID_MIN_TILES_PER_PAGE, LANGUAGES, THEME_COLOR_KEYS } from './limits.ts';
import { MESSAGES } from './messages.ts';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export const langSchema = v.picklist(LANGUAGES, MESSAGES.lang);

const themeColorsSchema = v.pipe(
  dict(v.unknown(), MESSAGES.themeShape),
  rules<Record<string, unknown>>((colors, problem) => {
    for (const [key, value] of Object.entries(colors)) {
      if (!(THEME_COLOR_KEYS as readonly string[]).includes(key)) problem(MESSAGES.themeColorKey(key));
      else if (typeof value !== 'string' || !HEX_COLOR.test(value)) problem(MESSAGES.themeColorValue(key, value));
    }
  }),
);

const themeVariantSchema = (which: 'Light' | 'Dark') =>
  pick((variant) =>
    isRecord(variant) && 'colors' in variant
      ? v.object({ colors: themeColorsSchema })
      : MESSAGES.themeMissingColors(which),
  );

/** Light and dark both (each with colors), or colors. */
export const themeSchema = pick((theme) => {
  if (!isRecord(theme)) return MESSAGES.themeShape;
  if ('light' in theme && 'dark' in theme)
    return v.object({ light: themeVariantSchema('Light'), dark: themeVariantSchema('Dark') });
  if ('colors' in theme) return v.object({ colors: themeColorsSchema });
  return MESSAGES.themeShape;
});

export const layoutConfigSchema = v.pipe(
  v.looseObject({
    grid: v.optional(
      v.pipe(
        v.looseObject({
          maxTilesPerPage: v.optional(
            v.pipe(
              v.number((issue) => MESSAGES.gridMaxInteger(issue.input)),
              v.integer((issue) => MESSAGES.gridMaxInteger(issue.input)),
              v.maxValue(GRID_MAX_TILES_PER_PAGE, MESSAGES.gridMaxTooLarge),
            ),
          ),
          minTilesPerPage: v.optional(
            v.pipe(
              v.number((issue) => MESSAGES.gridMinInteger(issue.input)),
              v.integer((issue) => MESSAGES.gridMinInteger(issue.input)),
              v.minValue(GRID_MIN_TILES_PER_PAGE, MESSAGES.gridMinTooSmall),
            ),
          ),
        }),
        v.check(
          (grid) =>
            grid.minTilesPerPage === undefined ||
            grid.maxTilesPerPage === undefined ||
            grid.minTilesPerPage <= grid.maxTilesPerPage,
          MESSAGES.gridMinAboveMax,
        ),
      ),
    ),
  }),
);
