// What an utterance is, decided before who or when it names: an emergency, a clinical question, or a request the
// product cannot do (a text, a call, billing, notes, directions). Each is recognised by its kind — the shape of an
// emergency, of a clinical decision, of an errand for someone else — in English and Spanish, so a patient named in
// it ("should I hold her Lasix", "text Daisy that I'm late") never turns it into that patient's details.
// The text given is folded (no accents, lower case, punctuation as spaces; understand.ts).
import type { Language } from '../../core/time/zoned-time.ts';

// ─── Emergencies ──────────────────────────────────────────────────────────────────────────────────────────

const EMERGENCY_EN = [
  /\b(911|emergenc\w*|ambulance|paramedics?|code blue)\b/,
  /\b(not|isn t|isnt|is not|stopped|no longer|can t|cant|cannot|can not|trouble|difficulty|hard time|struggling to|struggling)\s+(breathing|breathe|breath)\b/,
  /\b(short(ness)? of breath|gasping|choking|turning blue|(lips|face|skin) (are |is )?(turning )?blue)\b/,
  /\b(chest pains?|heart attack|cardiac arrest|no pulse|no heartbeat)\b/,
  /\b(unconscious|unresponsive|not responding|won t wake|wont wake|can t wake|cant wake|passed out|fainted|collapsed|blacked out)\b/,
  /\b(stroke|face (is )?drooping|slurred speech|slurring)\b/,
  /\b(bleeding (heavily|badly|a lot|profusely|everywhere)|won t stop bleeding|wont stop bleeding|bleeding won t stop|hemorrhag\w*|haemorrhag\w*)\b/,
  /\b(overdos\w*|suicid\w*|kill (herself|himself|themselves|myself)|self[ -]?harm|hurt (herself|himself|themselves))\b/,
  /\b(seizure|seizing|convuls\w*)\b/,
  // A fall with an injury or without getting up.
  /\b(fell|fallen|a fall|falls)\b.{0,50}\b(hit (her|his|their|the) head|head|can t get up|cant get up|cannot get up|not moving|won t move|broke|broken|bleeding|unconscious|not breathing)\b/,
];
const EMERGENCY_ES = [
  /\b(emergencia|ambulancia|urgencias)\b/,
  /\b(no (esta )?respira\w*|(dejo|deja|ha dejado) de respirar|no puede respirar|le cuesta respirar|(falta|dificultad) (de|para) (aire|respirar)|se (esta )?ahog\w*|atragant\w*|se (esta )?poniendo (azul|morad[oa]))\b/,
  /\b(dolor (de|en el) pecho|infarto|ataque (al corazon|cardiaco)|paro cardiaco|sin pulso|no tiene pulso)\b/,
  /\b(inconsciente|no responde|no reacciona|no despierta|se desmay\w*|desmay\w*|perdio el conocimiento|se desplom\w*)\b/,
  /\b(derrame( cerebral)?|ictus|arrastra las palabras|la cara caida)\b/,
  /\b(sangr\w* (mucho|sin parar|abundante\w*|que no para)|no para de sangrar|hemorragia)\b/,
  /\b(sobredosis|suicid\w*|quitarse la vida|matarse|hacerse dano)\b/,
  /\b(convulsi\w*|ataque epileptico)\b/,
  /\b(se cayo|se callo|se ha caido|cayo|una caida)\b.{0,50}\b(golpe\w*|cabeza|no se mueve|no puede levantarse|sangr\w*|inconsciente|roto|rota|fractura\w*)\b/,
];

/** An emergency, with the language it was said in; or null. */
export function emergencyIn(text: string): Language | null {
  if (EMERGENCY_ES.some((re) => re.test(text))) return 'es';
  if (EMERGENCY_EN.some((re) => re.test(text))) return 'en';
  return null;
}

// ─── Clinical questions ───────────────────────────────────────────────────────────────────────────────────

