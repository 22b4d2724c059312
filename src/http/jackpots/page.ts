// The public page of a jackpot pool (GET /jackpots/{id}): what it holds, how each tier is won, the
// commitments of the hidden drop points, the wins with their revealed points, and the result of the
// same check anyone can run on the JSON record (/api/public/v1/jackpots/{id}; docs/jackpots.md).
import type { PoolCheck } from '../../domain/jackpot-audit.ts';
import { FINE_PER_MINOR } from '../../domain/jackpots.ts';
import { formatAmount } from '../../money.ts';
import { escapeHtml } from '../gs2c/client-dist.ts';

export interface PublicRecord {
  pool: { id: string; name: string; scope: string; currency: string; status: string; created_at: string };
  tiers: Array<{
    tier_id: string;
    name: string;
    kind: string;
    seed: string;
    contribution_ppm: string;
    reserve_ppm: string;
    ceiling: string | null;
    odds_stake: string | null;
    deadline_minute: number | null;
    cycle: string;
    hits: string;
    meter: string;
    reserve: string;
    drop_commit: string | null;
    next_drop_commit: string | null;
  }>;
  pending: number;
  ledger: Array<{ seq: string; kind: string; round_id: string | null; body: string; hash: string }>;
  blocks: Array<{ block: string; merkle_root: string; last_seq: string; sealed_at: string }>;
  wins: Array<{
    at: string;
    tier: string;
    cycle: string;
    amount: string;
    currency: string;
    status: string;
    drop_at: string | null;
    drop_salt: string | null;
    drop_commit: string | null;
  }>;
  /** null: the ledger is longer than the server checks whole; the reader checks its pages. */
  check: PoolCheck | null;
}

const KIND_TEXT: Record<string, string> = {
  progressive: 'Progressive: any paid spin can win it; the chance grows with the stake',
  must_drop_value:
    'Must drop: falls before it reaches its ceiling, at a point drawn and committed when the cycle starts',
  must_drop_time:
    'Must drop by time: falls before its daily deadline, at a moment drawn and committed when the cycle starts',
};

const percent = (ppm: string) =>
  `${(Number(ppm) / 10_000).toLocaleString('en', { maximumFractionDigits: 4 })} %`;

function money(fine: string, currency: string): string {
  return `${formatAmount(BigInt(fine) / FINE_PER_MINOR, currency)} ${currency}`;
}

