// Issue 25, red-team item 2: the two-person rule cannot be walked around. For EVERY change that
// needs a second admin, from a staff session, each approver that is not a pre-existing, independent
// admin is refused (the requester, a helper admin the requester made, an admin made after the
// request, a support account the requester is promoting), and only a pre-existing admin applies it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rtpVariantChoices } from '../../src/domain/operators.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  createStaff,
  STAFF_PASSWORD,
  type StaffClient,
  signedInStaff,
  signIn,
  staffClient,
} from '../helpers/staff.ts';

let server: TestServer;
let nowMs = Date.parse('2026-11-26T09:00:00Z');
const clock = { now: () => new Date(nowMs) };
let mallory: StaffClient; // the admin who wants to act alone
let carol: StaffClient; // an admin from before every request, not appointed by mallory

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  mallory = await signedInStaff(server, 'admin');
  carol = await signedInStaff(server, 'admin');
  nowMs += 1000;
});
afterAll(async () => {
  await server?.close();
});

const approve = (who: StaffClient, id: string) => who.call('POST', `/api/admin/v1/approvals/${id}/approve`);

async function signedIn(id: string, email: string): Promise<StaffClient> {
  const signed = await signIn(server, email);
  if (signed.status !== 200 || !signed.setCookie)
    throw new Error(`sign-in failed: ${JSON.stringify(signed.body)}`);
  return staffClient(server, id, email, signed.setCookie, signed.body.csrf_token);
}

/** Every change that needs a second admin: request it as mallory; `applied` says whether it took. */
const GATED: Record<string, () => Promise<{ approvalId: string; applied: () => Promise<boolean> }>> = {
  async 'rtp variant'() {
    const { id } = await server.createOperator();
    const variant = rtpVariantChoices()[0] as string;
    const asked = await mallory.call('PATCH', `/api/admin/v1/operators/${id}`, { rtp_variant: variant });
    expect(asked.status).toBe(202);
    return {
      approvalId: asked.body.approval.id,
      applied: async () =>
        (await server.admin('GET', `/api/admin/v1/operators/${id}`)).body.operator.rtp_variant === variant,
    };
  },
  async 'wallet url'() {
    const { id } = await server.createOperator({
      wallet_mode: 'callback',
      wallet_base_url: 'https://wallet.casino.example/rf',
      wallet_secret: 's'.repeat(32),
    });
    const url = 'https://mallory.example/steal';
    const asked = await mallory.call('PATCH', `/api/admin/v1/operators/${id}`, { wallet_base_url: url });
    expect(asked.status).toBe(202);
    return {
      approvalId: asked.body.approval.id,
      applied: async () =>
        (await server.admin('GET', `/api/admin/v1/operators/${id}`)).body.operator.wallet_base_url === url,
    };
  },
  async 'wallet mode'() {
    const { id } = await server.createOperator();
    const asked = await mallory.call('PATCH', `/api/admin/v1/operators/${id}`, {
      wallet_mode: 'callback',
      wallet_base_url: 'https://mallory.example/wallet',
    });
    expect(asked.status).toBe(202);
    return {
      approvalId: asked.body.approval.id,
      applied: async () =>
        (await server.admin('GET', `/api/admin/v1/operators/${id}`)).body.operator.wallet_mode === 'callback',
    };
  },
  async 'wallet secret rotation'() {
    const { id } = await server.createOperator({
      wallet_mode: 'callback',
      wallet_base_url: 'https://wallet.casino.example/rf',
      wallet_secret: 's'.repeat(32),
    });
    const asked = await mallory.call('POST', `/api/admin/v1/operators/${id}/wallet-secret`, {
      switch_at: new Date(nowMs + 3_600_000).toISOString(),
    });
    expect(asked.status).toBe(202);
    return {
      approvalId: asked.body.approval.id,
      applied: async () =>
        (await server.admin('GET', `/api/admin/v1/operators/${id}`)).body.operator.wallet_secret_switch_at !==
        null,
    };
  },
  async 'game going live'() {
    expect(
      (await server.admin('PUT', '/api/admin/v1/games/rf_copper_sevens/live', { live: false })).status,
    ).toBe(200);
    const asked = await mallory.call('PUT', '/api/admin/v1/games/rf_copper_sevens/live', { live: true });
    expect(asked.status).toBe(202);
    return {
      approvalId: asked.body.approval.id,
      applied: async () =>
        (await server.admin('GET', '/api/admin/v1/games')).body.games.find(
          (g: { symbol: string }) => g.symbol === 'rf_copper_sevens',
        ).live === true,
    };
  },
  async 'admin account created'() {
    const email = `helper-${nowMs}@reelforge.test`;
    const asked = await mallory.call('POST', '/api/admin/v1/staff', {
      email,
      role: 'admin',
      password: STAFF_PASSWORD,
    });
    expect(asked.status).toBe(202);
    // The account exists, disabled: it cannot sign in, so it cannot approve anything.
    expect((await signIn(server, email)).status).toBe(401);
    // Checked on the list, not by signing in again (failed sign-ins would lock the account).
    return {
      approvalId: asked.body.approval.id,
      applied: async () => {
        const row = (await server.admin('GET', '/api/admin/v1/staff')).body.staff.find(
          (s: { email: string }) => s.email === email,
        );
        return row.role === 'admin' && row.disabled === false;
      },
    };
  },
  async 'support promoted to admin'() {
    const { id } = await createStaff(server, 'support');
    const asked = await mallory.call('PATCH', `/api/admin/v1/staff/${id}`, { role: 'admin' });
    expect(asked.status).toBe(202);
    return {
      approvalId: asked.body.approval.id,
      applied: async () =>
        (await server.admin('GET', '/api/admin/v1/staff')).body.staff.find((s: { id: string }) => s.id === id)
          .role === 'admin',
    };
  },
  async 'disabled admin enabled'() {
    const { id } = await createStaff(server, 'admin');
    expect((await server.admin('PATCH', `/api/admin/v1/staff/${id}`, { disabled: true })).status).toBe(200);
    nowMs += 1000;
    const asked = await mallory.call('PATCH', `/api/admin/v1/staff/${id}`, { disabled: false });
    expect(asked.status).toBe(202);
    return {
      approvalId: asked.body.approval.id,
      applied: async () =>
        (await server.admin('GET', '/api/admin/v1/staff')).body.staff.find((s: { id: string }) => s.id === id)
          .disabled === false,
    };
  },
};

