// Staff's tournaments and prize drops (issue 29): every campaign has a prize budget, so none runs
// without a second admin. The campaign itself is the pending request (status `pending`, created_by
// its creator) and approving it is the change, so no separate approval row is kept: a second admin
// approves the campaign directly, under the same rule as every other approval (`approverProblem`:
// an active admin other than the creator, an admin since before it was created, not appointed by
// the creator). The ADMIN_TOKEN and the CLI are the break-glass path, as for jackpots: a campaign
// they create is approved at once. Every change is in the audit trail.
import { errors } from '../domain/errors.ts';
import { type Actor, actorLabel } from '../domain/staff.ts';
import type { StaffRepo } from '../store/staff.repo.ts';
import { approverProblem } from './approvals.ts';
import type { AuditService } from './audit.ts';
import type { CampaignService, CampaignView } from './campaigns.ts';

/** Who approves what the break-glass path creates (the campaign's own rule wants a second name). */
export const BREAK_GLASS_APPROVER = 'token:break-glass';

export interface CampaignAdminService {
  /** A staff session's campaign waits for a second admin; the token's and the CLI's is approved at once. */
  create(actor: Actor, body: unknown): Promise<CampaignView>;
  /** A second admin approves a pending campaign: its drop schedule is committed, it is scheduled. */
  approve(actor: Actor, campaignId: string): Promise<CampaignView>;
  /** Stops a campaign that is not frozen: nothing more scores, no prize is awarded. */
  cancel(actor: Actor, campaignId: string): Promise<CampaignView>;
}

export function createCampaignAdminService(deps: {
  campaigns: CampaignService;
  staff: StaffRepo;
  audit: AuditService;
}): CampaignAdminService {
  const { campaigns, audit } = deps;

  /** The creator's staff id when a staff member created it (approverProblem compares ids). */
  async function creatorId(createdBy: string): Promise<string> {
    if (!createdBy.startsWith('staff:')) return createdBy;
    return (await deps.staff.findByEmail(createdBy.slice('staff:'.length)))?.id ?? createdBy;
  }

  return {
    async create(actor, body) {
      const created = await campaigns.create(body, actorLabel(actor));
      await audit.record(actor, 'campaign.create', 'campaign', created.campaign_id, null, created);
      if (actor.kind === 'staff') return created;
      const approved = await campaigns.approve(created.campaign_id, BREAK_GLASS_APPROVER);
      await audit.record(
        actor,
        'campaign.approve',
        'campaign',
        created.campaign_id,
        { status: created.status },
        approved,
      );
      return approved;
    },

    async approve(actor, campaignId) {
      if (actor.kind !== 'staff')
        throw errors.forbidden(
          'a campaign is approved by an admin signed in as themselves; the ADMIN_TOKEN and the CLI create campaigns approved at once',
        );
      const campaign = await campaigns.get(campaignId);
      if (campaign.status !== 'pending')
        throw errors.conflict(`campaign ${campaignId} is ${campaign.status}, not waiting for approval`);
      const problem = approverProblem(await deps.staff.find(actor.staffId), {
        requested_by: await creatorId(campaign.created_by),
        requested_at: new Date(campaign.created_at),
      });
      if (problem) throw errors.forbidden(problem);
      const approved = await campaigns.approve(campaignId, actorLabel(actor));
      await audit.record(actor, 'campaign.approve', 'campaign', campaignId, { status: 'pending' }, approved);
      return approved;
    },

    async cancel(actor, campaignId) {
      const before = await campaigns.get(campaignId);
      const cancelled = await campaigns.cancel(campaignId, actorLabel(actor));
      await audit.record(
        actor,
        'campaign.cancel',
        'campaign',
        campaignId,
        { status: before.status },
        cancelled,
      );
      return cancelled;
    },
  };
}
