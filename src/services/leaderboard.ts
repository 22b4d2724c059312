// A campaign's live leaderboard: one sorted set per campaign in Redis, shared by every node (or,
// without REDIS_URL, a map in this process for a single node). Both fold a player's rounds with
// the rule of domain/campaigns.ts (`scoreRound`): Redis runs it as a Lua script, atomically per
// batch, so two nodes scoring one player never lose a round. The rounds table stays the source
// of truth: a board Redis lost answers 'missing' and is rebuilt from it (campaigns.ts).
//
// In Redis a member's place is one ZREVRANK: the set's score is the player's score and its member
// is "<inverted time the score was reached>|<operator>:<player>", so equal scores order by the
// earlier time (and then by the member text, as placesBefore does).
import { Redis } from 'ioredis';
import {
  type BestRound,
  type EntryScore,
  emptyEntry,
  placesBefore,
  type ScoredRound,
  type ScoringRule,
  SESSION_HOLD_MS,
  scoreRound,
} from '../domain/campaigns.ts';

/** A qualifying round of one player for one campaign. */
export interface ScoreEvent {
  member: string;
  /** The player must have opted in for the round to score. */
  needsEntry: boolean;
  round: ScoredRound;
}

export interface BoardEntry {
  member: string;
  score: number;
  /** When the score was reached (ms). */
  at: number;
  rounds: number;
}

export interface Leaderboard {
  readonly kind: 'redis' | 'memory';
  /** Folds the events (in order) into the board; 'missing' when the board must be rebuilt first. */
  apply(campaignId: string, rule: ScoringRule, events: readonly ScoreEvent[]): Promise<'ok' | 'missing'>;
  /** Marks a player as opted in (rounds needing an entry score from now on). */
  enter(campaignId: string, member: string): Promise<void>;
  /** The first `n` places. */
  top(campaignId: string, n: number): Promise<BoardEntry[]>;
  /** A player's place (1-based) and score, or null without a score. */
  placeOf(campaignId: string, member: string): Promise<{ place: number; entry: BoardEntry } | null>;
  size(campaignId: string): Promise<number>;
  /** Whether the board exists (built, possibly empty). */
  has(campaignId: string): Promise<boolean>;
  /** Takes the right to rebuild a missing board for a while (one node at a time). */
  claimRebuild(campaignId: string, ms: number): Promise<boolean>;
  /** Gives the right back without loading (the board was there after all). */
  releaseRebuild(campaignId: string): Promise<void>;
  /**
   * Replaces the board with one rebuilt from the rounds table; `included` are the recent rounds the
   * rebuild counted, so a node's queued event for one of them is not counted twice.
   */
  load(
    campaignId: string,
    entries: ReadonlyMap<string, EntryScore>,
    entered: readonly string[],
    included: ReadonlyArray<{ roundId: string; at: number }>,
  ): Promise<void>;
  /** Drops a board (a frozen or cancelled campaign's, once its final standings are written). */
  remove(campaignId: string): Promise<void>;
  close(): Promise<void>;
}

// ---- In this process ----------------------------------------------------------------------------

interface MemoryBoard {
  entries: Map<string, EntryScore>;
  entered: Set<string>;
  /** Rounds folded (or counted by the rebuild), by the minute they were played, for 15 minutes. */
  applied: Map<number, Set<string>>;
  sorted: BoardEntry[] | null;
}

/** Marks a round folded; false when it already was. */
function markApplied(board: MemoryBoard, roundId: string, at: number): boolean {
  const minute = Math.floor(at / 60_000);
  let ids = board.applied.get(minute);
  if (!ids) {
    ids = new Set();
    board.applied.set(minute, ids);
    for (const old of board.applied.keys()) if (old < minute - 15) board.applied.delete(old);
  }
  if (ids.has(roundId)) return false;
  ids.add(roundId);
  return true;
}

const boardEntry = (member: string, entry: EntryScore): BoardEntry => ({
  member,
  score: entry.score,
  at: entry.at,
  rounds: entry.rounds,
});