describe('the walk-around of issue 25 item 2', () => {
  it('an admin creates a helper admin: it waits, and once another admin lets it in, it still cannot approve its maker', async () => {
    const pending = await GATED['rtp variant']?.();
    const email = 'helper@reelforge.test';
    const made = await mallory.call('POST', '/api/admin/v1/staff', {
      email,
      role: 'admin',
      password: STAFF_PASSWORD,
    });
    expect(made.status).toBe(202);
    expect(made.body.approval).toMatchObject({
      action: 'staff.update',
      change: { role: 'admin', disabled: false },
    });
    expect((await approve(mallory, made.body.approval.id)).status).toBe(403);
    // Carol lets the helper in (say she was fooled): the helper is an admin appointed by mallory.
    nowMs += 1000;
    expect((await approve(carol, made.body.approval.id)).status).toBe(200);
    const helperRow = (await server.admin('GET', '/api/admin/v1/staff')).body.staff.find(
      (s: { email: string }) => s.email === email,
    );
    const helper = await signedIn(helperRow.id, email);
    const refused = await approve(helper, pending?.approvalId as string);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/proposed you as an admin|after this change was requested/);
    // Not even for a change mallory asks for later, when the helper is long an admin.
    nowMs += 60_000;
    const later = await GATED['game going live']?.();
    const laterRefused = await approve(helper, later?.approvalId as string);
    expect(laterRefused.status).toBe(403);
    expect(laterRefused.body.detail).toMatch(/proposed you as an admin/);
    expect(await later?.applied()).toBe(false);
    expect(await pending?.applied()).toBe(false);
  }, 120_000);
});

describe.each(Object.keys(GATED))('%s', (name) => {
  it('is refused to every approver but a pre-existing, independent admin', async () => {
    const change = await (GATED[name] as () => ReturnType<(typeof GATED)[string]>)();
    const refusals: Array<[string, StaffClient]> = [['the requester', mallory]];
    // An admin the token makes after the request (break-glass, audited) is not from before it.
    nowMs += 1000;
    refusals.push(['an admin made after the request', await signedInStaff(server, 'admin')]);
    refusals.push(['a support account', await signedInStaff(server, 'support')]);
    for (const [who, client] of refusals) {
      const answer = await approve(client, change.approvalId);
      expect(answer.status, who).toBe(403);
      expect(await change.applied(), who).toBe(false);
    }
    const byToken = await server.admin('POST', `/api/admin/v1/approvals/${change.approvalId}/approve`);
    expect(byToken.status).toBe(403);
    expect(await change.applied()).toBe(false);
    const approved = await approve(carol, change.approvalId);
    // The approver is accepted; a game whose math is not certified on this tree still cannot go
    // live (409 from applying the change, not from the rule of who approves).
    if (name === 'game going live' && approved.status === 409) {
      expect(approved.body.detail).not.toMatch(/approve/);
      return;
    }
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await change.applied()).toBe(true);
  }, 120_000); // several accounts made and signed in (argon2id) on a shared machine
});
