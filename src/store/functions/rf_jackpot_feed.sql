-- A round's jackpot claims (issue 28), inside its statement: any tier of any pool it feeds that it
-- triggers, so a win is as durable as the round that won it. Called by rf_play_internal_rounds and
-- rf_callback_steps ('open') for a round that may win (rf_jackpot_candidates; after a win in the same
-- statement, rf_jackpot_may_win), after the round itself is written; its share, with those of the statement's other rounds, is added at the statement's end
-- (rf_jackpot_add), so p_shares holds the statement's rounds whose shares are not in the shard rows
-- yet (this round's among them; each round's "jackpot"): the meter a claim sees counts them.
--
-- Only a trigger touches the tier row, with SKIP LOCKED: if another round is claiming the same cycle
-- at this moment, or has claimed it since this round read it, this round's trigger is void (the rule
-- the rules screen states). Exactly one round wins a cycle, held by the tier row's cycle number and by
-- jackpot_wins' unique (tier_id, cycle).
--
-- The winner takes the meter as this statement sees it: the shard rows' sums (16 rows a pool, one a
-- database process; a tier is one element of each row's arrays) and the shares of the statement's
-- rounds up to it; contributions of rounds after it, and of statements that commit after it, count
-- towards the next cycle. It is paid in whole minor units of the round's currency; the fine units
-- below that stay in the pool. The next cycle starts at the tier's seed, taken from the reserve as far
-- as it goes and funded by the house for the rest, each entered in the ledger. The ids of a win and
-- its credit follow from the round and the tier (the same if written again).
--
-- p_round -> 'jackpot': [{ "pool_id", "num", "den", "tiers": [{ "tier_id", "position", "meter",
--   "reserve", "dust", "hit" (progressive: the certified draw's answer), "check" (must-drop: within
--   reach by the node's last read of the pool; outside it the tier is not read), "next" }] }]; the
--   claim reads its flags, rate and next point here and the shares from p_shares (the rounds'
--   "jackpot", the same shares rf_jackpot_add adds).
-- Answers the wins: [{ "win_id", "tx_id", "tier_id", "tier", "pool_id", "amount" }] (amount in the
-- round's minor units).
create or replace function rf_jackpot_feed(p_round jsonb, p_now timestamptz, p_shares jsonb[])
returns jsonb
language plpgsql as $$
declare
  v_now_ms numeric := (extract(epoch from p_now) * 1000)::numeric;
  v_pool jsonb;
  v_pool_id text;
  v_tier jsonb;
  v_added bigint[];
  v_added_reserve bigint[];
  v_hits integer[];
  v_totals numeric[];
  v_reserves numeric[];
  v_pos integer;
  t jackpot_tiers%rowtype;
  v_meter numeric;
  v_reserve numeric;
  v_per_unit numeric;
  v_paid numeric;
  v_consumed numeric;
  v_seed numeric;
  v_from_reserve numeric;
  v_win_id text;
  v_tx_id text;
  v_tier_feed jsonb;
  v_next_at numeric;
  v_next_salt text;
  v_next_commit text;
  v_wins jsonb := '[]'::jsonb;
begin
  for v_pool in select value from jsonb_array_elements(coalesce(p_round -> 'jackpot', '[]'::jsonb)) loop
    v_pool_id := v_pool ->> 'pool_id';
    v_hits := '{}';
    v_totals := null;
    for v_tier in select value from jsonb_array_elements(v_pool -> 'tiers') loop
      if (v_tier ->> 'hit')::boolean or (v_tier ->> 'check')::boolean then
        v_hits := v_hits || ((v_tier ->> 'position')::integer + 1);
      end if;
    end loop;
    -- The tiers this round could win, none read unless one could: a progressive one its draw hit, a
    -- must-drop one the spin path found within reach (its "check"), with its point drawn (by time:
    -- reached), in position order.
    continue when cardinality(v_hits) = 0;
    -- The statement's shares not yet in the shard rows (this round's among them), per tier.
    select s.meter, s.reserve into v_added, v_added_reserve from rf_jackpot_shares_sum(p_shares, v_pool_id) s;
    for t in
      select * from jackpot_tiers tr where tr.pool_id = v_pool_id and tr.position + 1 = any(v_hits) and (
          tr.kind = 'progressive'
          or (tr.kind = 'must_drop_time' and tr.drop_at <= v_now_ms)
          or (tr.kind = 'must_drop_value' and tr.drop_at is not null))
        order by tr.position
    loop
      v_pos := t.position + 1;
      select x into v_tier_feed from jsonb_array_elements(v_pool -> 'tiers') x where x ->> 'tier_id' = t.id;
      if t.kind = 'must_drop_value' then
        if v_totals is null then
          select array[sum(m.meter_fine[1]), sum(m.meter_fine[2]), sum(m.meter_fine[3]), sum(m.meter_fine[4]),
              sum(m.meter_fine[5]), sum(m.meter_fine[6]), sum(m.meter_fine[7]), sum(m.meter_fine[8])]
            into v_totals from jackpot_meter_shards m where m.pool_id = v_pool_id;
        end if;
        continue when t.seeded_fine - t.won_fine + coalesce(v_totals[v_pos], 0) + v_added[v_pos] < t.drop_at;
      end if;

      -- The claim: the tier row as it is now, unless another round holds it.
      select * into t from jackpot_tiers where id = t.id and cycle = t.cycle for update skip locked;
      continue when not found;
      select t.seeded_fine - t.won_fine + coalesce(sum(m.meter_fine[v_pos]), 0) + v_added[v_pos],
          coalesce(sum(m.reserve_fine[v_pos]), 0) + v_added_reserve[v_pos] - t.reserve_used_fine
        into v_meter, v_reserve
        from jackpot_meter_shards m where m.pool_id = v_pool_id;
      -- A must-drop value tier is re-checked on the row it now holds.
      continue when t.kind = 'must_drop_value' and (t.drop_at is null or v_meter < t.drop_at);
      v_per_unit := (v_pool ->> 'num')::numeric * 1000000;
      -- div(): exact integer division (numeric "/" rounds to its display scale); a meter a void left
      -- below zero pays nothing
      v_paid := greatest(0, div(v_meter * (v_pool ->> 'den')::numeric, v_per_unit));
      v_consumed := -div(-(v_paid * v_per_unit), (v_pool ->> 'den')::numeric);
      v_seed := t.seed::numeric * 1000000;
      v_from_reserve := least(greatest(v_reserve, 0), v_seed);
      v_win_id := 'jpw_' || left(encode(sha256(convert_to(p_round ->> 'id' || '/' || t.id, 'UTF8')), 'hex'), 24);
      v_tx_id := 'tx_' || left(encode(sha256(convert_to(p_round ->> 'id' || '/jackpot/' || t.id, 'UTF8')), 'hex'), 24);

      -- The next cycle's point: the one drawn ahead, or else (a must-drop-by-time tier always) the one
      -- this spin brought, committed here, before any spin of that cycle, and published in the ledger.
      v_next_at := t.next_drop_at;
      v_next_salt := t.next_drop_salt;
      v_next_commit := t.next_drop_commit;
      if v_next_at is null and t.kind <> 'progressive' and jsonb_typeof(v_tier_feed -> 'next') = 'object' then
        v_next_at := (v_tier_feed -> 'next' ->> 'at')::numeric;
        v_next_salt := v_tier_feed -> 'next' ->> 'salt';
        v_next_commit := encode(sha256(convert_to('reelforge-jackpot-drop:v1|' || t.id || '|' || (t.cycle + 1)
          || '|' || v_next_at || '|' || v_next_salt, 'UTF8')), 'hex');
        insert into jackpot_pending (pool_id, kind, body_text, created_at) values (t.pool_id, 'parameters',
          jsonb_build_object('commitment', jsonb_build_object('tier_id', t.id, 'tier', t.name,
            'cycle', (t.cycle + 1)::text, 'commit', v_next_commit)), p_now);
      end if;
      update jackpot_tiers set cycle = t.cycle + 1, cycle_started_at = p_now,
          won_fine = t.won_fine + v_consumed, seeded_fine = t.seeded_fine + v_seed,
          reserve_used_fine = t.reserve_used_fine + v_from_reserve, hits = t.hits + 1,
          drop_at = v_next_at, drop_salt = v_next_salt, drop_commit = v_next_commit,
          next_drop_at = null, next_drop_salt = null, next_drop_commit = null
        where id = t.id;
      insert into jackpot_wins (id, tier_id, pool_id, cycle, round_id, operator_id, player_id, currency,
          meter_fine, consumed_fine, amount, seed_fine, seed_from_reserve_fine, drop_at, drop_salt, drop_commit,
          transaction_id, created_at)
        values (v_win_id, t.id, t.pool_id, t.cycle, p_round ->> 'id', p_round ->> 'operator_id',
          p_round ->> 'player_id', p_round ->> 'currency', v_meter, v_consumed, v_paid::bigint, v_seed,
          v_from_reserve, t.drop_at, t.drop_salt, t.drop_commit, v_tx_id, p_now);
      insert into jackpot_pending (pool_id, kind, round_id, body_text, created_at) values
        (t.pool_id, 'win', p_round ->> 'id', jsonb_build_object('win_id', v_win_id,
          'tier_id', t.id, 'tier', t.name, 'cycle', t.cycle, 'meter', v_meter::text,
          'consumed', v_consumed::text, 'amount', v_paid::text, 'currency', p_round ->> 'currency',
          'operator_id', p_round ->> 'operator_id', 'drop_at', t.drop_at::text, 'drop_salt', t.drop_salt,
          'drop_commit', t.drop_commit), p_now),
        (t.pool_id, 'seed', null, jsonb_build_object('tier_id', t.id, 'tier', t.name, 'cycle', t.cycle + 1,
          'seed', v_seed::text, 'from_reserve', v_from_reserve::text, 'from_house', (v_seed - v_from_reserve)::text,
          'drop_commit', v_next_commit), p_now);
      v_wins := v_wins || jsonb_build_object('win_id', v_win_id, 'tx_id', v_tx_id,
        'tier_id', t.id, 'tier', t.name, 'pool_id', t.pool_id, 'amount', v_paid::bigint);
      -- the pool's sums moved for this tier only; another must-drop tier reads its own from v_totals
    end loop;
  end loop;
  return v_wins;
end;
$$;
