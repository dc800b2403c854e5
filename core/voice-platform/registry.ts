// The voice platform's REST API as one table: every endpoint the product uses (specification §7), with
// its method, path, list style and body kind. The CLI generates its commands from it, the API client
// routes through it and the local platform (emulators/voice) serves it. Pure data: no I/O.

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** How a list answers: a bare array paged by `createdAtLt` (v1), `{results, metadata}` by page/limit or cursor. */
export type ListStyle = 'v1' | 'paginated';

export type BodyKind = 'json' | 'multipart';

/** The generic verbs; an endpoint that is none of them is "special" (hand-written semantics). */
export type GenericVerb = 'list' | 'create' | 'get' | 'update' | 'replace' | 'delete';

export interface Endpoint {
  /** CLI topic (`homerounds <resource> <verb>`). */
  resource: string;
  /** CLI verb. */
  verb: string;
  method: HttpMethod;
  /** Path template; `{name}` segments become positional arguments in order. */
  path: string;
  summary: string;
  /** Generic verb this endpoint implements, if any. */
  generic?: GenericVerb;
  list?: ListStyle;
  body?: BodyKind;
  /** Creates a call: never retried automatically, even on 5xx. */
  createsCall?: boolean;
  /** Storage kind in the local platform (generic resources). */
  kind?: string;
  /** Table columns when they differ from the resource's (dotted JSON paths). */
  columns?: readonly string[];
  /**
   * Answers 302 to a short-lived presigned URL (call recordings, pcap, logs): the CLI prints the URL, or downloads
   * it with `--save FILE` (cli/commands/api.ts), never sending the API key to the storage host.
   */
  redirects?: boolean;
}

/** One row per resource: what its table shows and how the generic verbs map onto paths. */
export interface ResourceInfo {
  name: string;
  description: string;
  /** Columns of the human table, as dotted JSON paths. */
  columns: readonly string[];
  /** Example body for `create` in --help. */
  example?: string;
}