/** Medicines, doses, symptoms and diagnoses: words of clinical content whatever the sentence. */
const CLINICAL_WORDS =
  /\b(dose|doses|dosage|dosing|mg|mcg|milligrams?|units of|side[- ]effects?|symptoms?|diagnos\w*|prescri\w*|medications?|medicines?|meds|drugs?|pills?|tablets?|insulin|antibiotics?|interact\w*|contraindicat\w*|treat(ment)? for|refills?|dosis|medicamentos?|medicinas?|sintomas?|pastillas?|efectos secundarios|receta|diagnostic\w*)\b/;
/** A decision about care the clinician makes: "should I hold / give / stop …", "is it safe to draw …". */
const DECISION_MINE =
  /\b(should|can|could|may|must|shall|do i need to|do i have to|ok to|okay to|safe to|is it (ok|okay|safe|fine|alright|all right) (for me )?to)\s+(i\s+|we\s+)?(hold( off on)?|give|stop|start|skip|increase|decrease|double|titrate|adjust|resume|restart|continue|discontinue|crush|split|lower|raise|reduce|administer|apply|flush|draw|push|hang)\b\s*(.*)$/;
/** A decision about what the patient takes or does: "can she take …", "should he stop …". */
const DECISION_THEIRS =
  /\b(should|can|could|may|must|does|do|is it (ok|okay|safe|fine|alright|all right) for)\s+(she|he|they|her|him|them|the patient|my patient|(?!i\b|we\b|you\b|me\b)[a-z]+(?: [a-z]+)?)\s+(take|eat|drink|stop|start|skip|continue|resume|keep taking)\b\s*(.*)$/;
const DECISION_ES =
  /\b(debo|deberia|puedo|podria|hay que|le doy|le das|le damos|se puede|es seguro|puede)\s+(suspender\w*|dar|darle|quitar\w*|subir\w*|bajar\w*|aumentar\w*|reducir\w*|empezar|parar|dejar|tomar|saltar\w*|omitir|aplicar\w*|poner\w*|administrar\w*)\b\s*(.*)$/;
/** What a decision is about when it is about the schedule, not care ("should I start with Daisy", "push back my 2pm"). */
const NOT_CARE =
  /^(with|at|by|from|on|in|to|back|forward|up|early|earlier|late|later|me|us|first|my (day|route|rounds|schedule)|the (day|route|schedule))\b|\d|\b(am|pm|visits?|appointments?|route|schedule|calendar|drive|driving|address|phone|number|notes|call|calls|list|order|break|lunch|slot|time|cita|citas|visita|visitas|ruta|direccion|telefono|hora)\b/;
/** Vital signs and symptoms, asked about as such. */
const STATE =
  /\b(blood pressure|bp|heart rate|pulse ox\w*|o2 sat\w*|sats|saturation|oxygen level|spo2|glucose|blood sugar|sugars?|temperature|fever|febrile|swelling|edema|oedema|rash|infect\w*|drainage|vomiting|diarrh\w*|dizz\w*|nausea|lab results?|inr (is|of|level|result|came)|a1c|potassium|creatinine|wound (looks|is|smells|seems)|presion (arterial|alta|baja)|azucar|glucosa|fiebre|hinchaz\w*|mareo\w*|vomit\w*|infeccion|herida (se ve|esta|huele))\b/;
/** A visit type that sounds clinical is a visit, not a question about care. */
const VISIT_NAMES =
  /\b(medication reviews?|med reviews?|inr (checks?|visits?|draws?)|wound care( visits?)?|vitals? checks?)\b/g;

/** Whether the utterance asks for clinical advice (a decision about care, a medicine, a symptom). */
export function isClinical(text: string): boolean {
  const t = text.replace(VISIT_NAMES, 'visit');
  if (CLINICAL_WORDS.test(t) || STATE.test(t)) return true;
  const decision = DECISION_MINE.exec(t) ?? DECISION_THEIRS.exec(t) ?? DECISION_ES.exec(t);
  // What the decision is about: its first words ("her Lasix before the visit" is about the Lasix).
  const about = (decision?.at(-1) ?? '').trim().split(' ').slice(0, 3).join(' ');
  return decision !== null && about.length > 0 && !NOT_CARE.test(about);
}

