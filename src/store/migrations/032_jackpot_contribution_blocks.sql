-- Issue 28, the "no hot row" goal: a fed spin wrote a ledger entry of its own (a pending row, then
-- the sealer's ledger row and the pending row's delete), the largest part of what a jackpot added to
-- a spin (bench/ANALYSIS.md). The rounds of one statement (rf_play_internal_rounds, rf_callback_steps'
-- openings) now enter a pool's ledger together, as one 'contributions' entry that lists each round's
-- shares (rf_jackpot_add); the 'contribution' entries of earlier rounds stay as they are. `round_ids`
-- names the rounds of a 'contributions' entry, so that a round's proof, its void and the operators'
-- reports find it: indexed in the ledger; the pending rows, drained every second and written on the
-- spin path, are read without an index.
alter table jackpot_pending drop constraint jackpot_pending_kind_check;
alter table jackpot_pending add constraint jackpot_pending_kind_check
  check (kind in ('contribution', 'contributions', 'win', 'seed', 'void', 'parameters'));
alter table jackpot_pending add column round_ids text[];
alter table jackpot_ledger add column round_ids text[];
create index jackpot_ledger_round_ids_idx on jackpot_ledger using gin (round_ids) where round_ids is not null;

-- The functions whose signatures change (functions/*.sql makes the new ones): a round's claims now
-- count its statement's shares (rf_jackpot_feed), and an internal round no longer answers jackpot
-- wins of its own (its batch's statement does). The shard rows are no longer locked at a statement's
-- start: they are its last row locks (rf_jackpot_add).
drop function if exists rf_jackpot_feed(jsonb, timestamptz);
drop function if exists rf_jackpot_lock_shards(jsonb);
drop function if exists rf_play_internal_round(jsonb, bytea, timestamptz, bigint, timestamptz, text, text, text, bigint);
