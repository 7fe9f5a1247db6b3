CREATE TABLE "unapplied_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unapplied_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"property_id" integer,
	"user_id" integer,
	"change_id" uuid NOT NULL,
	"label" text NOT NULL,
	"reason" text NOT NULL,
	"recorded" jsonb NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unapplied_changes_change_uq" UNIQUE("organization_id","change_id")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "notification_settings" SET DEFAULT '{"emailInspectionReminders":true,"emailComplianceAlerts":true,"emailReportGeneration":true,"emailNewFeatures":false,"emailMonthlySummary":false}'::jsonb;--> statement-breakpoint
ALTER TABLE "unapplied_changes" ADD CONSTRAINT "unapplied_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unapplied_changes" ADD CONSTRAINT "unapplied_changes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unapplied_changes" ADD CONSTRAINT "unapplied_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unapplied_changes_property_idx" ON "unapplied_changes" USING btree ("property_id");--> statement-breakpoint
-- Issue 33 (works without signal), hand-written after drizzle-kit's part:
-- 1. Every write to an inspection or a deficiency moves its updated_at (to the millisecond the
--    API gives), so an edit kept on a device is compared with the record by If-Match
--    (docs/offline.md). A write that sets updated_at itself (an undo putting a row back) keeps it.
CREATE OR REPLACE FUNCTION touch_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := date_trunc('milliseconds', clock_timestamp());
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER touch_updated_at BEFORE UPDATE ON inspections FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER touch_updated_at BEFORE UPDATE ON deficiencies FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
--> statement-breakpoint
-- 2. A change that could not be applied (what it changed was deleted) is an event of the history:
--    history_capture() of 0042 with a rule for unapplied_changes.
CREATE OR REPLACE FUNCTION history_capture() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
  the_row jsonb;
  diff jsonb;
  event_kind text;
  org_id integer;
  prop_id integer;
  prop_name text;
  row_id integer;
  entity text := TG_TABLE_NAME;
  subj jsonb := '{}'::jsonb;
  actor text := nullif(current_setting('firemark.actor', true), '');
  actor_user integer;
  actor_token integer;
  who text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  the_row := coalesce(new_row, old_row);
  org_id := (the_row ->> 'organization_id')::integer;
  -- undo_actions are named by a random text id: their event names the inspection or property instead.
  row_id := CASE WHEN jsonb_typeof(the_row -> 'id') = 'number' THEN (the_row ->> 'id')::integer END;

  SELECT coalesce(jsonb_object_agg(f.key, jsonb_build_array(old_row -> f.key, new_row -> f.key)), '{}'::jsonb)
    INTO diff
    FROM jsonb_object_keys(the_row) AS f(key)
   WHERE f.key <> ALL (TG_ARGV)
     AND f.key NOT IN ('id', 'organization_id', 'created_at', 'updated_at')
     AND f.key NOT LIKE '%\_id'
     AND CASE TG_OP
           WHEN 'INSERT' THEN new_row -> f.key <> 'null'::jsonb
           WHEN 'DELETE' THEN old_row -> f.key <> 'null'::jsonb
           ELSE (old_row -> f.key) IS DISTINCT FROM (new_row -> f.key)
         END;
  -- An update of derived or hidden columns alone (a status settled, a file moved) is no event.
  IF TG_OP = 'UPDATE' AND diff = '{}'::jsonb THEN
    RETURN NULL;
  END IF;

  CASE TG_TABLE_NAME
  WHEN 'properties' THEN
    prop_id := row_id;
    prop_name := the_row ->> 'name';
    subj := jsonb_build_object('name', prop_name);
    event_kind := CASE TG_OP WHEN 'INSERT' THEN 'property.created' WHEN 'DELETE' THEN 'property.deleted' ELSE 'property.updated' END;

  WHEN 'requirements' THEN
    prop_id := (the_row ->> 'property_id')::integer;
    subj := jsonb_build_object('item_type', the_row -> 'item_type', 'activity', the_row -> 'activity');
    event_kind := CASE
      WHEN TG_OP = 'INSERT' THEN 'requirement.added'
      WHEN TG_OP = 'DELETE' THEN 'requirement.removed'
      WHEN diff ? 'active' AND (new_row ->> 'active')::boolean THEN 'requirement.switched_on'
      WHEN diff ? 'active' THEN 'requirement.switched_off'
      ELSE 'requirement.updated' END;

  WHEN 'inspections' THEN
    prop_id := (the_row ->> 'property_id')::integer;
    subj := jsonb_build_object('inspection_type', the_row -> 'inspection_type', 'due_date', the_row -> 'due_date');
    event_kind := CASE
      WHEN TG_OP = 'INSERT' AND new_row ->> 'status' = 'completed' THEN 'inspection.recorded'
      WHEN TG_OP = 'INSERT' THEN 'inspection.scheduled'
      WHEN TG_OP = 'DELETE' THEN 'inspection.deleted'
      WHEN diff ? 'status' AND new_row ->> 'status' = 'completed' THEN 'inspection.completed'
      WHEN diff ? 'status' AND new_row ->> 'status' = 'cancelled' THEN 'inspection.cancelled'
      WHEN diff ? 'status' AND old_row ->> 'status' IN ('completed', 'cancelled') THEN 'inspection.reopened'
      WHEN diff ? 'due_date' THEN 'inspection.rescheduled'
      ELSE 'inspection.updated' END;

  WHEN 'deficiencies' THEN
    prop_id := (the_row ->> 'property_id')::integer;
    -- Deleted with their inspection: the inspection's deletion says so.
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM inspections i WHERE i.id = (old_row ->> 'inspection_id')::integer) THEN
      RETURN NULL;
    END IF;
    subj := jsonb_build_object('item_type', the_row -> 'item_type', 'description', the_row -> 'description');
    event_kind := CASE
      WHEN TG_OP = 'INSERT' THEN 'deficiency.recorded'
      WHEN TG_OP = 'DELETE' THEN 'deficiency.deleted'
      WHEN diff ? 'corrected_on' AND new_row ->> 'corrected_on' IS NOT NULL THEN 'deficiency.corrected'
      WHEN diff ? 'corrected_on' THEN 'deficiency.reopened'
      ELSE 'deficiency.updated' END;

  WHEN 'deficiency_photos' THEN
    SELECT d.property_id, jsonb_build_object('item_type', d.item_type, 'description', d.description)
      INTO prop_id, subj
      FROM deficiencies d WHERE d.id = (the_row ->> 'deficiency_id')::integer;
    IF prop_id IS NULL THEN
      RETURN NULL; -- deleted with its deficiency
    END IF;
    event_kind := CASE
      WHEN TG_OP = 'INSERT' THEN 'photo.added'
      WHEN TG_OP = 'DELETE' THEN 'photo.removed'
      WHEN diff ? 'quarantined_at' AND new_row ->> 'quarantined_at' IS NOT NULL THEN 'photo.quarantined'
      ELSE 'photo.updated' END;

  WHEN 'reports' THEN
    prop_id := (the_row ->> 'property_id')::integer;
    subj := jsonb_build_object('file_name', the_row -> 'file_name', 'report_number', the_row -> 'report_number');
    event_kind := CASE
      WHEN TG_OP = 'INSERT' THEN 'report.created'
      WHEN TG_OP = 'DELETE' THEN 'report.deleted'
      WHEN diff ? 'verify_revoked_at' AND new_row ->> 'verify_revoked_at' IS NOT NULL THEN 'report.verification_revoked'
      ELSE 'report.updated' END;

  WHEN 'memberships' THEN
    SELECT jsonb_build_object('name', coalesce(nullif(u.full_name, ''), u.username), 'role', the_row -> 'role')
      INTO subj FROM users u WHERE u.id = (the_row ->> 'user_id')::integer;
    subj := coalesce(subj, jsonb_build_object('role', the_row -> 'role'));
    event_kind := CASE
      WHEN TG_OP = 'INSERT' THEN 'member.added'
      WHEN TG_OP = 'DELETE' THEN 'member.removed'
      WHEN diff ? 'role' THEN 'member.role_changed'
      ELSE 'member.updated' END;

  WHEN 'membership_properties' THEN
    SELECT m.organization_id, m.id, jsonb_build_object('name', coalesce(nullif(u.full_name, ''), u.username), 'role', m.role)
      INTO org_id, row_id, subj
      FROM memberships m JOIN users u ON u.id = m.user_id
     WHERE m.id = (the_row ->> 'membership_id')::integer;
    IF org_id IS NULL THEN
      RETURN NULL; -- taken away with the membership
    END IF;
    entity := 'memberships';
    prop_id := (the_row ->> 'property_id')::integer;
    event_kind := CASE TG_OP WHEN 'INSERT' THEN 'member.property_given' ELSE 'member.property_taken' END;

  WHEN 'invitations' THEN
    subj := jsonb_build_object('email', the_row -> 'email', 'role', the_row -> 'role');
    event_kind := CASE
      WHEN TG_OP = 'INSERT' THEN 'invitation.sent'
      WHEN TG_OP = 'DELETE' THEN 'invitation.deleted'
      WHEN diff ? 'revoked_at' AND new_row ->> 'revoked_at' IS NOT NULL THEN 'invitation.revoked'
      WHEN diff ? 'accepted_at' AND new_row ->> 'accepted_at' IS NOT NULL THEN 'invitation.accepted'
      WHEN diff ? 'last_sent_at' THEN 'invitation.resent'
      ELSE 'invitation.updated' END;

  WHEN 'share_links' THEN
    prop_id := (the_row ->> 'property_id')::integer;
    subj := jsonb_build_object('recipient', the_row -> 'recipient');
    event_kind := CASE
      WHEN TG_OP = 'INSERT' THEN 'share_link.created'
      WHEN TG_OP = 'DELETE' THEN 'share_link.deleted'
      WHEN diff ? 'revoked_at' AND new_row ->> 'revoked_at' IS NOT NULL THEN 'share_link.revoked'
      ELSE 'share_link.updated' END;

  WHEN 'organizations' THEN
    org_id := row_id;
    subj := jsonb_build_object('name', the_row -> 'name');
    event_kind := CASE
      WHEN TG_OP = 'INSERT' THEN 'organization.created'
      WHEN diff ?| ARRAY['plan', 'pro_until', 'plan_source', 'trial_started_at', 'first_paid_at'] THEN 'plan.changed'
      ELSE 'organization.updated' END;

  WHEN 'safety_item_answers' THEN
    -- Answers about a safety item (issue 37) have no id of their own: the event names the property.
    prop_id := (the_row ->> 'property_id')::integer;
    entity := 'properties';
    row_id := prop_id;
    subj := jsonb_build_object('item_type', the_row -> 'item_type');
    event_kind := 'requirement.answers_changed';

  WHEN 'devices' THEN
    prop_id := (the_row ->> 'property_id')::integer;
    subj := jsonb_build_object('item_type', the_row -> 'item_type', 'tag', the_row -> 'tag');
    event_kind := CASE
      WHEN TG_OP = 'INSERT' THEN 'device.added'
      WHEN TG_OP = 'DELETE' THEN 'device.deleted'
      WHEN diff ? 'status' THEN 'device.status_changed'
      ELSE 'device.updated' END;

  WHEN 'undo_actions' THEN
    -- Only fired when an undo is used (its trigger's WHEN): the rows it put back have their own events.
    prop_id := (the_row ->> 'property_id')::integer;
    IF the_row ->> 'inspection_id' IS NOT NULL THEN
      entity := 'inspections';
      row_id := (the_row ->> 'inspection_id')::integer;
    ELSE
      entity := 'properties';
      row_id := prop_id;
    END IF;
    diff := '{}'::jsonb;
    event_kind := 'undo.' || (the_row ->> 'kind');

  WHEN 'unapplied_changes' THEN
    -- A change recorded offline that arrived after what it changed was deleted (docs/offline.md):
    -- the event lists what was recorded, field by field, as a creation lists its values.
    prop_id := (the_row ->> 'property_id')::integer;
    subj := jsonb_build_object('label', the_row -> 'label', 'reason', the_row -> 'reason');
    IF TG_OP <> 'INSERT' THEN
      RETURN NULL; -- kept as it arrived; gone only with its organisation
    END IF;
    SELECT coalesce(jsonb_object_agg(lower(regexp_replace(r.key, '([a-z0-9])([A-Z])', '\1_\2', 'g')), jsonb_build_array(NULL, r.value)), '{}'::jsonb)
      INTO diff
      FROM jsonb_each(CASE jsonb_typeof(the_row -> 'recorded') WHEN 'object' THEN the_row -> 'recorded' ELSE '{}'::jsonb END) AS r(key, value)
     WHERE r.value <> 'null'::jsonb;
    diff := diff || jsonb_build_object('recorded_at', jsonb_build_array(NULL, the_row -> 'recorded_at'));
    event_kind := 'offline.unapplied';

  ELSE
    RAISE EXCEPTION 'history_capture() has no rule for table %', TG_TABLE_NAME;
  END CASE;

  IF prop_id IS NOT NULL THEN
    IF prop_name IS NULL THEN
      SELECT p.name INTO prop_name FROM properties p WHERE p.id = prop_id;
      -- A row deleted with its property: the property's deletion is the event.
      IF prop_name IS NULL AND TG_OP = 'DELETE' THEN
        RETURN NULL;
      END IF;
    END IF;
  END IF;

  -- A row deleted with its organisation leaves no event: the organisation's events go with it.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = org_id) THEN
    RETURN NULL;
  END IF;

  IF actor IS NOT NULL THEN
    actor_user := nullif(split_part(actor, ':', 1), '')::integer;
    actor_token := nullif(split_part(actor, ':', 2), '')::integer;
    SELECT coalesce(nullif(u.full_name, ''), u.username) INTO who FROM users u WHERE u.id = actor_user;
    IF actor_token IS NOT NULL THEN
      SELECT coalesce(who, '') || ' (API token ' || t.name || ')' INTO who FROM api_tokens t WHERE t.id = actor_token;
    END IF;
  END IF;

  INSERT INTO history_events
    (organization_id, property_id, property_name, actor_kind, actor_user_id, actor_token_id, actor_name, kind, entity_table, entity_id, subject, changes)
  VALUES
    (org_id, prop_id, prop_name,
     CASE WHEN actor_token IS NOT NULL THEN 'token' WHEN actor_user IS NOT NULL THEN 'member' ELSE 'system' END,
     actor_user, actor_token, who, event_kind, entity, row_id, subj, diff);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER history_capture AFTER INSERT OR UPDATE OR DELETE ON unapplied_changes
  FOR EACH ROW EXECUTE FUNCTION history_capture();