// ─── Requests outside the product ─────────────────────────────────────────────────────────────────────────

export type Outside = 'message' | 'call' | 'reminder' | 'billing' | 'notes' | 'supplies' | 'directions';

/** Asking something of the assistant: "please …", "can you …", "I need you to …", or the verb first. */
const ASK = String.raw`(?:^|\b(?:please|pls|can you|could you|would you|will you|i need you to|i want you to|go ahead and|help me|i d like you to|i would like you to|puedes|podrias|por favor)\s+)`;
const OUTSIDE: Array<[Outside, RegExp]> = [
  [
    'message',
    new RegExp(
      String.raw`${ASK}(text|txt|message|msg|sms|whatsapp|email|e-mail|fax|page|notify)\b|\bsend (\w+ ){0,3}(text|message|sms|email|e-mail|fax|whatsapp)\b|\b(let|tell) (her|him|them|the patient|the family|my patient)\b.{0,30}\b(know|i m|im|i am|i ll|i will|that)\b|\b(let|tell) (?!me\b|us\b)(\w+ ){1,2}(know|that i|i m|im|i am|i ll|i will|i won t|i can t)\b|\b(manda|mandale|envia|enviale|escribe|escribele)\s+(un |una )?(mensaje|texto|whatsapp|correo|email|sms)\b|(?:^|\b(?:puedes|podrias|por favor)\s+)(avisale|avisales|avisa a|dile|diles)\b`,
    ),
  ],
  [
    'call',
    new RegExp(
      String.raw`${ASK}(call|phone|ring|dial)\s+(?!off\b|it\b|number|numbers\b|no\b)\w+|(?:^|\b(?:puedes|podrias|por favor)\s+)(llama|llamale|llamala|llamalo|llamales|llamar a|marca|marcale)\b`,
    ),
  ],
  ['reminder', /\b(remind me|set (a |an )?(reminder|alarm|timer)|recuerdame|pon(me)? (una )?alarma)\b/],
  [
    'billing',
    /\b(bill|billing|invoice\w*|claims?|payroll|paycheck|reimburs\w*|timesheets?|time sheets?|copays?|insurance|prior auth\w*|authorization|medicare|medicaid|factura\w*|cobrar|nomina|reembolso|seguro medico)\b/,
  ],
  [
    'notes',
    /\b(chart(ing)?|document (the|my|this|her|his)|documentation|write (up )?(my |the |a )?(visit )?notes?|sign (my |the )?notes|complete (my |the )?(oasis|notes?|documentation)|(escribe|firma|completa) (mis |las )?notas)\b/,
  ],
  [
    'supplies',
    /\b((order|reorder) (more )?(supplies|dressings|equipment|gauze|oxygen|labs?|meds)|(pide|pedir|ordena) (mas )?(material|suministros|vendas|apositos))\b/,
  ],
  [
    'directions',
    /\b(navigate|directions|turn[- ]by[- ]turn|open (google |apple )?maps|gps|take me to|como llego|indicaciones|llevame a|navega\w*)\b/,
  ],
];

/** A request the product cannot do, or null. */
export function outsideRequest(text: string): Outside | null {
  // The first said counts ("call Daisy and tell her I'm late" is a call). "Call off" is a cancellation; "who
  // called" and "the calls" are the evening calls.
  let first: { kind: Outside; at: number } | null = null;
  for (const [kind, re] of OUTSIDE) {
    const match = re.exec(text);
    if (match && (!first || match.index < first.at)) first = { kind, at: match.index };
  }
  return first?.kind ?? null;
}

const t = (lang: Language, en: string, es: string) => (lang === 'es' ? es : en);

