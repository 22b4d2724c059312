// Four-eyes approvals of regulator-relevant changes from staff sessions (RTP variant, a game going
// live, a wallet secret), the token's break-glass path, and a scheduled wallet secret rotation whose
// callbacks switch secrets at switch_at (injected clock, no waiting).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rtpVariantChoices } from '../../src/domain/operators.ts';
import { callbackOperator, launchPlayer } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type StaffClient, signedInStaff } from '../helpers/staff.ts';

let server: TestServer;
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
let alice: StaffClient;
let bob: StaffClient;
const variants = rtpVariantChoices();

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  alice = await signedInStaff(server, 'admin');
  bob = await signedInStaff(server, 'admin');
  // Both are admins from before every request below (an approver must be one; red-team.test.ts).
  nowMs += 1000;
});
afterAll(async () => {
  await server?.close();
});

async function operatorRow(id: string) {
  return server.store.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('RTP variant', () => {
  it('waits for a second admin when a staff session changes it', async () => {
    expect(variants.length).toBeGreaterThan(0);
    const variant = variants[0] as string;
    const { id } = await server.createOperator();
    const requested = await alice.call('PATCH', `/api/admin/v1/operators/${id}`, { rtp_variant: variant });
    expect(requested.status).toBe(202);
    expect(requested.body.approval).toMatchObject({
      action: 'operator.update',
      entity: 'operator',
      entity_id: id,
      change: { rtp_variant: variant },
      requested_by: alice.email,
      status: 'pending',
    });
    expect((await operatorRow(id)).rtp_variant).toBeNull();
    const approvalId = requested.body.approval.id as string;

    const listed = await bob.call('GET', '/api/admin/v1/approvals');
    expect(listed.body.approvals.map((a: { id: string }) => a.id)).toContain(approvalId);

    const own = await alice.call('POST', `/api/admin/v1/approvals/${approvalId}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.detail).toMatch(/a different admin must approve/);
    const byToken = await server.admin('POST', `/api/admin/v1/approvals/${approvalId}/approve`);
    expect(byToken.status).toBe(403);
    const support = await signedInStaff(server, 'support');
    expect((await support.call('POST', `/api/admin/v1/approvals/${approvalId}/approve`)).status).toBe(403);
    expect((await operatorRow(id)).rtp_variant).toBeNull();

    const approved = await bob.call('POST', `/api/admin/v1/approvals/${approvalId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.approval).toMatchObject({ status: 'approved', decided_by: bob.email });
    expect(approved.body.result.operator.rtp_variant).toBe(variant);
    expect((await operatorRow(id)).rtp_variant).toBe(variant);
    expect((await bob.call('POST', `/api/admin/v1/approvals/${approvalId}/approve`)).status).toBe(409);

    const trail = (await server.admin('GET', '/api/admin/v1/audit?limit=50')).body.entries.reverse();
    const mine = trail.filter((e: { entity_id: string }) => e.entity_id === approvalId || e.entity_id === id);
    expect(mine.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
      ['operator.create', 'token'],
      ['catalog.set', 'token'],
      ['approval.request', `staff:${alice.email}`],
      ['operator.update', `staff:${bob.email}`],
      ['approval.approve', `staff:${bob.email}`],
    ]);
  });

  it('applies other staff changes at once, and the token applies an RTP change at once', async () => {
    const { id } = await server.createOperator();
    const renamed = await alice.call('PATCH', `/api/admin/v1/operators/${id}`, {
      name: 'Renamed',
      rtp_variant: null,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.operator.name).toBe('Renamed');
    const byToken = await server.admin('PATCH', `/api/admin/v1/operators/${id}`, {
      rtp_variant: variants[0],
    });
    expect(byToken.status).toBe(200);
    expect(byToken.body.operator.rtp_variant).toBe(variants[0]);
  });

  it('lets another admin reject, and the requester withdraw', async () => {
    const { id } = await server.createOperator();
    const first = await alice.call('PATCH', `/api/admin/v1/operators/${id}`, { rtp_variant: variants[0] });
    const rejected = await bob.call('POST', `/api/admin/v1/approvals/${first.body.approval.id}/reject`, {
      reason: 'not agreed with the regulator',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.approval).toMatchObject({
      status: 'rejected',
      reason: 'not agreed with the regulator',
    });
    const second = await alice.call('PATCH', `/api/admin/v1/operators/${id}`, { rtp_variant: variants[0] });
    expect(
      (await alice.call('POST', `/api/admin/v1/approvals/${second.body.approval.id}/reject`, {})).status,
    ).toBe(200);
    expect(
      (await bob.call('POST', `/api/admin/v1/approvals/${second.body.approval.id}/approve`)).status,
    ).toBe(409);
    expect((await operatorRow(id)).rtp_variant).toBeNull();
  });

  it('refuses a bad value before asking anyone, and a wallet secret in a staff PATCH', async () => {
    const { id } = await server.createOperator();
    const bad = await alice.call('PATCH', `/api/admin/v1/operators/${id}`, { rtp_variant: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^rtp_variant /);
    const secret = await alice.call('PATCH', `/api/admin/v1/operators/${id}`, {
      wallet_secret: 'x'.repeat(32),
    });
    expect(secret.status).toBe(400);
    expect(secret.body.detail).toMatch(/^wallet_secret: .*wallet-secret/);
  });
});

describe('games going live', () => {
  it('takes a game off at once, and puts it back live only with a second admin', async () => {
    const { apiKey } = await server.createOperator();
    const catalog = async () =>
      (
        await (
          await server.request('/api/provider/v1/games', { headers: { 'x-provider-api-key': apiKey } })
        ).json()
      ).data.items.map((g: { symbol: string }) => g.symbol);
    expect(await catalog()).toContain('rf_jade_paths');

    const off = await alice.call('PUT', '/api/admin/v1/games/rf_jade_paths/live', { live: false });
    expect(off.status).toBe(200);
    expect(off.body.game).toEqual({ symbol: 'rf_jade_paths', live: false, switched_off: true });
    nowMs += 2000; // past the catalog caches
    expect(await catalog()).not.toContain('rf_jade_paths');
    await expect(launchPlayer(server, apiKey, { player: 'p-off', symbol: 'rf_jade_paths' })).rejects.toThrow(
      /launch failed/,
    );
    const games = await bob.call('GET', '/api/admin/v1/games');
    expect(games.body.games.find((g: { symbol: string }) => g.symbol === 'rf_jade_paths')).toMatchObject({
      live: false,
      switched_off: true,
    });

    const on = await alice.call('PUT', '/api/admin/v1/games/rf_jade_paths/live', { live: true });
    expect(on.status).toBe(202);
    expect(on.body.approval).toMatchObject({
      action: 'game.live',
      entity: 'game',
      entity_id: 'rf_jade_paths',
    });
    expect((await bob.call('POST', `/api/admin/v1/approvals/${on.body.approval.id}/approve`)).status).toBe(
      200,
    );
    nowMs += 2000;
    expect(await catalog()).toContain('rf_jade_paths');
    expect((await alice.call('PUT', '/api/admin/v1/games/nope/live', { live: false })).status).toBe(404);
  });
});

describe('wallet secret rotation', () => {
  it('signs callbacks with the old secret before switch_at and the new one after', async () => {
    const operator = await callbackOperator(server, { 'p-rot': '100.00' });
    try {
      const switchAt = new Date(nowMs + 60 * 60 * 1000);
      const requested = await alice.call('POST', `/api/admin/v1/operators/${operator.id}/wallet-secret`, {
        switch_at: switchAt.toISOString(),
      });
      expect(requested.status).toBe(202);
      expect(requested.body.approval.change).toEqual({ switch_at: switchAt.toISOString() });
      const approved = await bob.call(
        'POST',
        `/api/admin/v1/approvals/${requested.body.approval.id}/approve`,
      );
      expect(approved.status).toBe(200);
      const next = approved.body.result.wallet_secret as string;
      expect(next).toMatch(/^rf_whsec_/);
      expect(approved.body.result.operator.wallet_secret_switch_at).toBe(switchAt.toISOString());
      const trail = JSON.stringify((await server.admin('GET', '/api/admin/v1/audit?limit=20')).body);
      expect(trail).not.toContain(next);
      operator.wallet.acceptNextSecret(next);

      const before = await launchPlayer(server, operator.apiKey, { player: 'p-rot' });
      expect((await before.spin({ coin: '0.10' })).status).toBe(200);
      expect(operator.wallet.signedWith.next).toBe(0);
      const currentCalls = operator.wallet.signedWith.current;
      expect(currentCalls).toBeGreaterThan(0);

      nowMs = switchAt.getTime() + 1000;
      const after = await launchPlayer(server, operator.apiKey, { player: 'p-rot' });
      expect((await after.spin({ coin: '0.10' })).status).toBe(200);
      expect(operator.wallet.signedWith.next).toBeGreaterThan(0);
      expect(operator.wallet.signedWith.current).toBe(currentCalls);
    } finally {
      await operator.wallet.close();
    }
  });

  it('applies at once for the token, refuses a bad switch_at and an internal-wallet operator', async () => {
    const operator = await callbackOperator(server, { 'p-tok': '100.00' });
    try {
      const rotated = await server.admin('POST', `/api/admin/v1/operators/${operator.id}/wallet-secret`, {
        switch_at: new Date(nowMs).toISOString(),
      });
      expect(rotated.status).toBe(200);
      expect((await operatorRow(operator.id)).wallet_secret_next).toBe(rotated.body.wallet_secret);
      const bad = await server.admin('POST', `/api/admin/v1/operators/${operator.id}/wallet-secret`, {
        switch_at: 'tomorrow',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toMatch(/^switch_at /);
      const internal = await server.createOperator();
      const refused = await server.admin('POST', `/api/admin/v1/operators/${internal.id}/wallet-secret`, {
        switch_at: new Date(nowMs).toISOString(),
      });
      expect(refused.status).toBe(409);
    } finally {
      await operator.wallet.close();
    }
  });
});
