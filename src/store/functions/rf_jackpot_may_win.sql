-- Whether a round may win a jackpot tier: a progressive tier its certified draw hit, or a must-drop
-- tier the node found within reach (its "check"). Only such a round reads a tier row.
create or replace function rf_jackpot_may_win(p_round jsonb) returns boolean
language sql immutable as $$
  select jsonb_path_exists(p_round, '$.jackpot[*].tiers[*] ? (@.hit == true || @.check == true)')
$$;