/** What it says for a request it cannot do: plainly that, then what it can do instead. */
export function outsideText(kind: Outside, lang: Language, patient: string | null): string {
  const who = patient ?? t(lang, 'the patient', 'el paciente');
  switch (kind) {
    case 'message':
      return t(
        lang,
        `I can't send texts, emails or messages. I can tell you ${who}'s phone number and address, or when you see them next${patient ? ': shall I?' : '.'}`,
        `No puedo enviar mensajes ni correos. Puedo decirte el teléfono y la dirección de ${who}, o cuándo le ves${patient ? ': ¿quieres?' : '.'}`,
      );
    case 'call':
      return t(
        lang,
        `I can't make phone calls for you. I can tell you ${who}'s phone number${patient ? ': shall I?' : '.'} The evening confirmation calls phone tomorrow's patients by themselves.`,
        `No puedo hacer llamadas por ti. Puedo decirte el teléfono de ${who}${patient ? ': ¿quieres?' : '.'} Las llamadas de confirmación de la tarde llaman solas a los pacientes de mañana.`,
      );
    case 'reminder':
      return t(
        lang,
        "I can't set reminders or alarms. I can tell you your visits, your next patient and your free times.",
        'No puedo poner recordatorios ni alarmas. Puedo decirte tus visitas, tu próximo paciente y tus huecos libres.',
      );
    case 'billing':
      return t(
        lang,
        "I can't help with billing, claims, insurance or payroll: I'm a scheduling assistant. I can count your visits and patients for a day or a week, and your driving.",
        'No puedo ayudar con facturación, seguros ni nóminas: soy un asistente de agenda. Puedo contar tus visitas y pacientes de un día o una semana, y lo que conduces.',
      );
    case 'notes':
      return t(
        lang,
        "I can't write, sign or complete visit notes or documentation. I can read you the notes on a visit's calendar event, and keep a patient's preferred time, phone or language.",
        'No puedo escribir, firmar ni completar notas de visita. Puedo leerte las notas del evento de una visita y guardar la franja, el teléfono o el idioma de un paciente.',
      );
    case 'supplies':
      return t(
        lang,
        "I can't order supplies, medications or labs. I can help with your visits, your route and your calendar.",
        'No puedo pedir material, medicamentos ni análisis. Puedo ayudarte con tus visitas, tu ruta y tu calendario.',
      );
    case 'directions':
      return t(
        lang,
        `I can't give turn-by-turn directions or open a map. I can tell you ${patient ? `${patient}'s address` : "your next patient's address"} and how long the drive is${patient ? ': shall I?' : '.'}`,
        `No puedo dar indicaciones paso a paso ni abrir un mapa. Puedo decirte la dirección de ${patient ?? 'tu próximo paciente'} y cuánto se tarda en llegar${patient ? ': ¿quieres?' : '.'}`,
      );
  }
}

// ─── The language ─────────────────────────────────────────────────────────────────────────────────────────

const SPANISH_WORDS =
  /\b(se|y|su|sus|ella|el|esta|estoy|tiene|tengo|mi|mis|una|un|del|al|con|por|para|que|como|hoy|manana|ayer|llama|dile|manda|favor|cita|citas|paciente|cayo|respira|puede|donde|cuando|quien|cual|le|lo|los|las|es|son|hay|mueve|cancela|semana|visitas?)\b/g;
const ENGLISH_WORDS =
  /\b(the|and|is|my|i|she|he|what|who|when|where|how|to|of|on|at|it|her|his|can|do|does|with|for|have|has|a|an|are|me|you|next|tomorrow|today|visit|visits)\b/g;

/** Spanish when more of its words are Spanish than English (short utterances: "se cayó y no respira"). */
export function leansSpanish(text: string): boolean {
  const es = text.match(SPANISH_WORDS)?.length ?? 0;
  const en = text.match(ENGLISH_WORDS)?.length ?? 0;
  return es >= 2 && es > en;
}
