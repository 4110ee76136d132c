ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "known_devices" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "known_devices" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "known_devices" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "known_devices" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "known_devices" ADD COLUMN "approved_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "known_devices" ADD COLUMN "approval_token_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_seq_unique" UNIQUE("seq");--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_id_unique" UNIQUE("id");--> statement-breakpoint
CREATE SEQUENCE "audit_log_seq";--> statement-breakpoint
CREATE FUNCTION "audit_entry_hash"(prev text, seq bigint, id uuid, user_id uuid, event text, address text,
  user_agent text, detail jsonb, created_at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(prev, seq, id, user_id, event, address, user_agent,
    detail, (extract(epoch FROM created_at) * 1000000)::bigint)::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
CREATE FUNCTION "audit_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_hash text;
BEGIN
  -- One writer extends the chain at a time; the lock is held until the writer commits.
  PERFORM pg_advisory_xact_lock(hashtext('audit_log_chain'));
  SELECT hash INTO last_hash FROM audit_log WHERE seq IS NOT NULL ORDER BY seq DESC LIMIT 1;
  NEW.seq := nextval('audit_log_seq');
  NEW.prev_hash := last_hash;
  NEW.hash := audit_entry_hash(NEW.prev_hash, NEW.seq, NEW.id, NEW.user_id, NEW.event, NEW.address,
    NEW.user_agent, NEW.detail, NEW.created_at);
  RETURN NEW;
END;
$$;--> statement-breakpoint
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_change";--> statement-breakpoint
DO $$
DECLARE
  entry record;
  last_hash text;
  next_seq bigint;
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY created_at, id LOOP
    next_seq := nextval('audit_log_seq');
    UPDATE audit_log SET seq = next_seq, prev_hash = last_hash,
      hash = audit_entry_hash(last_hash, next_seq, entry.id, entry.user_id, entry.event, entry.address,
        entry.user_agent, entry.detail, entry.created_at)
    WHERE id = entry.id RETURNING hash INTO last_hash;
  END LOOP;
END;
$$;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_change";--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_chain"();
