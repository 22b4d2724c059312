-- Reconciliation reports (issue 15) read an operator's wallet transactions by UTC day, in
-- (created_at, id) order, a page at a time; this index serves both the pages and the summary's
-- range scan, so neither reads other operators' rows nor the whole table.
create index wallet_transactions_report_idx on wallet_transactions (operator_id, created_at, id);
