// "A write happens only after the clinician's own yes", enforced by the server for every tool-calls message:
// - a proposal (a change tool called without confirm) gets a proposal token in its confirmWith;
// - a confirmation (confirm: true) runs only with a valid token for exactly that change in this call
//   (proposal-token.ts), only when the conversation, where the platform sends it, shows a user turn after the
//   proposal (clinician-turn.ts), and only as the one change of the clinician's turn: a second confirmed
//   change in the same message, or after a change already made since the clinician last spoke, is refused.
// Refusals change nothing and say so; their `say` asks for the proposal and the yes again.
import { type ConversationEntry, changedSinceUserSpoke, userSpokeAfter, userTurns } from './clinician-turn.ts';
import { isWriteTool, PATIENT_TOOLS, type ToolResult } from './contract.ts';
import { PROPOSAL_ARG, type ProposalPlace, signProposal, verifyProposal } from './proposal-token.ts';

/** Tools whose confirmation changes something: the calendar's write tools and update_patient. */
export function isChangeTool(name: string): boolean {
  return isWriteTool(name) || (PATIENT_TOOLS as readonly string[]).includes(name);
}

export function isConfirmation(args: Record<string, unknown>): boolean {
  return args.confirm === true || args.confirm === 'true';
}

export interface ConfirmGateOptions {
  /** The call-token secret (the proposal key is derived from it). */
  secret: string;
  userId: string;
  /** The call token's jti: proposals are confirmed only in the call that made them. */
  callId: string;
  now: Date;
  /** message.artifact.messages, read (clinician-turn.ts); null when the platform sent none. */
  conversation: ConversationEntry[] | null;
  /** The ids of this message's tool calls (the platform may already list them in the conversation). */
  messageCallIds: ReadonlySet<string>;
  language: 'en' | 'es';
}

export interface ToolCallInput {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

type Refusal = 'missing' | 'expired' | 'invalid' | 'mismatch' | 'no_user_turn' | 'one_per_turn';

const REASONS: Record<Refusal, { en: string; es: string }> = {
  missing: {
    en: 'I have not proposed this change to you yet.',
    es: 'Todavía no te he propuesto este cambio.',
  },
  expired: {
    en: 'That proposal has expired (a proposal lasts 10 minutes).',
    es: 'Esa propuesta ha caducado (una propuesta dura 10 minutos).',
  },
  invalid: {
    en: 'That proposal is not one I made.',
    es: 'Esa propuesta no es una que yo hiciera.',
  },
  mismatch: {
    en: 'The yes was for a different change than this one.',
    es: 'El sí era para un cambio distinto de este.',
  },
  no_user_turn: {
    en: 'I have not heard your answer to the proposal yet.',
    es: 'Todavía no he oído tu respuesta a la propuesta.',
  },
  one_per_turn: {
    en: 'I make one change per yes, and one was already made for this one.',
    es: 'Hago un cambio por cada sí, y ya se hizo uno con este.',
  },
};

function refusal(tool: string, reason: Refusal, language: 'en' | 'es'): ToolResult {
  const why = REASONS[reason][language];
  return {
    status: 'confirmation_required',
    say:
      language === 'es'
        ? `No se cambió nada: ${why} Hago un cambio solo después de proponerlo y de oír tu sí a esa propuesta.`
        : `Nothing was changed: ${why} I make a change only after proposing it and hearing your yes to that proposal.`,
    reason,
    calendarChanged: false,
    // For the model: how to get it right (the prompt says the same).
    next: `Call ${tool} without confirm to get a proposal, tell the clinician what it says, and call it again with exactly its confirmWith only after the clinician says yes.`,
  };
}

export interface ConfirmGate {
  /** A refusal for a confirmation that may not run, or null: run it. */
  check(call: ToolCallInput): Promise<ToolResult | null>;
  /** The result with a proposal token in confirmWith when it is a proposal. */
  seal(call: ToolCallInput, result: ToolResult): Promise<ToolResult>;
}

export function createConfirmGate(options: ConfirmGateOptions): ConfirmGate {
  const { conversation } = options;
  let confirmedInMessage = false;
  const binding = (tool: string, args: Record<string, unknown>) => ({
    userId: options.userId,
    callId: options.callId,
    tool,
    args,
  });

  return {
    async check(call) {
      if (!isChangeTool(call.name) || !isConfirmation(call.args)) return null;
      const language = call.args.language === 'es' ? 'es' : options.language;
      const refuse = (reason: Refusal) => refusal(call.name, reason, language);
      const proof = await verifyProposal(
        call.args[PROPOSAL_ARG],
        binding(call.name, call.args),
        options.secret,
        options.now,
      );
      if (!proof.ok) return refuse(proof.reason);
      if (conversation && !clinicianSpokeAfter(conversation, proof.place)) return refuse('no_user_turn');
      if (
        confirmedInMessage ||
        (conversation && changedSinceUserSpoke(conversation, isChangeTool, options.messageCallIds))
      ) {
        return refuse('one_per_turn');
      }
      confirmedInMessage = true;
      return null;
    },
    async seal(call, result) {
      const confirmWith = result.confirmWith;
      if (result.status !== 'proposal' || !confirmWith || typeof confirmWith !== 'object') return result;
      const args = confirmWith as Record<string, unknown>;
      const place: ProposalPlace = { toolCallId: call.id };
      if (conversation) place.userTurns = userTurns(conversation);
      const token = await signProposal(binding(call.name, args), options.secret, options.now, place);
      return { ...result, confirmWith: { ...args, confirm: true, [PROPOSAL_ARG]: token } };
    },
  };
}

/**
 * Where the conversation shows the proposal's own tool call, a user turn must follow it; where it does not
 * (the local stand-in lists only what was said), the clinician must have spoken more turns than when it was
 * proposed. A proposal made where no conversation was sent rests on its token alone.
 */
function clinicianSpokeAfter(conversation: readonly ConversationEntry[], place: ProposalPlace): boolean {
  const after = place.toolCallId ? userSpokeAfter(conversation, place.toolCallId) : null;
  if (after !== null) return after;
  if (place.userTurns !== undefined) return userTurns(conversation) > place.userTurns;
  return true;
}