export const RESOURCES: readonly ResourceInfo[] = [
  {
    name: 'assistant',
    description: 'voice assistants (and their versions)',
    columns: ['id', 'name', 'model.model', 'voice.provider', 'updatedAt'],
    example: `--data '{"name":"Front desk","firstMessage":"Hello"}'`,
  },
  {
    name: 'squad',
    description: 'squads of assistants',
    columns: ['id', 'name', 'members.length', 'updatedAt'],
    example: `--data '{"name":"Intake","members":[{"assistantId":"<id>"}]}'`,
  },
  {
    name: 'workflow',
    description: 'workflows',
    columns: ['id', 'name', 'nodes.length', 'updatedAt'],
    example: `--data '{"name":"Triage","nodes":[],"edges":[]}'`,
  },
  {
    name: 'call',
    description: 'calls (phone, web, websocket)',
    columns: ['id', 'type', 'status', 'endedReason', 'customer.number', 'createdAt'],
    example: `--data '{"assistantId":"<id>","phoneNumberId":"<id>","customer":{"number":"+15555550100"}}'`,
  },
  {
    name: 'chat',
    description: 'text chats with an assistant',
    columns: ['id', 'assistantId', 'sessionId', 'cost', 'createdAt'],
    example: `--data '{"assistantId":"<id>","input":"When is my next visit?"}'`,
  },
  {
    name: 'campaign',
    description: 'outbound call campaigns',
    columns: ['id', 'name', 'status', 'phoneNumberId', 'createdAt'],
    example: `--data '{"name":"Reminders","phoneNumberId":"<id>","customers":[{"number":"+15555550100"}]}'`,
  },
  {
    name: 'session',
    description: 'conversation sessions',
    columns: ['id', 'name', 'status', 'assistantId', 'createdAt'],
    example: `--data '{"assistantId":"<id>"}'`,
  },
  {
    name: 'phone-number',
    description: 'phone numbers (byo, twilio, vonage, vapi, telnyx)',
    columns: ['id', 'provider', 'number', 'name', 'status', 'assistantId'],
    example: `--data '{"provider":"vapi","name":"Scheduling line"}'`,
  },
  {
    name: 'tool',
    description: 'tools the assistants call (function, transferCall, endCall, …)',
    columns: ['id', 'type', 'function.name', 'server.url', 'updatedAt'],
    example: `--data '{"type":"function","function":{"name":"lookup_calendar"}}'`,
  },
  {
    name: 'file',
    description: 'files (multipart upload)',
    columns: ['id', 'name', 'purpose', 'status', 'bytes', 'createdAt'],
    example: '--upload ./visit-policy.pdf --field purpose=assistant',
  },
  {
    name: 'knowledge-base',
    description: 'knowledge bases (v1)',
    columns: ['id', 'name', 'provider', 'updatedAt'],
    example: `--data '{"provider":"trieve","name":"Policies"}'`,
  },
  {
    name: 'structured-output',
    description: 'structured outputs extracted from calls',
    columns: ['id', 'name', 'type', 'updatedAt'],
    example: `--data '{"name":"visit_request","schema":{"type":"object"}}'`,
  },
  {
    name: 'test-suite',
    description: 'test suites, their tests and runs',
    columns: ['id', 'name', 'phoneNumberId', 'updatedAt'],
    example: `--data '{"name":"Scheduling regressions"}'`,
  },
  { name: 'test-suite-test', description: 'tests of a test suite', columns: ['id', 'name', 'type', 'updatedAt'] },
  { name: 'test-suite-run', description: 'runs of a test suite', columns: ['id', 'name', 'status', 'createdAt'] },
  {
    name: 'template',
    description: 'templates (and pinned templates)',
    columns: ['id', 'name', 'type', 'provider', 'visibility', 'updatedAt'],
    example: `--data '{"type":"tool","details":{"type":"function"}}'`,
  },
  {
    name: 'token',
    description: 'API tokens (values masked in tables)',
    columns: ['id', 'name', 'tag', 'restrictions.enabled', 'createdAt'],
    example: `--data '{"tag":"public","name":"Dashboard"}'`,
  },
  {
    name: 'credential',
    description: 'provider credentials (secrets are never shown in tables)',
    columns: ['id', 'provider', 'name', 'updatedAt'],
    example: `--data '{"provider":"twilio","accountSid":"AC…","authToken":"…"}'`,
  },
  {
    name: 'org',
    description: 'the organisation, its members, invites, roles and flags',
    columns: ['id', 'name', 'hipaaEnabled', 'concurrencyLimit'],
  },
  { name: 'voice-library', description: 'the voice library', columns: ['id', 'provider', 'name', 'gender', 'accent'] },
  {
    name: 'provider-resource',
    description: 'provider resources (/provider/{provider}/{resourceName})',
    columns: ['id', 'provider', 'resourceName', 'resourceId', 'createdAt'],
  },
  { name: 'provider', description: 'provider workflows, hooks, locations and voices', columns: ['id', 'name'] },
  { name: 'analytics', description: 'analytics queries', columns: ['name', 'timeRange.start', 'timeRange.end'] },
  {
    name: 'knowledge-base-v2',
    description: 'knowledge bases (v2) and their files',
    columns: ['id', 'name', 'description', 'updatedAt'],
    example: `--data '{"name":"Policies"}'`,
  },
  {
    name: 'eval',
    description: 'evals: scripted conversations an assistant is checked against',
    columns: ['id', 'name', 'type', 'messages.length', 'updatedAt'],
    example: `--data '{"type":"chat.mockConversation","messages":[{"role":"user","content":"Hi"}]}'`,
  },
  {
    name: 'eval-run',
    description: 'runs of an eval against an assistant or squad',
    columns: ['id', 'evalId', 'status', 'endedReason', 'target.type', 'createdAt'],
    example: `--data '{"type":"eval","evalId":"<id>","target":{"type":"assistant","assistantId":"<id>"}}'`,
  },
  {
    name: 'simulation',
    description: 'simulated callers: a scenario played by a personality (/eval/simulation)',
    columns: ['id', 'name', 'scenarioId', 'personalityId', 'updatedAt'],
    example: `--data '{"name":"Reschedule","scenarioId":"<id>","personalityId":"<id>"}'`,
  },
  {
    name: 'simulation-personality',
    description: 'personalities of simulated callers',
    columns: ['id', 'name', 'updatedAt'],
    example: `--data '{"name":"Hurried daughter","assistant":{"model":{"provider":"openai","model":"gpt-4o"}}}'`,
  },
  {
    name: 'simulation-scenario',
    description: 'scenarios simulated callers follow (and AI-generated ones)',
    columns: ['id', 'name', 'evaluations.length', 'updatedAt'],
    example: `--data '{"name":"Move a visit","instructions":"Ask to move the Tuesday visit","evaluations":[]}'`,
  },
  {
    name: 'simulation-suite',
    description: 'suites of simulations run together',
    columns: ['id', 'name', 'simulationIds.length', 'updatedAt'],
    example: `--data '{"name":"Scheduling","simulationIds":["<id>"],"targetAssignments":[]}'`,
  },
  {
    name: 'simulation-run',
    description: 'runs of simulations against an assistant or squad',
    columns: ['id', 'status', 'target.type', 'itemCounts.total', 'queuedAt', 'endedAt'],
    example: `--data '{"simulations":[{"type":"simulation","simulationId":"<id>"}],"target":{"type":"assistant","assistantId":"<id>"}}'`,
  },
  {
    name: 'simulation-run-item',
    description: 'items (one simulated call each) of a simulation run',
    columns: ['id', 'simulationId', 'status', 'callId', 'iterationNumber', 'completedAt'],
  },
  {
    name: 'insight',
    description: 'reporting insights: charts and tables over calls (/reporting/insight)',
    columns: ['id', 'name', 'type', 'updatedAt'],
  },
  {
    name: 'board',
    description: 'reporting boards: dashboards of insights (/reporting/board)',
    columns: ['id', 'name', 'items.length', 'updatedAt'],
    example: `--data '{"name":"Confirmations","layout":{"columns":6}}'`,
  },
  {
    name: 'scorecard',
    description: 'observability scorecards: metrics calls are scored on',
    columns: ['id', 'name', 'metrics.length', 'assistantIds.length', 'updatedAt'],
    example: `--data '{"name":"Visit booked","metrics":[]}'`,
  },
  {
    name: 'log',
    description: 'request, webhook and call logs (deprecated /logs of the 2025-08-27 API)',
    columns: ['time', 'type', 'requestHttpMethod', 'requestPath', 'responseHttpCode', 'callId'],
  },
];

