-- Issue 28, the "no hot row" goal, continued: a statement's jackpot shares arrive summed. The node
-- that sends a statement's rounds also sends, for each pool they feed, the sums of their shares per
-- tier and the text of the pool's 'contributions' entry (rf_jackpot_add), where the statement grouped,
-- summed and built them from every round's "jackpot_entries" (bench/ANALYSIS.md). The pending entry
-- is kept as that text, as the ledger keeps it: the statement no longer parses it into jsonb, nor the
-- sealer serialises it back; the few readers of a pending body (a round's void, the reports, the
-- commitments of parameter changes) read it as jsonb. The column is renamed as well as retyped, so
-- that a node of the version before, during a rolling upgrade, cannot read a text where it expects an
-- object: its sealer would chain the text's characters as fields into the append-only ledger. Its
-- reads and writes of pending entries fail instead (logged, and the new nodes' sealers seal).
alter table jackpot_pending rename column body to body_text;
alter table jackpot_pending alter column body_text type text using body_text::text;

-- The functions whose signatures change (functions/*.sql makes the new ones): the batch statements
-- take the node's pools as a second argument (absent, from a node of the version before, they are
-- made in the statement), and rf_jackpot_add writes them.
drop function if exists rf_play_internal_rounds(jsonb);
drop function if exists rf_callback_steps(text, jsonb);
drop function if exists rf_jackpot_add(jsonb[]);
