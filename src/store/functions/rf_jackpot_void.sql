-- A round that did not go ahead gives back what it fed the jackpots (issue 28): its debit was
-- rejected or failed (rf_record_debit), so its stake was never taken. Its contribution comes off the
-- meters (a shard row of the pool takes them off, after the tier rows), a win it claimed is void: its
-- amount goes back into the tier's meter and the seed it started comes off (with the reserve's part
-- of it), so the meter is as if it had not been won, though the won cycle stays closed (its drop
-- point revealed); a 'void' entry says so in the pool's ledger. Idempotent: a round is
-- voided once (its wins' status, and the void entry's existence, are the marks).
create or replace function rf_jackpot_void(p_round_id text, p_now timestamptz) returns void
language plpgsql
-- JIT off: see rf_play_internal_rounds.sql
set jit = off as $$
declare
  v_entry record;
  v_share jsonb;
  v_pos integer;
  v_m bigint[];
  v_r bigint[];
  v_win record;
  v_wins jsonb;
begin
  -- The round's shares: its own 'contribution' entry, or its part of a 'contributions' entry of the
  -- statement that opened it (rf_jackpot_add), sealed or still pending.
  for v_entry in
    select p.pool_id, p.body_text::jsonb as body from jackpot_pending p where p.round_id = p_round_id and p.kind = 'contribution'
    union all
    select l.pool_id, l.body::jsonb from jackpot_ledger l where l.round_id = p_round_id and l.kind = 'contribution'
    union all
    select p.pool_id, e.value from jackpot_pending p, jsonb_array_elements(p.body_text::jsonb -> 'rounds') e
      where p.kind = 'contributions' and p_round_id = any(p.round_ids) and e.value ->> 'round_id' = p_round_id
    union all
    select l.pool_id, e.value from jackpot_ledger l, jsonb_array_elements(l.body::jsonb -> 'rounds') e
      where l.kind = 'contributions' and l.round_ids @> array[p_round_id] and e.value ->> 'round_id' = p_round_id
    -- pools in one order, as rf_jackpot_add updates them
    order by 1
  loop
    if exists (select 1 from jackpot_pending p where p.round_id = p_round_id and p.kind = 'void' and p.pool_id = v_entry.pool_id)
      or exists (select 1 from jackpot_ledger l where l.round_id = p_round_id and l.kind = 'void' and l.pool_id = v_entry.pool_id) then
      continue;
    end if;
    v_wins := '[]'::jsonb;
    for v_win in
      update jackpot_wins w set status = 'void'
        where w.round_id = p_round_id and w.pool_id = v_entry.pool_id and w.status = 'won'
        returning w.id, w.tier_id, w.consumed_fine, w.seed_fine, w.seed_from_reserve_fine
    loop
      -- The win gives back what it took and the seed it started (and the reserve's part of it): the
      -- meter is as if the win had not been, though its cycle stays closed.
      update jackpot_tiers set won_fine = won_fine - v_win.consumed_fine, seeded_fine = seeded_fine - v_win.seed_fine,
          reserve_used_fine = reserve_used_fine - v_win.seed_from_reserve_fine
        where id = v_win.tier_id;
      v_wins := v_wins || jsonb_build_object('win_id', v_win.id, 'tier_id', v_win.tier_id,
        'consumed', v_win.consumed_fine::text, 'seed', v_win.seed_fine::text,
        'seed_from_reserve', v_win.seed_from_reserve_fine::text);
    end loop;
    -- The same shares, taken off a shard row of the pool (element = position + 1), the last row this
    -- pool's part locks (rf_jackpot_shard_add).
    v_m := '{0,0,0,0,0,0,0,0}';
    v_r := '{0,0,0,0,0,0,0,0}';
    for v_share in select value from jsonb_array_elements(v_entry.body -> 'tiers') loop
      v_pos := (v_share ->> 'position')::integer + 1;
      if v_pos is null then
        select tr.position + 1 into v_pos from jackpot_tiers tr where tr.id = v_share ->> 'tier_id';
      end if;
      v_m[v_pos] := -(v_share ->> 'meter')::bigint;
      v_r[v_pos] := -(v_share ->> 'reserve')::bigint;
    end loop;
    perform rf_jackpot_shard_add(v_entry.pool_id, v_m, v_r);
    insert into jackpot_pending (pool_id, kind, round_id, body_text, created_at)
      values (v_entry.pool_id, 'void', p_round_id, jsonb_build_object('round_id', p_round_id,
        'tiers', (select jsonb_agg(jsonb_build_object('tier_id', x ->> 'tier_id',
          'meter', (-(x ->> 'meter')::numeric)::text, 'reserve', (-(x ->> 'reserve')::numeric)::text))
          from jsonb_array_elements(v_entry.body -> 'tiers') x),
        'wins', v_wins), p_now);
  end loop;
end;
$$;
