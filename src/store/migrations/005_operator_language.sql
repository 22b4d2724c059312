-- The language an operator's players see when its launch request names none (null: English).
alter table operators add column language text;
