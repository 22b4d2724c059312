-- Issue 26: the operator may set the total bet a session starts at (launch-url default_bet, a base-mode
-- total in the session currency that the game's ladder can make). Minor units; null when not set,
-- and the game starts at its own default. A relaunch replaces it, as it replaces coin.
alter table game_sessions add column default_bet bigint check (default_bet is null or default_bet > 0);