type Row = [
  resource: string,
  verb: string,
  method: HttpMethod,
  path: string,
  summary: string,
  extra?: Partial<Omit<Endpoint, 'resource' | 'verb' | 'method' | 'path' | 'summary'>>,
];

/** The generic pattern over one collection path. */
function crud(
  resource: string,
  base: string,
  // `list` absent: the list is one bare array the platform does not page (e.g. /v2/knowledge-base).
  options: { list?: ListStyle; verbs?: readonly GenericVerb[]; kind?: string; body?: BodyKind; label?: string },
): Row[] {
  const verbs = options.verbs ?? ['list', 'create', 'get', 'update', 'delete'];
  const kind = options.kind ?? resource;
  const label = options.label ?? resource.replace(/-/g, ' ');
  const item = `${base}/{id}`;
  const a = /^[aeiou]/.test(label) ? 'an' : 'a';
  const rows: Record<GenericVerb, Row> = {
    list: [
      resource,
      'list',
      'GET',
      base,
      `list ${label}s${options.list ? ' (newest first)' : ''}`,
      { generic: 'list', list: options.list, kind },
    ],
    create: [
      resource,
      'create',
      'POST',
      base,
      `create ${a} ${label}`,
      { generic: 'create', body: options.body ?? 'json', kind },
    ],
    get: [resource, 'get', 'GET', item, `get ${a} ${label}`, { generic: 'get', kind }],
    update: [
      resource,
      'update',
      'PATCH',
      item,
      `update ${a} ${label} (partial)`,
      { generic: 'update', body: 'json', kind },
    ],
    replace: [
      resource,
      'replace',
      'PUT',
      item,
      `replace ${a} ${label} (whole object)`,
      { generic: 'replace', body: 'json', kind },
    ],
    delete: [resource, 'delete', 'DELETE', item, `delete ${a} ${label}`, { generic: 'delete', kind }],
  };
  return verbs.map((verb) => rows[verb]);
}

