-- The Telnet ledger is append-only: corrections are new rows, never edits.
CREATE FUNCTION telnet_ledger_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'telnet_ledger is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER telnet_ledger_append_only BEFORE UPDATE OR DELETE ON telnet_ledger
  FOR EACH ROW EXECUTE FUNCTION telnet_ledger_refuse_change();
--> statement-breakpoint
-- Telnet Core types T-1..T-5 (src/core/rules/drops.ts coreTypes).
INSERT INTO telnet_core_types (id, name) VALUES (1, 'T-1'), (2, 'T-2'), (3, 'T-3'), (4, 'T-4'), (5, 'T-5');
