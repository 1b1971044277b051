-- Keeps row_counts exact (server/db/schema/admin.ts rowCounts): statement-level
-- triggers add what each INSERT, DELETE or UPDATE changed, read from its
-- transition tables, in the same transaction as the change. Concurrent writers
-- of one table queue on its counter row until they commit, so a committed
-- count is always the table's true count.
CREATE FUNCTION row_counts_add(counter varchar, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO row_counts AS c (name, n) VALUES (counter, delta)
  ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION row_counts_activities() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint := 0;
  removed bigint := 0;
  evaluated_added bigint := 0;
  evaluated_removed bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*), count(*) FILTER (WHERE status <> 0) INTO added, evaluated_added FROM new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*), count(*) FILTER (WHERE status <> 0) INTO removed, evaluated_removed FROM old_rows;
  END IF;
  IF added <> removed THEN PERFORM row_counts_add('activities', added - removed); END IF;
  IF evaluated_added <> evaluated_removed THEN PERFORM row_counts_add('activities.evaluated', evaluated_added - evaluated_removed); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION row_counts_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM row_counts_add('children', (SELECT count(*) FROM new_rows));
  ELSE
    PERFORM row_counts_add('children', -(SELECT count(*) FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION row_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = 0 WHERE name = TG_TABLE_NAME OR name LIKE TG_TABLE_NAME || '.%';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_counted_insert AFTER INSERT ON activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_activities();
--> statement-breakpoint
CREATE TRIGGER activities_counted_update AFTER UPDATE ON activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_activities();
--> statement-breakpoint
CREATE TRIGGER activities_counted_delete AFTER DELETE ON activities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_activities();
--> statement-breakpoint
CREATE TRIGGER activities_counted_truncate AFTER TRUNCATE ON activities FOR EACH STATEMENT EXECUTE FUNCTION row_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER children_counted_insert AFTER INSERT ON children REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_children();
--> statement-breakpoint
CREATE TRIGGER children_counted_delete AFTER DELETE ON children REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_children();
--> statement-breakpoint
CREATE TRIGGER children_counted_truncate AFTER TRUNCATE ON children FOR EACH STATEMENT EXECUTE FUNCTION row_counts_truncated();
--> statement-breakpoint
INSERT INTO row_counts (name, n)
SELECT 'activities', count(*) FROM activities
UNION ALL SELECT 'activities.evaluated', count(*) FROM activities WHERE status <> 0
UNION ALL SELECT 'children', count(*) FROM children;
