-- issue 10 (ADR 027): the built-in developer account whose Token every player may hack once for the
-- hack_developer_token mission. Its password hash is not an argon2 hash, so no password opens it
-- (login answers 401); banned keeps it off the leaderboard and Ping's directory. Its login ID has
-- a '~', which registration refuses, so no player can take it. The auth service fills its username
-- skeleton at start-up, so nobody registers a look-alike of 'developer' either.
INSERT INTO "users" ("login_id", "username", "password_hash", "level", "attack", "critical_rate", "bonus_critical_hit",
  "connection_rate", "item_drop_rate", "tap_tokens", "tap_tokens_at", "banned", "registration_ip")
SELECT '~developer', 'developer', '!developer-cannot-log-in', 1, 1, 0, 0, 10, 0, 0, 0, true, '0.0.0.0'
WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE lower("username") = 'developer' OR lower("login_id") = '~developer');
--> statement-breakpoint
INSERT INTO "file_systems" ("user_id", "token_dir", "is_developer")
SELECT "id", '/home/developer/projects', true FROM "users" WHERE "login_id" = '~developer'
ON CONFLICT ("user_id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "fs_directories" ("user_id", "path", "created_at")
SELECT u."id", d."path", now()
FROM "users" u, (VALUES ('/home'), ('/home/developer'), ('/home/developer/projects'), ('/var'), ('/var/log'), ('/etc')) AS d("path")
WHERE u."login_id" = '~developer'
ON CONFLICT ("user_id", "path") DO NOTHING;
