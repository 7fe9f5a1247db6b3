-- What settle derives is no event of its own (0024): the flags of issue 35 join the columns the
-- requirements' history ignores. last_done_unknown and next_due_estimated change when a result is
-- recorded; last_done_stated_on is set when the item is added (an insert, recorded whole).
DROP TRIGGER history_capture ON requirements;
--> statement-breakpoint
CREATE TRIGGER history_capture AFTER INSERT OR UPDATE OR DELETE ON requirements
  FOR EACH ROW EXECUTE FUNCTION history_capture('search_activity', 'has_open_inspection', 'last_done_on', 'last_result', 'last_notes', 'next_due_date', 'last_done_unknown', 'next_due_estimated', 'last_done_stated_on');
