-- Issue 29: every attempt to deliver a campaign prize (a promo_win credit to the operator's wallet,
-- the internal wallet's credit, or a free-rounds grant), as wallet_attempts records a round's:
-- what was sent when, how it ended, and the start of the answer for staff.
create table campaign_prize_attempts (
  id bigint generated always as identity primary key,
  prize_id text not null references campaign_prizes (id),
  request_id text not null,
  started_at timestamptz not null,
  latency_ms integer not null,
  http_status integer,
  result text not null check (result in ('acknowledged', 'rejected', 'failed')),
  error text,
  response_body text
);
create index campaign_prize_attempts_prize_idx on campaign_prize_attempts (prize_id, id);
-- Reports read an operator's prizes won in a range of days (created_at), as they read transactions.
create index campaign_prizes_report_idx on campaign_prizes (operator_id, created_at);

-- The end of the lease of an attempt under way (null between attempts): staff neither resolve nor
-- send again a prize the wallet may be paying this moment.
alter table campaign_prizes add column leased_until timestamptz;