export function memoryLeaderboard(): Leaderboard {
  const boards = new Map<string, MemoryBoard>();
  const claims = new Map<string, number>();

  function sortedOf(board: MemoryBoard): BoardEntry[] {
    if (!board.sorted) {
      board.sorted = sortedBoard(board.entries);
    }
    return board.sorted;
  }

  return {
    kind: 'memory',
    async apply(campaignId, rule, events) {
      const board = boards.get(campaignId);
      if (!board) return 'missing';
      for (const event of events) {
        if (event.needsEntry && !board.entered.has(event.member)) continue;
        if (!markApplied(board, event.round.roundId, event.round.at)) continue;
        board.entries.set(
          event.member,
          scoreRound(board.entries.get(event.member) ?? emptyEntry(), event.round, rule),
        );
        board.sorted = null;
      }
      return 'ok';
    },
    async enter(campaignId, member) {
      boards.get(campaignId)?.entered.add(member);
    },
    async top(campaignId, n) {
      const board = boards.get(campaignId);
      return board ? sortedOf(board).slice(0, n) : [];
    },
    async placeOf(campaignId, member) {
      const board = boards.get(campaignId);
      const entry = board?.entries.get(member);
      if (!board || !entry || entry.rounds === 0) return null;
      const sorted = sortedOf(board);
      const place = sorted.findIndex((candidate) => candidate.member === member) + 1;
      return { place, entry: boardEntry(member, entry) };
    },
    async size(campaignId) {
      const board = boards.get(campaignId);
      return board ? sortedOf(board).length : 0;
    },
    async has(campaignId) {
      return boards.has(campaignId);
    },
    async claimRebuild(campaignId, ms) {
      const until = claims.get(campaignId) ?? 0;
      if (until > Date.now()) return false;
      claims.set(campaignId, Date.now() + ms);
      return true;
    },
    async releaseRebuild(campaignId) {
      claims.delete(campaignId);
    },
    async load(campaignId, entries, entered, included) {
      const board: MemoryBoard = {
        entries: new Map([...entries].filter(([, entry]) => entry.rounds > 0 || entry.lastSession !== '')),
        entered: new Set(entered),
        applied: new Map(),
        sorted: null,
      };
      for (const round of included) markApplied(board, round.roundId, round.at);
      boards.set(campaignId, board);
      claims.delete(campaignId);
    },
    async remove(campaignId) {
      boards.delete(campaignId);
    },
    async close() {},
  };
}

// ---- In Redis -----------------------------------------------------------------------------------

/** Milliseconds inverted into 13 digits: a later time sorts first in ascending text order. */
const INVERT = 9_999_999_999_999;
const zMember = (at: number, member: string) => `${String(INVERT - at).padStart(13, '0')}|${member}`;
const memberOfZ = (zmember: string) => zmember.slice(14);
const atOfZ = (zmember: string) => INVERT - Number(zmember.slice(0, 13));

/** A player's fold state in its hash field: "score|at|rounds|lastSession|lastAt|stakeFine|winFine|best". */
export function encodeEntry(entry: EntryScore): string {
  const best = entry.best
    .map((kept) => `${kept.ratio}~${kept.winFine}~${kept.stakeFine}~${kept.at}`)
    .join(';');
  return [
    entry.score,
    entry.at,
    entry.rounds,
    entry.lastSession,
    entry.lastAt,
    entry.stakeFine,
    entry.winFine,
    best,
  ].join('|');
}

export function decodeEntry(text: string): EntryScore {
  const [score, at, rounds, lastSession, lastAt, stakeFine, winFine, best] = text.split('|') as string[];
  return {
    score: Number(score),
    at: Number(at),
    rounds: Number(rounds),
    lastSession: lastSession ?? '',
    lastAt: Number(lastAt),
    stakeFine: BigInt(stakeFine ?? '0'),
    winFine: BigInt(winFine ?? '0'),
    best: best
      ? best.split(';').map((kept): BestRound => {
          const [ratio, win, stake, keptAt] = kept.split('~') as string[];
          return {
            ratio: Number(ratio),
            winFine: BigInt(win ?? '0'),
            stakeFine: BigInt(stake ?? '0'),
            at: Number(keptAt),
          };
        })
      : [],
  };
}

