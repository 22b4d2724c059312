-- Takes a round's share of a grant, under the grant's row lock, so that two tabs or two nodes
-- cannot play the same round of a grant: a new free round takes one round (if one is left, the
-- campaign is live, the grant not cancelled and not at its campaign's cap); a feature spin of a
-- free round takes none. Both add their win, never past the cap. The round that plays the last
-- round, or pays up to the cap, ends the grant (completed, end_reason rounds_played or
-- max_win_reached). Sets the session's feature grant from the free spins left after the round.
-- Every refusal comes before any write. Answers ok | not_found | cancelled | max_win_reached |
-- used_up | expired | not_started | over_cap.
create or replace function rf_claim_free_round(
  p_grant text,
  p_session text,
  p_new_round boolean,
  p_win bigint,
  p_now timestamptz,
  p_feature_left integer
) returns text
language plpgsql as $$
#variable_conflict use_column
declare
  v_grant free_round_grants%rowtype;
  v_campaign free_round_campaigns%rowtype;
  v_played integer;
  v_win bigint;
  v_reason text;
begin
  select * into v_grant from free_round_grants g where g.id = p_grant for update;
  if not found then return 'not_found'; end if;
  select * into v_campaign from free_round_campaigns c where c.id = v_grant.campaign_id;
  if p_new_round then
    if v_campaign.status = 'cancelled' or v_grant.status = 'cancelled' then return 'cancelled'; end if;
    if v_campaign.max_win is not null and v_grant.win >= v_campaign.max_win then
      return 'max_win_reached';
    end if;
    if v_grant.rounds_played >= v_grant.rounds_total then return 'used_up'; end if;
    if p_now >= v_campaign.expires_at then return 'expired'; end if;
    if p_now < v_campaign.valid_from then return 'not_started'; end if;
  end if;
  if v_campaign.max_win is not null and v_grant.win + p_win > v_campaign.max_win then
    return 'over_cap';
  end if;
  v_played := v_grant.rounds_played + case when p_new_round then 1 else 0 end;
  v_win := v_grant.win + p_win;
  v_reason := case
    when v_grant.status = 'completed' then v_grant.end_reason
    when v_campaign.max_win is not null and v_win >= v_campaign.max_win then 'max_win_reached'
    when v_played >= v_grant.rounds_total then 'rounds_played'
  end;
  update free_round_grants g set
      rounds_played = v_played,
      win = v_win,
      status = case when v_reason is not null and g.status <> 'cancelled' then 'completed' else g.status end,
      end_reason = case when g.status <> 'cancelled' then v_reason else g.end_reason end,
      finished_at = case when v_reason is not null then coalesce(g.finished_at, p_now) else g.finished_at end
    where g.id = p_grant;
  update game_sessions s set feature_grant_id = case when p_feature_left > 0 then p_grant else null end
    where s.id = p_session;
  return 'ok';
end;
$$;
