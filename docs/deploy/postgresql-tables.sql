-- Run once as the database's owner, after the first `highroller serve` made the tables:
--   psql "$HIGHROLLER_DB" -f postgresql-tables.sql
-- hr_steps gains a row for every move and loses whole games when they expire: vacuum and analyse
-- it after 2 % of its rows changed rather than PostgreSQL's 20 %. hr_tables and hr_presence are
-- rewritten at every move and every 20 seconds: vacuum them as often.
ALTER TABLE hr_steps SET (
    autovacuum_vacuum_scale_factor = 0.02,
    autovacuum_vacuum_insert_scale_factor = 0.02,
    autovacuum_analyze_scale_factor = 0.02
);
ALTER TABLE hr_tables SET (autovacuum_vacuum_scale_factor = 0.05);
ALTER TABLE hr_presence SET (autovacuum_vacuum_scale_factor = 0.05);
