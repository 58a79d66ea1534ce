-- Work item types and custom properties (issue #29). Installed by the types_ migration; idempotent. A change is a new
-- custom migration carrying the changed statements, made in this file too (db/sql-files.test.ts holds them together).
--
-- What an item shows of its custom properties is kept on its row (issues.property_values: {property id: [values]})
-- so a list page and an API answer read one column. A statement-level trigger on issue_property_values recomputes
-- the touched items' column in the writing statement (cascades too: a deleted property or option). The commands that
-- write values lock the item row first (FOR NO KEY UPDATE), so two transactions writing values of one item run one
-- after the other and the second recomputes from what the first committed.
CREATE OR REPLACE FUNCTION issue_property_values_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT issue) INTO ids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT issue) INTO ids FROM (SELECT issue FROM new_rows UNION SELECT issue FROM old_rows) x;
  ELSE
    SELECT array_agg(DISTINCT issue) INTO ids FROM old_rows;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  UPDATE issues i SET property_values = n.v
  FROM (
    SELECT x.id, coalesce((
      SELECT jsonb_object_agg(g.property, g.vals) FROM (
        SELECT v.property::text AS property, jsonb_agg(v.value ORDER BY v.position, v.value) AS vals
        FROM issue_property_values v WHERE v.issue = x.id GROUP BY v.property) g), '{}'::jsonb) AS v
    FROM unnest(ids) x(id)
  ) n
  WHERE i.id = n.id AND i.property_values IS DISTINCT FROM n.v;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS issue_property_values_keep_ins ON issue_property_values;
--> statement-breakpoint
CREATE TRIGGER issue_property_values_keep_ins AFTER INSERT ON issue_property_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION issue_property_values_keep();
--> statement-breakpoint
DROP TRIGGER IF EXISTS issue_property_values_keep_upd ON issue_property_values;
--> statement-breakpoint
CREATE TRIGGER issue_property_values_keep_upd AFTER UPDATE ON issue_property_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION issue_property_values_keep();
--> statement-breakpoint
DROP TRIGGER IF EXISTS issue_property_values_keep_del ON issue_property_values;
--> statement-breakpoint
CREATE TRIGGER issue_property_values_keep_del AFTER DELETE ON issue_property_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION issue_property_values_keep();
--> statement-breakpoint
-- The types a project with types on has: a default type (new work items take it) and the epic type (its items are
-- the project's epics); items without a type get theirs. Called when a project turns types on, and for projects
-- that had them on when this was installed.
CREATE OR REPLACE FUNCTION issue_types_ensure(p uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w uuid;
  d uuid;
  e uuid;
BEGIN
  SELECT workspace INTO w FROM projects WHERE id = p;
  IF w IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('issue_types:' || p::text));
  SELECT id INTO d FROM issue_types WHERE project = p AND is_default;
  IF d IS NULL THEN
    INSERT INTO issue_types (workspace, project, name, description, is_default, sort_order, logo_props)
    VALUES (w, p, 'Work item', 'The type new work items take.', true, 65535, '{"in_use": "icon", "icon": {"name": "layers", "color": "#6b7280"}}')
    RETURNING id INTO d;
  END IF;
  SELECT id INTO e FROM issue_types WHERE project = p AND is_epic;
  IF e IS NULL THEN
    INSERT INTO issue_types (workspace, project, name, description, is_epic, sort_order, logo_props)
    VALUES (w, p, 'Epic', 'Epics of the project.', true, 75535, '{"in_use": "icon", "icon": {"name": "epic", "color": "#7c3aed"}}')
    RETURNING id INTO e;
  END IF;
  UPDATE issues SET type = CASE WHEN is_epic THEN e ELSE d END WHERE project = p AND type IS NULL;
END $$;
--> statement-breakpoint
-- The new tables publish live events (live-events.sql installs the trigger on every table with a workspace column).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['issue_types', 'issue_properties', 'issue_property_options', 'issue_property_values'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_live', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION live_capture()', t || '_live', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Lists ordered by an option property read the options' order: their changes bump the list version (a shared
-- type's options, project NULL, count for every project of the workspace, like labels).
DO $$
BEGIN
  DROP TRIGGER IF EXISTS issue_property_options_list_version_ins ON issue_property_options;
  DROP TRIGGER IF EXISTS issue_property_options_list_version_upd ON issue_property_options;
  DROP TRIGGER IF EXISTS issue_property_options_list_version_del ON issue_property_options;
  CREATE TRIGGER issue_property_options_list_version_ins AFTER INSERT ON issue_property_options REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch_labels();
  CREATE TRIGGER issue_property_options_list_version_upd AFTER UPDATE ON issue_property_options REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch_labels();
  CREATE TRIGGER issue_property_options_list_version_del AFTER DELETE ON issue_property_options REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch_labels();
END $$;
--> statement-breakpoint
-- Lists ordered by type read the types' names (issue #29): their changes bump the list version (a shared type,
-- project NULL, counts for every project of the workspace, like labels).
DO $$
DECLARE
  ev text[];
BEGIN
  FOREACH ev SLICE 1 IN ARRAY ARRAY[
    ['ins', 'INSERT', 'NEW TABLE AS new_rows'],
    ['upd', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['del', 'DELETE', 'OLD TABLE AS old_rows']
  ] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS issue_types_list_version_%s ON issue_types', ev[1]);
    EXECUTE format('CREATE TRIGGER issue_types_list_version_%s AFTER %s ON issue_types REFERENCING %s '
      'FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch_labels()', ev[1], ev[2], ev[3]);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT issue_types_ensure(id) FROM projects WHERE is_issue_type_enabled;