// The fold of domain/campaigns.ts#scoreRound in Lua (Redis 7's Lua 5.1: numbers are doubles, exact
// for the integers below 2^53 this passes; doubles written with %.17g read back to the same value).
// KEYS: z (sorted set), h (fold states), in (entered), built (marker), applied (the prefix of the
// per-minute sets of rounds already folded: a round is folded once, whether a node sends it again
// after a lost answer or a rebuild already counted it; each set lives 15 minutes).
// ARGV: scoring, bestN, holdMs, then one per event: member, needsEntry, roundId, session, at, stake,
// win, stakeFine, winFine, apart by \x1f. Answers -1 when the board is missing, else the events applied.
const APPLY = `
if redis.call('EXISTS', KEYS[4]) == 0 then return -1 end
local scoring, bestN, hold = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local function g(x) return string.format('%.17g', x) end
local function n(x) return string.format('%.0f', x) end
local function zm(at, member) return string.format('%013.0f', 9999999999999 - at) .. '|' .. member end
local count = 0
local expiring = {}
local i = 4
while i <= #ARGV do
  local e = {}
  for part in string.gmatch(ARGV[i] .. '\\31', '([^\\31]*)\\31') do e[#e + 1] = part end
  local member, needs, roundId, session = e[1], e[2], e[3], e[4]
  local at, stake, win = tonumber(e[5]), tonumber(e[6]), tonumber(e[7])
  local stakeFine, winFine = tonumber(e[8]), tonumber(e[9])
  i = i + 1
  local applied = KEYS[5] .. ':' .. string.format('%.0f', math.floor(at / 60000))
  -- SADD answers 0 for a round already folded: the check and the mark are one call.
  local skip = (needs == '1' and redis.call('SISMEMBER', KEYS[3], member) == 0)
    or redis.call('SADD', applied, roundId) == 0
  if not skip then
    if not expiring[applied] then
      expiring[applied] = true
      redis.call('PEXPIRE', applied, 900000)
    end
    local score, sat, rounds, lastS, lastAt, sf, wf, best = 0, 0, 0, '', 0, 0, 0, {}
    local raw = redis.call('HGET', KEYS[2], member)
    local had = false
    if raw then
      local f = {}
      for part in string.gmatch(raw .. '|', '([^|]*)|') do f[#f + 1] = part end
      score, sat, rounds = tonumber(f[1]), tonumber(f[2]), tonumber(f[3])
      lastS, lastAt, sf, wf = f[4], tonumber(f[5]), tonumber(f[6]), tonumber(f[7])
      had = rounds > 0
      if f[8] and f[8] ~= '' then
        for kept in string.gmatch(f[8] .. ';', '([^;]*);') do
          local r, kw, ks, ka = string.match(kept, '([^~]*)~([^~]*)~([^~]*)~([^~]*)')
          best[#best + 1] = { tonumber(r), tonumber(kw), tonumber(ks), tonumber(ka) }
        end
      end
    end
    local oldZ = had and zm(sat, member) or nil
    local late = at < lastAt
    local blocked = (not late) and lastS ~= '' and lastS ~= session and (at - lastAt) < hold
    if not late then lastS, lastAt = session, at end
    if not blocked then
      local first = rounds == 0
      local reached = math.max(sat, at)
      rounds = rounds + 1
      sf = sf + stakeFine
      wf = wf + winFine
      if scoring == 'total_bet' then
        score, sat = sf, reached
      elseif scoring == 'qualifying_rounds' then
        score, sat = rounds, reached
      elseif scoring == 'max_multiplier' then
        local r = win / stake
        if first or r > score or (r == score and at < sat) then score, sat = r, at end
      else
        best[#best + 1] = { winFine / stakeFine, winFine, stakeFine, at }
        table.sort(best, function(a, b)
          if a[1] ~= b[1] then return a[1] > b[1] end
          if a[4] ~= b[4] then return a[4] < b[4] end
          if a[3] ~= b[3] then return a[3] > b[3] end
          return a[2] > b[2]
        end)
        while #best > bestN do table.remove(best) end
        local sw, ss = 0, 0
        for _, kept in ipairs(best) do sw = sw + kept[2]; ss = ss + kept[3] end
        local s = 0
        if ss ~= 0 then s = sw / ss end
        if first or s ~= score then score, sat = s, reached end
      end
    end
    local parts = {}
    for _, kept in ipairs(best) do parts[#parts + 1] = g(kept[1]) .. '~' .. n(kept[2]) .. '~' .. n(kept[3]) .. '~' .. n(kept[4]) end
    redis.call('HSET', KEYS[2], member, g(score) .. '|' .. n(sat) .. '|' .. n(rounds) .. '|' .. lastS .. '|' .. n(lastAt)
      .. '|' .. n(sf) .. '|' .. n(wf) .. '|' .. table.concat(parts, ';'))
    if rounds > 0 then
      local newZ = zm(sat, member)
      if oldZ and oldZ ~= newZ then redis.call('ZREM', KEYS[1], oldZ) end
      redis.call('ZADD', KEYS[1], g(score), newZ)
    end
    count = count + 1
  end
end
return count
`;