const ROWS: Row[] = [
  // Assistants (and their versions).
  ...crud('assistant', '/assistant', { list: 'v1', verbs: ['list', 'create', 'get', 'update', 'replace', 'delete'] }),
  ['assistant', 'versions', 'GET', '/assistant/{id}/version', 'list the versions of an assistant'],
  [
    'assistant',
    'list-v2',
    'GET',
    '/v2/assistant',
    'list assistants (paginated v2 list)',
    { list: 'paginated', kind: 'assistant' },
  ],
  // Squads, workflows.
  ...crud('squad', '/squad', { list: 'v1' }),
  ...crud('workflow', '/workflow', { list: 'v1' }),
  // Calls.
  ...crud('call', '/call', { list: 'v1' }).map(
    ([resource, verb, method, path, summary, extra]): Row => [
      resource,
      verb,
      method,
      path,
      summary,
      { ...extra, createsCall: verb === 'create' || undefined },
    ],
  ),
  [
    'call',
    'phone',
    'POST',
    '/call/phone',
    'start an outbound phone call',
    { body: 'json', createsCall: true, kind: 'call' },
  ],
  [
    'call',
    'web',
    'POST',
    '/call/web',
    'create a web call (public key accepted); returns webCallUrl',
    { body: 'json', createsCall: true, kind: 'call' },
  ],
  ['call', 'list-v2', 'GET', '/v2/call', 'list calls (paginated v2 list, cursor)', { list: 'paginated', kind: 'call' }],
  ['call', 'export', 'GET', '/v2/call/export', 'export calls (CSV or JSON as the platform returns it)'],
  [
    'call',
    'metadata',
    'GET',
    '/v2/call/metadata',
    'list call metadata (paginated)',
    { list: 'paginated', kind: 'call' },
  ],
  // Chats.
  ...crud('chat', '/chat', { list: 'paginated', verbs: ['list', 'create', 'get', 'delete'] }),
  [
    'chat',
    'responses',
    'POST',
    '/chat/responses',
    'create a chat, OpenAI Responses-compatible',
    { body: 'json', kind: 'chat' },
  ],
  ['chat', 'web', 'POST', '/chat/web', 'create a web chat (public key accepted)', { body: 'json', kind: 'chat' }],
  [
    'chat',
    'web-responses',
    'POST',
    '/chat/web/responses',
    'create a web chat, Responses-compatible',
    { body: 'json', kind: 'chat' },
  ],
  // Campaigns, sessions.
  ...crud('campaign', '/campaign', { list: 'paginated' }),
  ...crud('session', '/session', { list: 'paginated' }),
  // Phone numbers.
  ...crud('phone-number', '/phone-number', { list: 'v1' }),
  [
    'phone-number',
    'list-v2',
    'GET',
    '/v2/phone-number',
    'list phone numbers (paginated v2 list)',
    { list: 'paginated', kind: 'phone-number' },
  ],
  [
    'phone-number',
    'import-twilio',
    'POST',
    '/phone-number/import/twilio',
    'import a Twilio number',
    { body: 'json', kind: 'phone-number' },
  ],
  [
    'phone-number',
    'import-vonage',
    'POST',
    '/phone-number/import/vonage',
    'import a Vonage number',
    { body: 'json', kind: 'phone-number' },
  ],
  // Tools.
  ...crud('tool', '/tool', { list: 'v1' }),
  // Files (multipart).
  ...crud('file', '/file', { list: 'v1', body: 'multipart' }),
  [
    'file',
    'upload',
    'POST',
    '/file/upload',
    'upload a file (deprecated endpoint, multipart)',
    { body: 'multipart', kind: 'file' },
  ],
  // Knowledge bases, structured outputs.
  ...crud('knowledge-base', '/knowledge-base', { list: 'v1' }),
  ...crud('structured-output', '/structured-output', { list: 'v1' }),
  // Test suites, with tests and runs.
  ...crud('test-suite', '/test-suite', { list: 'paginated' }),
  ...crud('test-suite-test', '/test-suite/{testSuiteId}/test', { list: 'paginated', label: 'test of a test suite' }),
  ...crud('test-suite-run', '/test-suite/{testSuiteId}/run', { list: 'paginated', label: 'run of a test suite' }),
  // Templates, tokens, credentials.
  ...crud('template', '/template', { list: 'v1' }),
  ['template', 'pinned', 'GET', '/template/pinned', 'list pinned templates', { list: 'v1', kind: 'template' }],
  ...crud('token', '/token', { list: 'v1' }),
  ...crud('credential', '/credential', { list: 'v1' }),
  ['credential', 'session', 'POST', '/credential/session', 'create a credential session', { body: 'json' }],
  ['credential', 'webhook', 'POST', '/credential/webhook', 'register a credential webhook', { body: 'json' }],
  ['credential', 'trigger', 'POST', '/credential/trigger', 'trigger a credential action', { body: 'json' }],
  // Org and its members, invites, roles, feature flags and auth.
  ...crud('org', '/org', { list: 'v1' }),
  ['org', 'feature-flag', 'GET', '/org/feature-flag', 'check whether a feature flag is enabled'],
  ['org', 'members', 'GET', '/org/{id}/user', 'list the members of an org', { columns: ['id', 'email', 'role'] }],
  ['org', 'leave', 'DELETE', '/org/{id}/leave', 'leave an org'],
  ['org', 'remove-member', 'DELETE', '/org/{id}/member/{memberId}/leave', 'remove a member from an org'],
  ['org', 'invite', 'POST', '/org/{id}/invite', 'invite users to an org', { body: 'json' }],
  ['org', 'role', 'PATCH', '/org/{id}/role', "change a member's role", { body: 'json' }],
  ['org', 'auth', 'GET', '/org/{id}/auth', 'get an org token'],
  // Voice library.
  ['voice-library', 'list', 'GET', '/voice-library/{provider}', "list a provider's voices in the library"],
  ['voice-library', 'accents', 'GET', '/voice-library/{provider}/accents', "list a provider's accents"],
  [
    'voice-library',
    'sync-provider',
    'POST',
    '/voice-library/sync/{provider}',
    "sync a provider's voices",
    { body: 'json' },
  ],
  ['voice-library', 'sync', 'POST', '/voice-library/sync', 'sync the default voices', { body: 'json' }],
  [
    'voice-library',
    'create-sesame-voice',
    'POST',
    '/voice-library/create-sesame-voice',
    'create a Sesame voice',
    { body: 'json' },
  ],
  ['voice-library', 'update', 'PATCH', '/voice-library/{id}', 'update a library voice', { body: 'json' }],
  ['voice-library', 'delete', 'DELETE', '/voice-library/{id}', 'delete a library voice'],
  // Provider resources.
  [
    'provider-resource',
    'list',
    'GET',
    '/provider/{provider}/{resourceName}',
    'list provider resources',
    { generic: 'list', list: 'paginated', kind: 'provider-resource' },
  ],
  [
    'provider-resource',
    'create',
    'POST',
    '/provider/{provider}/{resourceName}',
    'create a provider resource',
    { generic: 'create', body: 'json', kind: 'provider-resource' },
  ],
  [
    'provider-resource',
    'get',
    'GET',
    '/provider/{provider}/{resourceName}/{id}',
    'get a provider resource',
    { generic: 'get', kind: 'provider-resource' },
  ],
  [
    'provider-resource',
    'update',
    'PATCH',
    '/provider/{provider}/{resourceName}/{id}',
    'update a provider resource',
    { generic: 'update', body: 'json', kind: 'provider-resource' },
  ],
  [
    'provider-resource',
    'delete',
    'DELETE',
    '/provider/{provider}/{resourceName}/{id}',
    'delete a provider resource',
    { generic: 'delete', kind: 'provider-resource' },
  ],
  // Provider workflows, hooks, locations, voice search, add and clone.
  ['provider', 'workflows', 'GET', '/{provider}/workflows', "list a provider's workflows"],
  ['provider', 'hooks', 'GET', '/{provider}/workflows/{workflowId}/hooks', "get a provider workflow's trigger hook"],
  ['provider', 'locations', 'GET', '/{provider}/locations', "list a provider's locations"],
  ['provider', 'voices-search', 'GET', '/{provider}/voices/search', "search a provider's voices"],
  ['provider', 'voice-search', 'GET', '/{provider}/voice/search', "search a provider's voice"],
  ['provider', 'voices-add', 'POST', '/{provider}/voices/add', 'add voices from a provider', { body: 'json' }],
  ['provider', 'voice-add', 'POST', '/{provider}/voice/add', 'add a voice from a provider', { body: 'json' }],
  [
    'provider',
    'clone-11labs',
    'POST',
    '/11labs/voice/clone',
    'clone a voice with ElevenLabs (multipart)',
    { body: 'multipart' },
  ],
  ['provider', 'clone-vapi', 'POST', '/vapi/voice/clone', 'clone a voice with Vapi (multipart)', { body: 'multipart' }],
  // Analytics.
  ['analytics', 'query', 'POST', '/analytics', 'run analytics queries', { body: 'json' }],
  // Call artifacts: each answers 302 to a short-lived presigned URL.
  ...(
    [
      ['mono-recording', 'the mono recording'],
      ['stereo-recording', 'the stereo recording (customer and assistant on two channels)'],
      ['video-recording', 'the video recording'],
      ['customer-recording', "the customer's side of the recording"],
      ['assistant-recording', "the assistant's side of the recording"],
      ['pcap', 'the packet capture (pcap)'],
      ['call-logs', 'the call logs'],
    ] as const
  ).map(
    ([artifact, what]): Row => [
      'call',
      artifact === 'call-logs' ? 'logs' : artifact,
      'GET',
      `/call/{id}/${artifact}`,
      `download link of ${what} of a call (--save FILE downloads it)`,
      { redirects: true },
    ],
  ),
  // v2 campaigns (stored as the same kind as v1 campaigns) and their contacts.
  [
    'campaign',
    'list-v2',
    'GET',
    '/v2/campaign',
    'list campaigns (v2, paginated, with counters)',
    { generic: 'list', list: 'paginated', kind: 'campaign' },
  ],
  [
    'campaign',
    'create-v2',
    'POST',
    '/v2/campaign',
    'create a campaign (v2)',
    { generic: 'create', body: 'json', kind: 'campaign' },
  ],
  [
    'campaign',
    'get-v2',
    'GET',
    '/v2/campaign/{id}',
    'get a campaign (v2, -q includeCounters=true)',
    { generic: 'get', kind: 'campaign' },
  ],
  [
    'campaign',
    'update-v2',
    'PATCH',
    '/v2/campaign/{id}',
    'update a campaign (v2, partial)',
    { generic: 'update', body: 'json', kind: 'campaign' },
  ],
  [
    'campaign',
    'delete-v2',
    'DELETE',
    '/v2/campaign/{id}',
    'delete a campaign (v2)',
    { generic: 'delete', kind: 'campaign' },
  ],
  [
    'campaign',
    'contacts',
    'GET',
    '/v2/campaign/{id}/contacts',
    'list the contacts of a campaign (paginated, -q status=)',
    { list: 'paginated', columns: ['id', 'number', 'name', 'customerId', 'createdAt'] },
  ],
  // Knowledge bases v2 and their files.
  ...crud('knowledge-base-v2', '/v2/knowledge-base', { label: 'knowledge base (v2)' }),
  [
    'knowledge-base-v2',
    'files',
    'GET',
    '/v2/knowledge-base/{id}/file',
    'list the files of a knowledge base (v2)',
    { columns: ['id', 'fileId', 'fileName', 'status', 'bytes', 'updatedAt'] },
  ],
  [
    'knowledge-base-v2',
    'attach',
    'POST',
    '/v2/knowledge-base/{id}/file',
    'attach a file and ingest it',
    { body: 'json' },
  ],
  [
    'knowledge-base-v2',
    'detach',
    'DELETE',
    '/v2/knowledge-base/{id}/file/{fileId}',
    'detach a file from a knowledge base (v2)',
  ],
  [
    'knowledge-base-v2',
    'retry',
    'POST',
    '/v2/knowledge-base/{id}/file/{fileId}/retry',
    'retry indexing a file that failed',
  ],
  // Structured outputs, run on calls.
  [
    'structured-output',
    'run',
    'POST',
    '/structured-output/run',
    'run a structured output on calls (or preview it)',
    { body: 'json' },
  ],
  // Evals and their runs.
  ...crud('eval', '/eval', { list: 'paginated' }),
  ...crud('eval-run', '/eval/run', {
    list: 'paginated',
    verbs: ['list', 'create', 'get', 'delete'],
    label: 'eval run',
  }),
  // Simulations (/eval/simulation): bare-array lists paged by createdAt, except runs ({results, metadata}).
  ...crud('simulation', '/eval/simulation', { list: 'v1' }),
  ['simulation', 'concurrency', 'GET', '/eval/simulation/concurrency', 'get the simulation concurrency of the org'],
  ...crud('simulation-personality', '/eval/simulation/personality', { list: 'v1', label: 'simulation personality' }),
  ...crud('simulation-scenario', '/eval/simulation/scenario', { list: 'v1', label: 'simulation scenario' }),
  [
    'simulation-scenario',
    'generate',
    'POST',
    '/eval/simulation/scenario/generate',
    'generate scenarios with AI',
    { body: 'json' },
  ],
  ...crud('simulation-suite', '/eval/simulation/suite', { list: 'v1', label: 'simulation suite' }),
  ...crud('simulation-run', '/eval/simulation/run', {
    list: 'paginated',
    verbs: ['list', 'create', 'get'],
    label: 'simulation run',
  }),
  ['simulation-run', 'cancel', 'PATCH', '/eval/simulation/run/{id}', 'cancel a simulation run'],
  // Items of a run: not stored by the local platform (it runs no simulations).
  [
    'simulation-run-item',
    'list',
    'GET',
    '/eval/simulation/run/{simulationRunId}/item',
    'list the items of a simulation run',
    { list: 'v1' },
  ],
  [
    'simulation-run-item',
    'get',
    'GET',
    '/eval/simulation/run/{simulationRunId}/item/{id}',
    'get an item of a simulation run',
  ],
  [
    'simulation-run-item',
    'cancel',
    'PATCH',
    '/eval/simulation/run/{simulationRunId}/item/{id}',
    'cancel an item of a simulation run',
  ],
  [
    'simulation-run-item',
    'suggest',
    'POST',
    '/eval/simulation/run/{simulationRunId}/item/{id}/generate',
    'generate improvement suggestions for an item (-q force=true, -q persist=true)',
  ],
  // Reporting: insights and boards.
  ...crud('insight', '/reporting/insight', { list: 'paginated' }),
  [
    'insight',
    'run',
    'POST',
    '/reporting/insight/{id}/run',
    'run an insight (its data for a time range)',
    { body: 'json' },
  ],
  ['insight', 'preview', 'POST', '/reporting/insight/preview', 'run an insight without saving it', { body: 'json' }],
  ...crud('board', '/reporting/board', { list: 'paginated' }),
  [
    'board',
    'metrics-overview',
    'GET',
    '/reporting/board/default/metrics-overview',
    'get the default metrics overview board (created on first use)',
  ],
  // Observability scorecards.
  ...crud('scorecard', '/observability/scorecard', { list: 'paginated' }),
  // Logs: deprecated, in the 2025-08-27 document only.
  [
    'log',
    'list',
    'GET',
    '/logs',
    'list logs (paginated; -q type=API|Webhook|Call|Provider, -q callId=)',
    { list: 'paginated' },
  ],
  ['log', 'delete', 'DELETE', '/logs', 'delete the logs matching the -q filters (type, callId, assistantId, …)'],
];

