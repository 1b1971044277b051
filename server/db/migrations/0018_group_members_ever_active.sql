ALTER TABLE "group_members" ADD COLUMN "ever_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A membership that becomes active is marked ever_active, whatever path made it
-- (a teacher's answer, a promo code, a school placing its students, a guest
-- registered into a group): teachers keep in scope the children they teach or
-- taught, never a request only pending or refused (docs/SCOPE.md).
CREATE FUNCTION group_members_ever_active() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ever_active := true;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER group_members_ever_active BEFORE INSERT OR UPDATE OF status ON group_members
  FOR EACH ROW WHEN (NEW.status = 1) EXECUTE FUNCTION group_members_ever_active();
--> statement-breakpoint
-- Memberships from before: active now, or shown active once by the audit log
-- (a member set to status 1), by an activity handed in to the group, or by a certificate of it.
UPDATE group_members gm SET ever_active = true
WHERE gm.status = 1
   OR EXISTS (SELECT 1 FROM logs l WHERE l.entity = 'group' AND l.entity_id = gm.group_id
              AND l.new_value->>'child_id' = gm.child_id::text AND l.new_value->>'status' = '1')
   OR EXISTS (SELECT 1 FROM activities a WHERE a.group_id = gm.group_id AND a.child_id = gm.child_id)
   OR EXISTS (SELECT 1 FROM certificates c WHERE c.group_id = gm.group_id AND c.child_id = gm.child_id);
