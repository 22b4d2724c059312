// Row types of the PostgreSQL schema (src/store/migrations/*.sql), for Kysely.
import type { ColumnType, Generated } from 'kysely';

/** A timestamptz with a database default: optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns come back from pg as strings (see store/db.ts type parser: parsed to bigint). */
type BigIntColumn = ColumnType<bigint, bigint | string | number, bigint | string | number>;

export interface OperatorsTable {
  id: string;
  name: string;
  currency: Generated<string>;
  status: Generated<'active' | 'inactive'>;
  wallet_mode: 'internal' | 'callback';
  wallet_base_url: string | null;
  wallet_secret: string | null;
  rtp_variant: string | null;
  language: Generated<string | null>;
  is_demo: Generated<boolean>;
  demo_enabled: Generated<boolean>;
  /** The jurisdiction profile code a launch without `jurisdiction` plays under (migration 011). */
  default_jurisdiction: Generated<string>;
  /** A scheduled rotation (migration 012): signs callbacks from wallet_secret_switch_at on. */
  wallet_secret_next: Generated<string | null>;
  wallet_secret_switch_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  kind: 'operator' | 'master';
  operator_id: string | null;
  key_hash: Buffer;
  key_prefix: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface OperatorGamesTable {
  operator_id: string;
  game_symbol: string;
}

export interface GameSessionsTable {
  id: string;
  operator_id: string;
  player_id: string;
  game_symbol: string;
  currency: string;
  token_hash: Buffer;
  device: string;
  return_url: string | null;
  coin: ColumnType<bigint | null, bigint | string | null | undefined, bigint | string | null>;
  /** The operator's default total bet in minor units (launch default_bet, migration 022), or null. */
  default_bet: NullableBigInt;
  state: ColumnType<unknown, string | undefined, string>;
  state_version: ColumnType<bigint, never, bigint | string>;
  play_mode: Generated<PlayMode>;
  /** The grant whose free round started the feature this session is still playing. */
  feature_grant_id: ColumnType<string | null, never, string | null>;
  created_at: Timestamp;
  refreshed_at: Timestamp;
  expires_at: RequiredTimestamp;
  /** Jurisdiction profile and the player's terms, set at each launch (migration 011). */
  jurisdiction_code: Generated<string>;
  jurisdiction_version: string | null;
  player_age_band: '18-24' | '25+' | null;
  reality_check_interval: number | null;
  reality_check_at: NullableTimestamp;
  time_limit_seconds: number | null;
  loss_limit: NullableBigInt;
  history_url: string | null;
  session_started_at: Timestamp;
  /** Kept by the rounds' insert trigger: the last round's start and wins minus stakes. */
  last_round_at: NullableTimestamp;
  net_position: ColumnType<bigint, never, bigint | string>;
  ended_at: NullableTimestamp;
}

export interface GameThumbnailsTable {
  game_symbol: string;
  content_type: string;
  body: Buffer;
  etag: string;
  width: number;
  height: number;
  updated_at: Timestamp;
}

type Json = ColumnType<unknown, string, string>;
type NullableBigInt = ColumnType<bigint | null, bigint | string | null | undefined, bigint | string | null>;

export type RoundStatus = 'open' | 'settled' | 'cancelled';
export type RoundStage = 'debit' | 'credit' | 'rollback' | 'done';
export type WalletTxType = 'debit' | 'credit' | 'rollback';
export type WalletTxStatus = 'pending' | 'acknowledged' | 'rejected' | 'unknown' | 'failed' | 'resolved';

export type PlayMode = 'real' | 'demo';

/** Money rounds (`rounds`) and demo rounds (`demo_rounds`, wallet_mode 'demo') share one shape. */
/** One game at a time: the session of a player that holds play, until when (migration 011). */
export interface PlayerActivityTable {
  operator_id: string;
  player_id: string;
  session_id: string;
  active_until: RequiredTimestamp;
}

export interface RoundsTable {
  id: string;
  seq: Generated<bigint>;
  session_id: string;
  operator_id: string;
  player_id: string;
  game_symbol: string;
  currency: string;
  variant: string;
  wallet_mode: 'internal' | 'callback' | 'demo';
  client_round_id: string;
  status: RoundStatus;
  stage: RoundStage;
  kind: 'base' | 'free_spin' | 'buy';
  mode: 'base' | 'special' | 'buy';
  coin: BigIntColumn;
  bet_level: number;
  stake: BigIntColumn;
  win: BigIntColumn;
  state_before: Json;
  state_after: Json;
  outcome: Json;
  cancel_reason: string | null;
  /** The free-round grant this round was played on (a free round, or a feature spin it started). */
  free_round_grant_id: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  /**
   * The certificate hash of the model and code the round was played under (migration 010); null
   * for rounds stored before it. Replay refuses a model whose certificate hash is another.
   */
  certificate_hash: string | null;
  /** The jurisdiction profile (code, version) the round was played under (migration 011). */
  jurisdiction_code: string | null;
  jurisdiction_version: string | null;
}

export interface FreeRoundCampaignsTable {
  id: string;
  operator_id: string;
  campaign_id: string;
  games: string[];
  currency: string;
  rounds: number;
  coin: BigIntColumn;
  bet_level: number;
  valid_from: RequiredTimestamp;
  expires_at: RequiredTimestamp;
  max_win: NullableBigInt;
  status: Generated<'active' | 'cancelled'>;
  created_at: Timestamp;
  cancelled_at: NullableTimestamp;
}

export type GrantStatus = 'active' | 'completed' | 'cancelled';
/** Why a completed grant ended (migration 020). */
export type GrantEndReason = 'rounds_played' | 'max_win_reached';

export interface FreeRoundGrantsTable {
  id: string;
  campaign_id: string;
  operator_id: string;
  player_id: string;
  rounds_total: number;
  rounds_played: Generated<number>;
  win: ColumnType<bigint, bigint | string | undefined, bigint | string>;
  status: Generated<GrantStatus>;
  end_reason: ColumnType<GrantEndReason | null, GrantEndReason | null | undefined, GrantEndReason | null>;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface DemoBalancesTable {
  session_id: string;
  balance: BigIntColumn;
  updated_at: Timestamp;
}

export interface SigningKeysTable {
  name: string;
  secret: string;
  created_at: Timestamp;
}

export interface WalletTransactionsTable {
  id: string;
  round_id: string;
  /** Its round's created_at: the month it is partitioned in, beside its round (migration 029). */
  round_created_at: ColumnType<Date, Date | string, never>;
  operator_id: string;
  player_id: string;
  game_symbol: string;
  currency: string;
  wallet_mode: 'internal' | 'callback';
  type: WalletTxType;
  action_type: string;
  amount: BigIntColumn;
  original_transaction_id: string | null;
  body: string | null;
  status: WalletTxStatus;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  give_up_at: NullableTimestamp;
  last_error: string | null;
  balance_after: NullableBigInt;
  resolution: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  /** The attempt the wallet acknowledged, as wallet_attempts would hold it (migration 024); written by the step functions only. */
  acknowledged_attempt: ColumnType<unknown, never, never>;
}

export interface WalletAttemptsTable {
  id: Generated<bigint>;
  transaction_id: string;
  /** Its transaction's round_created_at: the month it is partitioned in (migration 029). */
  round_created_at: ColumnType<Date, Date | string, never>;
  request_id: string;
  started_at: RequiredTimestamp;
  latency_ms: number;
  http_status: number | null;
  result: 'acknowledged' | 'rejected' | 'failed';
  error: string | null;
  response_body: string | null;
}

export interface WalletBalancesTable {
  operator_id: string;
  player_id: string;
  currency: string;
  balance: BigIntColumn;
  updated_at: Timestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

export type StaffRole = 'admin' | 'support' | 'finance' | 'viewer';

export interface StaffAccountsTable {
  id: string;
  email: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled: Generated<boolean>;
  totp_last_step: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  disabled: Generated<boolean>;
  failed_attempts: Generated<number>;
  first_failed_at: NullableTimestamp;
  locked_until: NullableTimestamp;
  /** Since when the account is an active admin (migration 021); null while it is not one. */
  admin_since: NullableTimestamp;
  /** The staff member who proposed making it an admin; null for the token, the CLI and older admins. */
  admin_granted_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StaffSessionsTable {
  id: string;
  staff_id: string;
  token_hash: Buffer;
  csrf_token: string;
  created_at: RequiredTimestamp;
  last_seen_at: RequiredTimestamp;
  expires_at: RequiredTimestamp;
  revoked_at: NullableTimestamp;
}

export interface AuditLogTable {
  seq: Generated<bigint>;
  id: string;
  at: RequiredTimestamp;
  actor: string;
  actor_staff_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  prev_hash: string;
  hash: string;
  /** false for entries chained before AUDIT_CHAIN_KEY (migration 021). */
  keyed: Generated<boolean>;
}

export interface ApprovalsTable {
  id: string;
  action: string;
  entity: string;
  entity_id: string;
  change: ColumnType<unknown, string, never>;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  requested_by: string;
  requested_at: RequiredTimestamp;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  reason: string | null;
}

export interface GameLiveSwitchesTable {
  game_symbol: string;
  live: boolean;
  changed_at: Timestamp;
}

/** The control cluster's operator → cluster map (migration 030); no row: the control cluster. */
export interface OperatorClustersTable {
  operator_id: string;
  cluster_id: string;
  state: 'active' | 'read_only';
  changed_at: Generated<Date>;
}

export interface Database {
  operators: OperatorsTable;
  operator_clusters: OperatorClustersTable;
  api_keys: ApiKeysTable;
  operator_games: OperatorGamesTable;
  game_sessions: GameSessionsTable;
  game_thumbnails: GameThumbnailsTable;
  schema_migrations: SchemaMigrationsTable;
  rounds: RoundsTable;
  demo_rounds: RoundsTable;
  demo_balances: DemoBalancesTable;
  free_round_campaigns: FreeRoundCampaignsTable;
  free_round_grants: FreeRoundGrantsTable;
  signing_keys: SigningKeysTable;
  player_activity: PlayerActivityTable;
  wallet_transactions: WalletTransactionsTable;
  wallet_attempts: WalletAttemptsTable;
  /** Every attempt, acknowledged ones from their transaction's row (a view, migration 024). */
  wallet_attempt_log: Omit<WalletAttemptsTable, 'id'>;
  wallet_balances: WalletBalancesTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  approvals: ApprovalsTable;
  game_live_switches: GameLiveSwitchesTable;
}

export type { BigIntColumn };
