-- Up Migration
-- The community's Discord server: one connection (the application, its bot and the server), the rules
-- that give Discord roles to groups' members, and the players' linked Discord accounts.
CREATE TABLE discord_connection (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  client_id text NOT NULL,
  -- AES-256-GCM, as the SWCombine binding's tokens: write-only secrets.
  client_secret_enc text,
  bot_token_enc text,
  guild_id text NOT NULL,
  on_leave text NOT NULL DEFAULT 'remove_roles' CHECK (on_leave IN ('remove_roles', 'kick')),
  nickname text,
  reconcile text NOT NULL DEFAULT 'fix' CHECK (reconcile IN ('fix', 'report')),
  -- Why Discord work stopped (a bot token Discord refuses): nothing is sent until an admin saves again.
  stopped_reason text,
  -- Roles Discord refused to let the bot give or take (403 50013), by id: changes to them stop.
  refused_roles text[] NOT NULL DEFAULT '{}',
  last_answer_at timestamptz,
  last_error text,
  -- The last reconcile (on schedule or on demand): when, and what it found or changed, in words.
  last_reconcile_at timestamptz,
  last_reconcile_summary text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Members of the group hold the Discord role; the portal manages exactly the roles named here.
CREATE TABLE discord_role_rules (
  group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  role_id text NOT NULL,
  -- The role's name when the rule was saved: audit events and previews name roles without asking Discord.
  role_name text NOT NULL,
  PRIMARY KEY (group_id, role_id)
);
CREATE INDEX discord_role_rules_role ON discord_role_rules (role_id);

-- One Discord account per character, one character per Discord account.
CREATE TABLE discord_links (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  discord_id text NOT NULL UNIQUE,
  username text NOT NULL,
  access_token_enc text,
  refresh_token_enc text,
  token_expires_at timestamptz,
  linked_at timestamptz NOT NULL DEFAULT now(),
  -- Discord said the player is not in the server (10007): re-added at the next link or reconcile.
  not_in_server boolean NOT NULL DEFAULT false,
  last_error text
);

-- A Discord authorization under way: the state, hashed, bound to the session that started it.
CREATE TABLE discord_link_states (
  state_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id uuid NOT NULL,
  expires_at timestamptz NOT NULL
);
