-- Lists ordered by type read the types' names (issue #29): their changes bump the list version (a shared type,
-- project NULL, counts for every project of the workspace, like labels).
DO $$
BEGIN
  DROP TRIGGER IF EXISTS issue_types_list_version_ins ON issue_types;
  DROP TRIGGER IF EXISTS issue_types_list_version_upd ON issue_types;
  DROP TRIGGER IF EXISTS issue_types_list_version_del ON issue_types;
  CREATE TRIGGER issue_types_list_version_ins AFTER INSERT ON issue_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch_labels();
  CREATE TRIGGER issue_types_list_version_upd AFTER UPDATE ON issue_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch_labels();
  CREATE TRIGGER issue_types_list_version_del AFTER DELETE ON issue_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch_labels();
END $$;
