-- The spin path's single-column checks become domains (issue 27's PostgreSQL CPU a round, measured).
-- A table's CHECK constraints are read from the catalogue's text form (stringToNode) and planned
-- again at every execution of an INSERT or UPDATE of the table, all of them, whatever columns the
-- statement writes: 16 KB of node text a round across rounds, wallet_transactions, game_sessions and
-- wallet_balances, which a `perf record --call-graph dwarf` of the benchmark's backends found at 13 %
-- of their CPU (ExecConstraints, of which stringToNode 8 %). A domain's check is read once per
-- connection (the type cache) and applied only to a value the statement writes into the column. Same
-- rules, same sqlstate on a violation (23514, check_violation), the domain named in the message.
--
-- No table is rewritten: each column is first moved to a domain without a check (binary coercible,
-- no rewrite), then the domain gets its check, which validates the rows in place. The triggers whose
-- definitions name a retyped column are dropped and made again as they were. rounds' two-column
-- check (open while not done) stays a table check.

create domain rf_wallet_mode as text;
create domain rf_round_status as text;
create domain rf_round_stage as text;
create domain rf_round_kind as text;
create domain rf_round_mode as text;
create domain rf_transaction_type as text;
create domain rf_transaction_status as text;
create domain rf_play_mode as text;
create domain rf_age_band as text;
create domain rf_jackpot_entry_kind as text;
create domain rf_sha256_hex as text;
create domain rf_amount as bigint;
create domain rf_positive_bigint as bigint;
create domain rf_positive_integer as integer;

drop trigger rounds_cancelled_net on rounds;
drop trigger wallet_transactions_scrub_token on wallet_transactions;

alter table rounds
  drop constraint rounds_wallet_mode_check,
  drop constraint rounds_status_check,
  drop constraint rounds_stage_check,
  drop constraint rounds_kind_check,
  drop constraint rounds_mode_check,
  drop constraint rounds_stake_check,
  drop constraint rounds_win_check,
  drop constraint rounds_certificate_hash_check,
  alter column wallet_mode type rf_wallet_mode,
  alter column status type rf_round_status,
  alter column stage type rf_round_stage,
  alter column kind type rf_round_kind,
  alter column mode type rf_round_mode,
  alter column stake type rf_amount,
  alter column win type rf_amount,
  alter column certificate_hash type rf_sha256_hex;

alter table wallet_transactions
  drop constraint wallet_transactions_wallet_mode_check,
  drop constraint wallet_transactions_type_check,
  drop constraint wallet_transactions_status_check,
  drop constraint wallet_transactions_amount_check,
  alter column wallet_mode type rf_wallet_mode,
  alter column type type rf_transaction_type,
  alter column status type rf_transaction_status,
  alter column amount type rf_amount;

alter table wallet_balances
  drop constraint wallet_balances_balance_check,
  alter column balance type rf_amount;

alter table game_sessions
  drop constraint game_sessions_play_mode_check,
  drop constraint game_sessions_player_age_band_check,
  drop constraint game_sessions_default_bet_check,
  drop constraint game_sessions_reality_check_interval_check,
  drop constraint game_sessions_time_limit_seconds_check,
  drop constraint game_sessions_loss_limit_check,
  alter column play_mode type rf_play_mode,
  alter column player_age_band type rf_age_band,
  alter column default_bet type rf_positive_bigint,
  alter column reality_check_interval type rf_positive_integer,
  alter column time_limit_seconds type rf_positive_integer,
  alter column loss_limit type rf_positive_bigint;

alter table jackpot_pending
  drop constraint jackpot_pending_kind_check,
  alter column kind type rf_jackpot_entry_kind;

-- The checks, each validating the rows that hold the domain.
alter domain rf_wallet_mode add constraint rf_wallet_mode_check check (value in ('internal', 'callback'));
alter domain rf_round_status add constraint rf_round_status_check check (value in ('open', 'settled', 'cancelled'));
alter domain rf_round_stage add constraint rf_round_stage_check check (value in ('debit', 'credit', 'rollback', 'done'));
alter domain rf_round_kind add constraint rf_round_kind_check check (value in ('base', 'free_spin', 'buy'));
alter domain rf_round_mode add constraint rf_round_mode_check check (value in ('base', 'special', 'buy'));
alter domain rf_transaction_type add constraint rf_transaction_type_check
  check (value in ('debit', 'credit', 'rollback'));
alter domain rf_transaction_status add constraint rf_transaction_status_check
  check (value in ('pending', 'acknowledged', 'rejected', 'unknown', 'failed', 'resolved'));
alter domain rf_play_mode add constraint rf_play_mode_check check (value in ('real', 'demo'));
alter domain rf_age_band add constraint rf_age_band_check check (value in ('18-24', '25+'));
alter domain rf_jackpot_entry_kind add constraint rf_jackpot_entry_kind_check
  check (value in ('contribution', 'contributions', 'win', 'seed', 'void', 'parameters'));
alter domain rf_sha256_hex add constraint rf_sha256_hex_check check (value ~ '^[0-9a-f]{64}$');
alter domain rf_amount add constraint rf_amount_check check (value >= 0);
alter domain rf_positive_bigint add constraint rf_positive_bigint_check check (value > 0);
alter domain rf_positive_integer add constraint rf_positive_integer_check check (value > 0);

create trigger rounds_cancelled_net after update of status on rounds
  for each row when (new.status = 'cancelled' and old.status is distinct from 'cancelled')
  execute function rf_round_cancelled_net();
create trigger wallet_transactions_scrub_token before update of status on wallet_transactions
  for each row when (old.status in ('pending', 'failed') and new.status not in ('pending', 'failed') and new.body is not null)
  execute function rf_scrub_decided_token();
