-- The embedded server keeps each client's dashboard figures in memory (server/modules/portal): these
-- triggers tell it, on commit and whatever code wrote, whose figures changed. They stay silent unless the
-- session has set cypher.overview_notify to 'on', which only the embedded database does, so PostgreSQL
-- servers (several instances, no such cache) pay for one setting lookup per changed row.
CREATE FUNCTION client_overview_notify_user(changed_user integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed_user IS NOT NULL THEN
    PERFORM pg_notify('client_overview', changed_user::text);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION client_overview_notify_client(changed_client integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_overview_notify_user(c.user_id) FROM clients c WHERE c.id = changed_client;
END $$;
--> statement-breakpoint
CREATE FUNCTION client_overview_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cypher.overview_notify', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  PERFORM client_overview_notify_user(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_overview_users AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW EXECUTE FUNCTION client_overview_users_changed();
--> statement-breakpoint
CREATE FUNCTION client_overview_clients_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cypher.overview_notify', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM client_overview_notify_user(OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM client_overview_notify_user(NEW.user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_overview_clients AFTER INSERT OR UPDATE OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION client_overview_clients_changed();
--> statement-breakpoint
-- apps and portal_project_access both name their client in client_id.
CREATE FUNCTION client_overview_client_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cypher.overview_notify', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM client_overview_notify_client(OLD.client_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM client_overview_notify_client(NEW.client_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_overview_apps AFTER INSERT OR DELETE OR UPDATE OF client_id ON apps
  FOR EACH ROW EXECUTE FUNCTION client_overview_client_rows_changed();
--> statement-breakpoint
CREATE TRIGGER client_overview_project_access AFTER INSERT OR UPDATE OR DELETE ON portal_project_access
  FOR EACH ROW EXECUTE FUNCTION client_overview_client_rows_changed();
--> statement-breakpoint
CREATE FUNCTION client_overview_projects_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cypher.overview_notify', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  PERFORM client_overview_notify_client(a.client_id) FROM portal_project_access a WHERE a.project_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_overview_projects AFTER UPDATE OF status ON portal_projects
  FOR EACH ROW EXECUTE FUNCTION client_overview_projects_changed();
--> statement-breakpoint
CREATE FUNCTION client_overview_messages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cypher.overview_notify', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM client_overview_notify_client(a.client_id) FROM apps a WHERE a.id = OLD.app_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM client_overview_notify_client(a.client_id) FROM apps a WHERE a.id = NEW.app_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_overview_messages AFTER INSERT OR DELETE OR UPDATE OF status, sent_to, app_id ON app_messages
  FOR EACH ROW EXECUTE FUNCTION client_overview_messages_changed();
