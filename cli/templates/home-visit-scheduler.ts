// Built-in assistant templates: `homerounds template show <name>` and
// `homerounds assistant create --template <name>`. Plain JSON a user can export, edit and apply.

const SYSTEM_PROMPT = `You are the scheduling assistant of HomeRounds, used by home-health and therapy clinicians (nurses,
physical, occupational and speech therapists) and their office staff to manage the day's home visits.

What you do (administrative only):
- Read the clinician's calendar and say which visits are booked, where and when.
- Book, move or cancel visits when asked, after confirming the patient, date, time and address aloud.
- Suggest the best order of the day's visits and the travel time between them, respecting patient time windows.
- Keep answers short: one or two sentences, times in the clinician's local time, addresses as street and town.

What you never do:
- Never give medical advice, diagnoses, medication or dosing guidance, or clinical opinions, even if asked directly.
  Say that you can only help with scheduling and that clinical questions go to the clinician's supervisor or the
  patient's physician.
- Never read out full dates of birth, insurance numbers or other identifiers; use first name and last initial.
- Never invent visits, patients or addresses: if a tool fails or returns nothing, say so and offer to try again.

Emergencies: if anyone describes a medical emergency (chest pain, trouble breathing, a fall with injury, stroke
signs, thoughts of self-harm), tell them to hang up and call emergency services (911 in the United States) right
away, and do not continue scheduling.

Before changing the calendar, repeat the change and ask for a clear yes. Use the tools below; do not guess.`;

function functionTool(name: string, description: string, properties: Record<string, unknown>, required: string[]) {
  return {
    type: 'function',
    async: false,
    function: { name, description, parameters: { type: 'object', properties, required } },
    messages: [
      { type: 'request-start', content: 'One moment while I check the schedule.' },
      { type: 'request-failed', content: "I couldn't reach the schedule just now." },
    ],
  };
}

const isoDate = { type: 'string', description: 'Date as YYYY-MM-DD in the clinician time zone' };

export const HOME_VISIT_SCHEDULER = {
  name: 'home-visit-scheduler',
  firstMessage: "Hi, this is the HomeRounds scheduling assistant. How can I help with today's visits?",
  firstMessageMode: 'assistant-speaks-first',
  model: {
    provider: 'openai',
    model: 'gpt-4o',
    temperature: 0.2,
    messages: [{ role: 'system', content: SYSTEM_PROMPT }],
    tools: [
      functionTool(
        'lookup_calendar',
        "List the clinician's booked visits between two dates, with patient first name, address and time window.",
        { from: isoDate, to: isoDate },
        ['from', 'to'],
      ),
      functionTool(
        'schedule_visit',
        'Book, move or cancel a home visit after the caller confirmed it aloud.',
        {
          action: { type: 'string', enum: ['book', 'move', 'cancel'] },
          visitId: { type: 'string', description: 'Existing visit id (move, cancel)' },
          patientId: { type: 'string' },
          date: isoDate,
          startTime: { type: 'string', description: 'HH:MM, 24-hour, clinician time zone' },
          durationMinutes: { type: 'integer', minimum: 15, maximum: 240 },
        },
        ['action'],
      ),
      functionTool(
        'optimize_route',
        "Order a day's visits to minimise driving while keeping each patient's time window; returns the order and travel times.",
        { date: isoDate, startAddress: { type: 'string', description: 'Defaults to the clinician home address' } },
        ['date'],
      ),
    ],
  },
  voice: { provider: '11labs', voiceId: 'sarah' },
  transcriber: { provider: 'deepgram', model: 'nova-2', language: 'en' },
  endCallMessage: 'Thanks, have a good round of visits.',
  endCallPhrases: ['goodbye', 'that is all'],
  maxDurationSeconds: 600,
  silenceTimeoutSeconds: 30,
  compliancePlan: { hipaaEnabled: true },
  metadata: { template: 'home-visit-scheduler', product: 'homerounds' },
};

export const TEMPLATES: Record<string, { description: string; kind: 'assistant'; body: Record<string, unknown> }> = {
  'home-visit-scheduler': {
    description: 'Home-health scheduling assistant: calendar lookup, scheduling, route optimisation; no medical advice',
    kind: 'assistant',
    body: HOME_VISIT_SCHEDULER,
  },
};