export function jackpotPage(record: PublicRecord): string {
  const { pool, check } = record;
  const currency = pool.currency;
  const tiers = record.tiers
    .map(
      (tier) => `<section class="tier">
  <h2>${escapeHtml(tier.name)}</h2>
  <p class="value">${escapeHtml(money(tier.meter, currency))}</p>
  <p>${escapeHtml(KIND_TEXT[tier.kind] ?? tier.kind)}.</p>
  <dl>
    <dt>Seed</dt><dd>${escapeHtml(formatAmount(BigInt(tier.seed), currency))} ${currency}</dd>
    ${tier.ceiling ? `<dt>Ceiling</dt><dd>${escapeHtml(formatAmount(BigInt(tier.ceiling), currency))} ${currency}</dd>` : ''}
    <dt>From each stake</dt><dd>${percent(tier.contribution_ppm)} to this meter, ${percent(tier.reserve_ppm)} to the next seeds</dd>
    ${tier.odds_stake ? `<dt>Chance</dt><dd>one win expected per ${escapeHtml(formatAmount(BigInt(tier.odds_stake), currency))} ${currency} staked</dd>` : ''}
    ${tier.deadline_minute !== null ? `<dt>Deadline</dt><dd>${String(Math.floor(tier.deadline_minute / 60)).padStart(2, '0')}:${String(tier.deadline_minute % 60).padStart(2, '0')} UTC daily</dd>` : ''}
    <dt>Cycle</dt><dd>${escapeHtml(tier.cycle)} (won ${escapeHtml(tier.hits)} times)</dd>
    ${tier.drop_commit ? `<dt>This cycle's drop point, committed</dt><dd><code>${escapeHtml(tier.drop_commit)}</code></dd>` : ''}
    ${tier.next_drop_commit ? `<dt>Next cycle's, committed</dt><dd><code>${escapeHtml(tier.next_drop_commit)}</code></dd>` : ''}
  </dl>
</section>`,
    )
    .join('\n');
  const wins = record.wins
    .map((win) => {
      const reveal = win.drop_commit
        ? `point ${escapeHtml(String(win.drop_at))}, salt <code>${escapeHtml(String(win.drop_salt))}</code>`
        : 'random trigger';
      return `<tr><td>${escapeHtml(win.at)}</td><td>${escapeHtml(win.tier)} (cycle ${escapeHtml(win.cycle)})</td><td>${escapeHtml(win.amount)} ${escapeHtml(win.currency)}${win.status === 'void' ? ' (void)' : ''}</td><td>${reveal}</td></tr>`;
    })
    .join('\n');
  const verdict =
    check === null
      ? '<p>The ledger is longer than this page checks: check it from its pages, as below.</p>'
      : check.problems.length === 0
        ? `<p class="ok">✓ The ledger checks out: ${check.entriesChecked} entries chained, ${check.blocksChecked} blocks' Merkle roots, ${check.dropsChecked} drops against their commitments${record.pending === 0 ? ', and every meter equals seeds + contributions − wins' : ` (${record.pending} entries wait to be sealed, within a second; the meters are compared when none wait)`}.</p>`
        : `<p class="bad">✗ ${check.problems.map(escapeHtml).join('<br>')}</p>`;
  const lastBlock = record.blocks.at(-1);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(pool.name)} · jackpot record</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#0f1420;color:#e8ecf4}
main{max-width:920px;margin:0 auto;padding:24px}
h1{margin:0 0 4px;font-size:28px}.sub{color:#9aa6bd;margin:0 0 24px}
.tiers{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:16px}
.tier{background:#182033;border:1px solid #2a3550;border-radius:12px;padding:16px}
.tier h2{margin:0;text-transform:uppercase;letter-spacing:.08em;font-size:15px;color:#f3c969}
.value{font-size:30px;font-weight:700;margin:4px 0 8px;font-variant-numeric:tabular-nums}
dl{display:grid;grid-template-columns:8.5em minmax(0,1fr);gap:4px 12px;font-size:14px;margin:8px 0 0}dt{color:#9aa6bd}dd{margin:0;overflow-wrap:anywhere}
dd code{word-break:break-all}
code{font-size:12px}.ok{color:#7fe0a0}.bad{color:#ff8a8a}
table{width:100%;border-collapse:collapse;font-size:14px}td,th{text-align:left;padding:6px;border-bottom:1px solid #2a3550}
a{color:#8cb8ff}
</style></head>
<body><main>
<h1>${escapeHtml(pool.name)}</h1>
<p class="sub">Jackpot pool <code>${escapeHtml(pool.id)}</code> · ${escapeHtml(pool.scope)} pool in ${escapeHtml(currency)} · ${escapeHtml(pool.status)}</p>
<div class="tiers">${tiers}</div>
<h2>Check</h2>
${verdict}
<p>Every contribution, seed, win and commitment is in an append-only ledger (the contributions of the rounds written together share one entry, each round listed with its shares): each entry's hash is SHA-256 over the previous hash, a newline and <code>pool|seq|body</code>; each second's entries form a block whose Merkle root is published. ${lastBlock ? `Latest block ${escapeHtml(lastBlock.block)}, root <code>${escapeHtml(lastBlock.merkle_root)}</code>, sealed ${escapeHtml(lastBlock.sealed_at)}.` : ''}</p>
<p>A must-drop point is published as <code>sha256("reelforge-jackpot-drop:v1|tier|cycle|point|salt")</code> before its cycle can fall, and revealed with the win. Check it yourself from the <a href="/api/public/v1/jackpots/${escapeHtml(pool.id)}">full record (JSON)</a>, as <a href="/docs/jackpots.md">docs/jackpots.md</a> shows.</p>
<h2>Recent wins</h2>
${wins ? `<table><thead><tr><th>When</th><th>Tier</th><th>Paid</th><th>Drop point revealed</th></tr></thead><tbody>${wins}</tbody></table>` : '<p>No wins yet.</p>'}
</main></body></html>`;
}