// KEYS: z, h. ARGV: member. Answers {rank (0-based, -1 without a score), state or false}.
const PLACE = `
local raw = redis.call('HGET', KEYS[2], ARGV[1])
if not raw then return { -1, false } end
local f = {}
for part in string.gmatch(raw .. '|', '([^|]*)|') do f[#f + 1] = part end
if tonumber(f[3]) == 0 then return { -1, raw } end
local z = string.format('%013.0f', 9999999999999 - tonumber(f[2])) .. '|' .. ARGV[1]
local rank = redis.call('ZREVRANK', KEYS[1], z)
if not rank then return { -1, raw } end
return { rank, raw }
`;

type ScriptedRedis = Redis & {
  campaignApply(...args: Array<string | number>): Promise<number>;
  campaignPlace(...args: string[]): Promise<[number, string | null]>;
};

const keysOf = (campaignId: string) => {
  const base = `reelforge:cmp:{${campaignId}}`;
  return {
    z: `${base}:z`,
    h: `${base}:h`,
    in: `${base}:in`,
    built: `${base}:built`,
    applied: `${base}:applied`,
    lock: `${base}:rebuild`,
  };
};

/** How long a minute's set of folded rounds is kept (a queued round is never older than this). */
const APPLIED_TTL_MS = 900_000;
const CHUNK = 1000;

