-- Every replica caches resolved sessions for a few seconds. Whatever changes what a session may do is
-- announced on the channel baridesk_sessions, so replicas drop their copies at once: no code path can
-- forget to, because the database itself says it.
CREATE OR REPLACE FUNCTION baridesk_notify_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('baridesk_sessions', 'account:' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION baridesk_notify_program_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('baridesk_sessions', 'program:' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION baridesk_notify_permissions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('baridesk_sessions', 'account:' || COALESCE(NEW.super_admin_id, OLD.super_admin_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION baridesk_notify_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('baridesk_sessions', 'session:' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_changed AFTER UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION baridesk_notify_account_changed();
--> statement-breakpoint
CREATE TRIGGER program_users_changed AFTER UPDATE ON program_users FOR EACH ROW EXECUTE FUNCTION baridesk_notify_account_changed();
--> statement-breakpoint
CREATE TRIGGER super_admins_changed AFTER UPDATE ON super_admins FOR EACH ROW EXECUTE FUNCTION baridesk_notify_account_changed();
--> statement-breakpoint
CREATE TRIGGER programs_changed AFTER UPDATE ON programs FOR EACH ROW EXECUTE FUNCTION baridesk_notify_program_changed();
--> statement-breakpoint
CREATE TRIGGER super_admin_permissions_changed AFTER INSERT OR DELETE ON super_admin_permissions FOR EACH ROW EXECUTE FUNCTION baridesk_notify_permissions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER UPDATE OF revoked_at ON sessions FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION baridesk_notify_session_revoked();
