-- Every replica caches the program's part of GET /api/sidebar-menu (the content sub-menus it switched on
-- and its active dynamic sections; contexts/identity/sidebar-cache.ts). Whatever changes that part is
-- announced on the channel baridesk_sidebar, so replicas drop their copies at once: 'program:<id>' for
-- one program's rows, 'all' for a change every program shows (the sub-menus' titles) or one no row
-- names (TRUNCATE). The caller's own part (account, program user with its menu flags, program) comes
-- from the cached session, which migration 0001's triggers already invalidate.
-- pg_notify sends one message per distinct payload and transaction, so a bulk change costs one each.
CREATE OR REPLACE FUNCTION baridesk_notify_sidebar_program_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('baridesk_sidebar', 'program:' || NEW.program_id);
  END IF;
  -- A deleted row, or one moved to another program, leaves its old program's sidebar too.
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.program_id IS DISTINCT FROM NEW.program_id) THEN
    PERFORM pg_notify('baridesk_sidebar', 'program:' || OLD.program_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION baridesk_notify_sidebar_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('baridesk_sidebar', 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sub_menu_managers_sidebar AFTER INSERT OR UPDATE OR DELETE ON sub_menu_managers FOR EACH ROW EXECUTE FUNCTION baridesk_notify_sidebar_program_row();
--> statement-breakpoint
CREATE TRIGGER sub_menu_managers_sidebar_truncate AFTER TRUNCATE ON sub_menu_managers FOR EACH STATEMENT EXECUTE FUNCTION baridesk_notify_sidebar_all();
--> statement-breakpoint
CREATE TRIGGER dynamic_content_sections_sidebar AFTER INSERT OR UPDATE OR DELETE ON dynamic_content_sections FOR EACH ROW EXECUTE FUNCTION baridesk_notify_sidebar_program_row();
--> statement-breakpoint
CREATE TRIGGER dynamic_content_sections_sidebar_truncate AFTER TRUNCATE ON dynamic_content_sections FOR EACH STATEMENT EXECUTE FUNCTION baridesk_notify_sidebar_all();
--> statement-breakpoint
CREATE TRIGGER sub_menus_sidebar AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sub_menus FOR EACH STATEMENT EXECUTE FUNCTION baridesk_notify_sidebar_all();