export function redisLeaderboard(url: string, onError: (error: Error) => void): Leaderboard {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 2000 }) as ScriptedRedis;
  redis.on('error', onError);
  redis.defineCommand('campaignApply', { numberOfKeys: 5, lua: APPLY });
  redis.defineCommand('campaignPlace', { numberOfKeys: 2, lua: PLACE });

  async function statesOf(campaignId: string, members: string[]): Promise<Map<string, EntryScore>> {
    if (members.length === 0) return new Map();
    const raw = await redis.hmget(keysOf(campaignId).h, ...members);
    const states = new Map<string, EntryScore>();
    raw.forEach((text, i) => {
      if (text) states.set(members[i] as string, decodeEntry(text));
    });
    return states;
  }

  return {
    kind: 'redis',
    async apply(campaignId, rule, events) {
      if (events.length === 0) return 'ok';
      const keys = keysOf(campaignId);
      const args: Array<string | number> = [rule.scoring, rule.bestN ?? 1, SESSION_HOLD_MS];
      // One argument an event, its fields apart by the unit separator (no id holds it: player ids
      // are printable ASCII): a thousand arguments a flush cost the node more than the script.
      for (const { member, needsEntry, round } of events) {
        args.push(
          `${member}\x1f${needsEntry ? '1' : '0'}\x1f${round.roundId}\x1f${round.sessionId}\x1f${round.at}\x1f${round.stake}\x1f${round.win}\x1f${round.stakeFine}\x1f${round.winFine}`,
        );
      }
      const applied = await redis.campaignApply(keys.z, keys.h, keys.in, keys.built, keys.applied, ...args);
      return applied < 0 ? 'missing' : 'ok';
    },
    async enter(campaignId, member) {
      await redis.sadd(keysOf(campaignId).in, member);
    },
    async top(campaignId, n) {
      const keys = keysOf(campaignId);
      const flat = await redis.zrevrange(keys.z, 0, n - 1, 'WITHSCORES');
      const zmembers: string[] = [];
      for (let i = 0; i < flat.length; i += 2) zmembers.push(flat[i] as string);
      const states = await statesOf(campaignId, zmembers.map(memberOfZ));
      return zmembers.map((zmember, i) => {
        const member = memberOfZ(zmember);
        return {
          member,
          score: Number(flat[i * 2 + 1]),
          at: atOfZ(zmember),
          rounds: states.get(member)?.rounds ?? 0,
        };
      });
    },
    async placeOf(campaignId, member) {
      const keys = keysOf(campaignId);
      const [rank, raw] = await redis.campaignPlace(keys.z, keys.h, member);
      if (rank < 0 || !raw) return null;
      const entry = decodeEntry(raw);
      return { place: rank + 1, entry: boardEntry(member, entry) };
    },
    async size(campaignId) {
      return redis.zcard(keysOf(campaignId).z);
    },
    async has(campaignId) {
      return (await redis.exists(keysOf(campaignId).built)) === 1;
    },
    async claimRebuild(campaignId, ms) {
      return (await redis.set(keysOf(campaignId).lock, '1', 'PX', ms, 'NX')) === 'OK';
    },
    async releaseRebuild(campaignId) {
      await redis.del(keysOf(campaignId).lock);
    },
    async load(campaignId, entries, entered, included) {
      const keys = keysOf(campaignId);
      const tmp = { z: `${keys.z}:tmp`, h: `${keys.h}:tmp`, in: `${keys.in}:tmp` };
      await redis.del(tmp.z, tmp.h, tmp.in);
      const all = [...entries].filter(([, entry]) => entry.rounds > 0 || entry.lastSession !== '');
      for (let i = 0; i < all.length; i += CHUNK) {
        const chunk = all.slice(i, i + CHUNK);
        const pipeline = redis.pipeline();
        pipeline.hset(
          tmp.h,
          Object.fromEntries(chunk.map(([member, entry]) => [member, encodeEntry(entry)])),
        );
        const scored = chunk.filter(([, entry]) => entry.rounds > 0);
        if (scored.length > 0)
          pipeline.zadd(
            tmp.z,
            ...scored.flatMap(([member, entry]) => [String(entry.score), zMember(entry.at, member)]),
          );
        await pipeline.exec();
      }
      for (let i = 0; i < entered.length; i += CHUNK)
        await redis.sadd(tmp.in, ...entered.slice(i, i + CHUNK));
      const swap = redis.multi().del(keys.z, keys.h, keys.in);
      if (all.some(([, entry]) => entry.rounds > 0)) swap.rename(tmp.z, keys.z);
      if (all.length > 0) swap.rename(tmp.h, keys.h);
      if (entered.length > 0) swap.rename(tmp.in, keys.in);
      const minutes = new Map<number, string[]>();
      for (const round of included) {
        const minute = Math.floor(round.at / 60_000);
        minutes.set(minute, [...(minutes.get(minute) ?? []), round.roundId]);
      }
      for (const [minute, ids] of minutes)
        swap.sadd(`${keys.applied}:${minute}`, ...ids).pexpire(`${keys.applied}:${minute}`, APPLIED_TTL_MS);
      await swap.set(keys.built, String(Date.now())).del(keys.lock).exec();
    },
    async remove(campaignId) {
      const keys = keysOf(campaignId);
      await redis.del(keys.z, keys.h, keys.in, keys.built, keys.lock);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The board the live leaderboard keeps for a player, from the fold (the rebuild's and the tests'). */
export const sortedBoard = (entries: ReadonlyMap<string, EntryScore>): BoardEntry[] =>
  [...entries]
    .filter(([, entry]) => entry.rounds > 0)
    .map(([member, entry]) => boardEntry(member, entry))
    .sort(placesBefore);
