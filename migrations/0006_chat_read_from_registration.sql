-- issue 6, 7h: a new account starts having read the global chat up to its newest line, so it is not
-- greeted by a red '!' for lines written before it existed. In the same statement as the account's
-- INSERT: any line inserted after it gets a larger id (the sequence only grows) and shows as unread.
CREATE FUNCTION chat_reads_start_at_newest() RETURNS trigger AS $$
BEGIN
  INSERT INTO chat_reads (user_id, last_read_id)
    SELECT NEW.id, coalesce(max(id), 0) FROM chat_messages
  ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_chat_read_start AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION chat_reads_start_at_newest();
