-- Issue 30, part 3: operators on several PostgreSQL clusters. The control cluster's map of which
-- cluster holds an operator's play (sessions, rounds, transactions, grants, prizes); an operator
-- without a row plays on the control cluster. Every cluster gets the table (one schema for all);
-- only the control cluster's is read. `state` 'read_only' while `reelforge operator move` runs:
-- launches and new rounds are refused, what is under way finishes.
create table operator_clusters (
  operator_id text primary key references operators (id),
  cluster_id text not null check (cluster_id ~ '^[a-z][a-z0-9]{0,11}$'),
  state text not null default 'active' check (state in ('active', 'read_only')),
  changed_at timestamptz not null default now()
);
