-- A round's standings are posted once (docs/leagues.md): the step that
-- finds a round's last game ended marks the round reported in the
-- transaction that queues its table, `WHERE reported = 0`.
ALTER TABLE league_rounds ADD COLUMN reported INTEGER NOT NULL DEFAULT 0;

-- A cancelled league stays due until its live games are stopped, so a
-- cancel cut short by a dying process is finished by the scheduler.
DROP INDEX leagues_due;
CREATE INDEX leagues_due ON leagues (next_at) WHERE next_at IS NOT NULL;
