-- A program's content version rises with every write to what the patients' app reads (GET /api/app/content
-- answers from a cache keyed by it). Statement-level triggers with transition tables: one bump per
-- statement and program, however many rows it touched (a reorder of 2,000 items is one bump). Rows of a
-- program being deleted (a cascade) bump nothing: its row is already gone.
CREATE FUNCTION content_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO content_versions AS v (program_id, version, updated_at)
  SELECT DISTINCT c.program_id, 1, now() FROM changed_rows c
  WHERE EXISTS (SELECT 1 FROM programs p WHERE p.id = c.program_id)
  ON CONFLICT (program_id) DO UPDATE SET version = v.version + 1, updated_at = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['content_items', 'content_categories', 'content_sub_categories', 'content_pages',
    'dynamic_content_sections', 'sub_menu_managers'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION content_version_bump()', t || '_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION content_version_bump()', t || '_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION content_version_bump()', t || '_version_delete', t);
  END LOOP;
END
$$;
