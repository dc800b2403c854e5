// `homerounds export <dir>`, `homerounds apply -f <dir>` and `homerounds validate -f <dir>`: a folder of tool,
// assistant, squad and phone-number files (JSON or YAML, one resource per file) written from an org and made
// to match another (or the same) org. Secrets are `${env:NAME}` references (sync-secrets.ts); ids of other
// resources are `${ref:kind/key}` (sync-refs.ts). Never prints; returns what was planned and done.
//
// Matching: a file's `homerounds.id` when that id exists on the target (ids exist only in the org they were
// made in), else its key (`homerounds.key`, else the name) among the target's resources not matched by id.
// A file with a `homerounds:` block (as export writes) is the whole resource: a field the platform has and the
// file lacks is removed (PATCH with null: the only update all four kinds have). A file without it manages only
// the fields it lists.
//
// The steps live in sync/: read.ts (the folder), validate.ts (offline checks), target.ts (the platform's
// resources), diff.ts and plan.ts (matching and diffs), apply.ts and export.ts. This file is what commands import.
export { type ApplyOptions, apply } from './sync/apply.ts';
export { changedFields } from './sync/diff.ts';
export { type Exported, exportAll } from './sync/export.ts';
export { META_FIELD } from './sync/layout.ts';
export { type Change, type Plan, type PlanItem, plan } from './sync/plan.ts';
export { type DesiredResource, type FileMeta, readDesired } from './sync/read.ts';
export { checkOffline, type OfflineCheck, validateFolder } from './sync/validate.ts';
export { SYNC_KINDS, type SyncKind } from './sync-refs.ts';