/** Every endpoint, one row each. */
export const ENDPOINTS: readonly Endpoint[] = ROWS.map(([resource, verb, method, path, summary, extra]) => ({
  resource,
  verb,
  method,
  path,
  summary,
  ...extra,
}));

/** Names of `{param}` segments of a path template, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
}

/** Fills a path template; values are percent-encoded. */
export function fillPath(path: string, values: readonly string[]): string {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++] ?? ''));
}

/** A path template with parameter names erased, for comparing templates: `/a/{id}` → `/a/{}`. */
export function normalizePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}');
}

export function findEndpoint(resource: string, verb: string): Endpoint | undefined {
  return ENDPOINTS.find((e) => e.resource === resource && e.verb === verb);
}

export function resourceInfo(name: string): ResourceInfo | undefined {
  return RESOURCES.find((r) => r.name === name) ?? RESOURCES.find((r) => name.startsWith(`${r.name}-`));
}

/** Distinct CLI topics, in table order. */
export function resourceNames(): string[] {
  return [...new Set(ENDPOINTS.map((e) => e.resource))];
}

/**
 * Matches a concrete request against the table. Literal segments beat parameters, so `/template/pinned`
 * is the pinned list and not `GET /template/{id}`.
 */
export function matchEndpoint(method: string, pathname: string): { endpoint: Endpoint; params: string[] } | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  let best: { endpoint: Endpoint; params: string[]; score: number } | undefined;
  for (const endpoint of ENDPOINTS) {
    if (endpoint.method !== method) continue;
    const template = endpoint.path.split('/').slice(1);
    if (template.length !== segments.length) continue;
    const params: string[] = [];
    let score = 0;
    let ok = true;
    for (let i = 0; i < template.length; i++) {
      const t = template[i] ?? '';
      const s = segments[i] ?? '';
      if (t.startsWith('{')) {
        if (!s) ok = false;
        params.push(decodeURIComponent(s));
      } else if (t === s) score += 1;
      else ok = false;
      if (!ok) break;
    }
    if (ok && (!best || score > best.score)) best = { endpoint, params, score };
  }
  return best ? { endpoint: best.endpoint, params: best.params } : undefined;
}
