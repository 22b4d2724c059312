// Schemas and answers the reconciliation reports share between the provider API (operators) and
// the Admin API (staff): the transaction line, the summary row, and the streamed answer.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { TransactionsFormat } from '../services/reports.ts';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const decimal = (description: string) =>
  Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$', description: `${description} A decimal string.` });

const STATUSES = ['pending', 'acknowledged', 'rejected', 'unknown', 'failed', 'resolved'];

export const ReportTransaction = Type.Object(
  {
    transaction_id: Type.String({
      description: 'The transaction_id the wallet received (the idempotency key).',
    }),
    round_id: Type.String(),
    player_id: Type.String(),
    game_symbol: Type.String(),
    type: Type.Union(
      ['debit', 'credit', 'free_round_win', 'rollback'].map((t) => Type.Literal(t)),
      {
        description: 'free_round_win: the credit of a free round (or of the feature spins it started).',
      },
    ),
    amount: decimal('In the currency.'),
    currency: Type.String(),
    status: Type.Union(
      STATUSES.map((s) => Type.Literal(s)),
      {
        description:
          'acknowledged: applied by the wallet; rejected: a debit refused; unknown: a debit without an answer, undone by its rollback; pending: retries under way; failed: parked for staff; resolved: settled by hand.',
      },
    ),
    created_at: Type.String({ format: 'date-time', description: 'When Reelforge wrote it (UTC, Z).' }),
    completed_at: nullable(
      Type.String({ format: 'date-time', description: 'When it reached its status; null while pending.' }),
    ),
    action_type: Type.String(),
    wallet_mode: Type.Union([Type.Literal('internal'), Type.Literal('callback')]),
    original_transaction_id: nullable(Type.String({ description: 'On a rollback: the debit it reverses.' })),
    opens_round: Type.Boolean({
      description:
        "The round's first transaction: its debit, or the credit of a round without stake. rounds counts these.",
    }),
  },
  {
    description: 'One wallet transaction of the day (one NDJSON line, or one CSV row with the same columns).',
  },
);

export const summaryRowFields = {
  date: Type.String({ format: 'date', description: 'The UTC day.' }),
  game_symbol: Type.String(),
  currency: Type.String(),
  rounds: Type.Integer({ description: 'Rounds whose opening transaction the wallet accepted.' }),
  stakes: decimal('Debits acknowledged.'),
  wins: decimal(
    'Credits paid (acknowledged, or resolved by hand), free rounds apart; jackpot wins included (see jackpot_wins).',
  ),
  free_round_wins: decimal('Credits paid for free rounds and the features they started.'),
  ggr: decimal('stakes − wins.'),
  rtp: nullable(decimal('wins / stakes, 6 decimals, rounded half up; null without stakes.')),
  rollbacks: Type.Integer({ description: 'Rollback transactions of the day, whatever their status.' }),
  final: Type.Boolean({
    description:
      'The day is over (UTC) and none of its transactions is pending or parked: the row will not change.',
  }),
  jackpot_wins: decimal(
    'Added with jackpots: of wins, the credits a jackpot paid (action_type jackpot_win). Already in wins and ggr.',
  ),
  jackpot_contributions: decimal(
    "Added with jackpots: the share of the day's stakes put into jackpot pools (meter and reserve), in this row's currency, exact to a millionth of a minor unit (the currency's digits and six more). Not a transaction: not in stakes, wins or ggr.",
  ),
  promo_wins: decimal(
    'Added in 1.5.0: tournament and prize-drop prizes paid in cash (promo_win credits, acknowledged or resolved by hand), on the UTC day they were won, under the game they are reported with. Not in wins, ggr or rtp.',
  ),
  promo_win_count: Type.Integer({ description: 'Added in 1.5.0: how many prizes promo_wins holds.' }),
};

export const SummaryRow = Type.Object(summaryRowFields);

export const dateQuery = Type.Optional(Type.String({ description: 'A UTC day, YYYY-MM-DD.' }));

export const TEXT_TYPES = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;

/** The 200 of a streamed transactions report, in both formats. */
export const transactionsAnswer = {
  description:
    'Every wallet transaction of the UTC day, ordered by created_at then transaction_id: one JSON object a line (format=ndjson, the default), or CSV with a header line (format=csv). Streamed.',
  content: {
    'application/x-ndjson': { schema: ReportTransaction },
    'text/csv': { schema: Type.String() },
  },
};

/** Sends a report's text chunks as they come, never the whole day at once. */
export function sendStream(
  reply: FastifyReply,
  chunks: AsyncIterable<string>,
  format: TransactionsFormat | 'csv',
  filename: string,
): FastifyReply {
  return reply
    .type(TEXT_TYPES[format])
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${filename}.${format}"`)
    .send(Readable.from(chunks));
}
