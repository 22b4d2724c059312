-- Issue 27: every database function now lives in src/store/functions/, one file per function with
-- its current body, applied by migrate.ts after the numbered migrations, on every start. The
-- migrations before this one still create the bodies of their day (so they run on a fresh database
-- as they always did); the folder's bodies then replace them.
--
-- The functions that were wrappers or copies collapse, and these names go:
--   rf_open_callback_round_unguarded (016, 019): rf_open_callback_round checks the session itself;
--   rf_open_callback_free_round (008), rf_play_internal_free_round (008): rf_open_callback_round and
--     rf_play_internal_round take the grant's share when the round names a grant;
--   rf_open_callback_rounds, rf_record_debits (015), rf_record_deliveries (017): the batch is
--     rf_callback_steps('open' | 'debit' | 'delivery', …), which now answers a settled credit too.
-- A node still on the code before this release calls names that are gone: nodes are replaced, not
-- mixed across it. Between this migration's commit and the folder's (moments later, at the same
-- start) an opening fails for want of rf_open_callback_round_unguarded; no old node should run then.
drop function rf_open_callback_round_unguarded(jsonb, bigint, timestamptz, jsonb, double precision);
drop function rf_open_callback_free_round(jsonb, bigint, timestamptz, jsonb, double precision, boolean);
drop function rf_play_internal_free_round(jsonb, bytea, timestamptz, bigint, timestamptz, text, text, bigint,
  boolean);
drop function rf_open_callback_rounds(jsonb);
drop function rf_record_debits(jsonb);
drop function rf_record_deliveries(jsonb);
