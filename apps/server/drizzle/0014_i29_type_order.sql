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
