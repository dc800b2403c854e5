// Proposal tokens (core/assistant/proposal-token.ts): bound to one clinician, one call, one tool and its exact
// arguments; ten minutes; the server's own key and lifetime, whatever a token says.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signCallToken } from '../../../core/assistant/call-token.ts';
import {
  boundArgs,
  canonicalJson,
  PROPOSAL_TTL_S,
  type ProposalBinding,
  proposalKey,
  signProposal,
  verifyProposal,
} from '../../../core/assistant/proposal-token.ts';

const SECRET = 'a-test-call-token-secret-of-32-characters!';
const T0 = new Date('2026-11-23T15:00:00Z');
const CANCEL: ProposalBinding = { userId: 'user-1', callId: 'jti-1', tool: 'cancel_visit', args: { visitId: 'v1' } };
const later = (s: number) => new Date(T0.getTime() + s * 1000);

describe('proposal tokens', () => {
  it('prove the proposal for its lifetime, with where it was made', async () => {
    const token = await signProposal(CANCEL, SECRET, T0, { toolCallId: 'p1', userTurns: 3 });
    expect(await verifyProposal(token, CANCEL, SECRET, later(PROPOSAL_TTL_S - 1))).toEqual({
      ok: true,
      place: { toolCallId: 'p1', userTurns: 3 },
      issuedAt: T0.getTime(),
    });
    expect(await verifyProposal(token, CANCEL, SECRET, later(PROPOSAL_TTL_S))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(PROPOSAL_TTL_S).toBe(600);
  });

  it('prove nothing for another clinician, call, tool or arguments', async () => {
    const token = await signProposal(CANCEL, SECRET, T0);
    for (const other of [
      { ...CANCEL, userId: 'user-2' },
      { ...CANCEL, callId: 'jti-2' },
      { ...CANCEL, tool: 'move_visit' },
      { ...CANCEL, args: { visitId: 'v2' } },
      { ...CANCEL, args: { visitId: 'v1', date: '2026-11-24' } },
    ]) {
      expect(await verifyProposal(token, other, SECRET, T0)).toEqual({ ok: false, reason: 'mismatch' });
    }
  });

  it('refuse a missing token, another key, a call token, and a lifetime longer than the server gives', async () => {
    expect(await verifyProposal(undefined, CANCEL, SECRET, T0)).toEqual({ ok: false, reason: 'missing' });
    expect(await verifyProposal('', CANCEL, SECRET, T0)).toEqual({ ok: false, reason: 'missing' });
    const foreign = await signProposal(CANCEL, `${SECRET}-other`, T0);
    expect(await verifyProposal(foreign, CANCEL, SECRET, T0)).toEqual({ ok: false, reason: 'invalid' });
    const callToken = (await signCallToken('user-1', SECRET, T0)).token;
    expect(await verifyProposal(callToken, CANCEL, SECRET, T0)).toEqual({ ok: false, reason: 'invalid' });
    // Signed with the right key but for a day: refused on its lifetime, not trusted for it.
    const iat = Math.floor(T0.getTime() / 1000);
    const genuine = JSON.parse(atob((await signProposal(CANCEL, SECRET, T0)).split('.')[1] as string));
    const long = await new SignJWT({ ...genuine, exp: iat + 24 * 3600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(await proposalKey(SECRET));
    expect(await verifyProposal(long, CANCEL, SECRET, T0)).toEqual({ ok: false, reason: 'invalid' });
    await expect(signProposal(CANCEL, 'short', T0)).rejects.toThrow('at least 32 characters');
  });

  it('bind the arguments whatever their order, without confirm, the token itself, empty values or the answer language', async () => {
    const book: ProposalBinding = {
      userId: 'user-1',
      callId: 'jti-1',
      tool: 'book_visit',
      args: { date: '2026-11-24', time: '10:00', patient: null, confirm: true },
    };
    const token = await signProposal(book, SECRET, T0);
    const echoed = { time: '10:00', date: '2026-11-24', confirm: true, proposal: token, language: 'es' };
    expect(await verifyProposal(token, { ...book, args: echoed }, SECRET, T0)).toMatchObject({ ok: true });
    expect(await verifyProposal(token, { ...book, args: { ...echoed, time: '10:05' } }, SECRET, T0)).toMatchObject({
      reason: 'mismatch',
    });
    // update_patient's patient language (`speaks`, or the old form's `language` other than en/es) is part of the
    // change; the answer's language (en/es) is not.
    expect(boundArgs('update_patient', { patient: 'Ida', language: 'Polish', confirm: true })).toEqual({
      patient: 'Ida',
      language: 'Polish',
    });
    expect(boundArgs('update_patient', { patient: 'Ida', speaks: 'Polish', language: 'es', confirm: true })).toEqual({
      patient: 'Ida',
      speaks: 'Polish',
    });
    expect(boundArgs('move_visit', { visitId: 'v', language: 'es', proposal: 'x', confirm: false })).toEqual({
      visitId: 'v',
    });
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: 3 } })).toBe(
      '{"a":{"c":3,"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });
});
