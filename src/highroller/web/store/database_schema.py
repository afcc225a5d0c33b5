"""The database schema of the web server, the same on SQLite and PostgreSQL, and its migrations.

`hr_tables` holds each table's header and what every server process needs to coordinate without
talking to the others: `revision` (bumped by every change, the compare-and-set token), `version`
(steps stored), `due`/`lease_*` (a bot move or an expired turn timer waiting for a bot worker),
`creator` and `creator_net` (keyed hashes of the creating address and its network, for quotas),
`mover` (the seat on move, `CHANCE` or `TERMINAL`) and `last_line` (the log's last line) for lists
that must not load the table.
`hr_steps` holds one row per step under a
(table, number) key, with its log lines: a step is accepted only if it is the next one; rows are only ever appended, but
for the undo at a companion table (`real_dice`), which removes a person's last step and the automatic steps
after it. `hr_seat_changes` records who was away or left, and when, and who took steps back (and what). `hr_joins`
counts the seats each address and network took
(one row per seat taken, kept an hour), so taking a seat and leaving it again still counts.
`hr_profiles` are the players who keep a profile (a name and languages, no e-mail, no password), each
device signed in holding a key of its own (`hr_profile_keys`, hashed, with how and when it signed in,
its browser and system, and when it was last seen); `hr_signin_links` (one-time codes, hashed: a
link's, or a passkey sign-in's waiting for its yes), `hr_passkeys` (WebAuthn credentials, with the site
each was made for) and `hr_challenges` (WebAuthn challenges in flight) sign a second device in; `hr_push`
holds each device's Web Push subscription (and the key of the device that made it); `hr_notices` notes
each event notified (its key lets one process alone record it) and `hr_outbox` its notification to each
device, due, sent or failed (`highroller.web.people.outbox`); `hr_checkpoints` the state of each table after
some step (`version`), pickled by the engine named in `engine` (`highroller.web.tables.checkpoints`), so that
loading a table does not replay its game; `hr_results` the final ranking of each
rated game, in the order the ratings took them (`seq`), with why it counted for nobody (`void`: null
when it counted), and `hr_ratings` what they give. A seat taken with a profile names it
(`hr_seats.profile_id`), keeps its time bank (`bank`) and the keyed hash of the network it was taken
from (`network`, for the rule of one person per network at a rated table); a table notes the
person whose move it is (`waiting`) and since when (`waiting_since`), the time bank each person starts
with (`bank`) and whether and how it is rated (`rated`).
`hr_presence` holds, with several server processes, each process's open connections to each table
per seat held (seat -1: watchers) and when the process last said it is alive (`highroller.web.tables.presence`);
a table added later is created by `CREATE TABLE IF NOT EXISTS` in an older database too. `hr_meta`
keeps the schema version and the address key.
`hr_finishes` holds each seat of each finished game, its place and score (`highroller.web.store.finish_queries`),
and outlives the table.
`hr_follows` holds who follows whom (profile ids; the profiles one follows are one's friends),
`hr_blocks` who blocked whom, and `hr_invitations` the invitations to a table a profile sent a friend
(pending, accepted or declined; one per table and invitee); a table notes the profile that made it
(`creator_profile`: its first seat's, or the rematch asker's), whose blocks keep people from its seats
(`highroller.web.people.friends`, `highroller.web.people.invitations`).
`hr_chat` holds each table's chat messages (numbered per table, `n`; the author's seat, or null for a
spectator, name and profile; a quick phrase's code or the text typed; `hidden` once the host hid it),
`hr_chat_rules` who may chat at a table (players, everyone or off), `hr_chat_record` each seat's yes or
no to the chat going into the record, `hr_chat_reports` the messages reported to the host, and
`hr_chat_unseen`/`hr_chat_quiet` the batched chat notifications owed and the profiles that want none
(`highroller.web.chat`); all are deleted with their table.
`hr_bans` holds the host's bans (`highroller admin ban`): of an address or a network (their keyed hashes,
as quotas store them) or of a profile, until when (null: for good), by whom and why; `hr_admin_log`
every change an operator made with `highroller admin` (numbered, `seq`: when, who, the command, its
target, the table it changed if any, and why). `hr_meta` also keeps `admin_generation`, bumped by
every such change (server processes re-read bans and maintenance, and the tables named, when it moves),
and `maintenance` (the message of read-only mode while it is on) (`highroller.web.moderation`).
"""

from __future__ import annotations

SCHEMA_VERSION = 2

TABLES = (
    """CREATE TABLE IF NOT EXISTS hr_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS hr_tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        rematch TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS hr_seats (
        table_id TEXT NOT NULL REFERENCES hr_tables(id),
        seat INTEGER NOT NULL,
        name TEXT,
        bot TEXT,
        token_hash TEXT,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_steps (
        table_id TEXT NOT NULL REFERENCES hr_tables(id),
        n INTEGER NOT NULL,
        step TEXT NOT NULL,
        PRIMARY KEY (table_id, n)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_seat_changes (
        table_id TEXT NOT NULL REFERENCES hr_tables(id),
        revision INTEGER NOT NULL,
        n INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        change TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, revision)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_joins (
        address TEXT NOT NULL,
        network TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS hr_presence (
        table_id TEXT NOT NULL,
        process TEXT NOT NULL,
        seat INTEGER NOT NULL,
        visible INTEGER NOT NULL,
        connections INTEGER NOT NULL,
        seen DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, process, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_profiles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        languages TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS hr_profile_keys (
        key_hash TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        seen DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS hr_signin_links (
        code_hash TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        expires DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS hr_passkeys (
        credential_id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        public_key TEXT NOT NULL,
        sign_count BIGINT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS hr_challenges (
        id TEXT PRIMARY KEY,
        challenge TEXT NOT NULL,
        purpose TEXT NOT NULL,
        profile_id TEXT,
        expires DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS hr_push (
        endpoint TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        p256dh TEXT NOT NULL,
        auth TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS hr_notices (
        table_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, version, seat, kind)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_outbox (
        table_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        profile_id TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        next_try DOUBLE PRECISION NOT NULL,
        lease_owner TEXT,
        lease_until DOUBLE PRECISION,
        done DOUBLE PRECISION,
        reason TEXT,
        PRIMARY KEY (table_id, version, seat, kind, endpoint)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_results (
        table_id TEXT PRIMARY KEY,
        seq INTEGER NOT NULL UNIQUE,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        ranking TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS hr_checkpoints (
        table_id TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        engine TEXT NOT NULL,
        state BYTEA NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS hr_ratings (
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        player TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (game, players, player)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_finishes (
        table_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        profile_id TEXT,
        bot TEXT,
        name TEXT,
        place INTEGER NOT NULL,
        score DOUBLE PRECISION NOT NULL,
        left_game INTEGER NOT NULL,
        finished_at DOUBLE PRECISION NOT NULL,
        rated TEXT,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_follows (
        follower TEXT NOT NULL,
        followed TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (follower, followed)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_blocks (
        blocker TEXT NOT NULL,
        blocked TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (blocker, blocked)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_invitations (
        id TEXT PRIMARY KEY,
        table_id TEXT NOT NULL,
        inviter TEXT,
        invitee TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        state TEXT NOT NULL,
        UNIQUE (table_id, invitee)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_chat (
        table_id TEXT NOT NULL,
        n INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        seat INTEGER,
        author TEXT NOT NULL,
        profile_id TEXT,
        phrase TEXT,
        text TEXT,
        hidden INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, n)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_chat_rules (
        table_id TEXT PRIMARY KEY,
        who TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS hr_chat_record (
        table_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        include INTEGER NOT NULL,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_chat_reports (
        id TEXT PRIMARY KEY,
        table_id TEXT NOT NULL,
        n INTEGER NOT NULL,
        reporter TEXT NOT NULL,
        reporter_name TEXT NOT NULL,
        reason TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        state TEXT NOT NULL,
        UNIQUE (table_id, n, reporter)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_chat_unseen (
        table_id TEXT NOT NULL,
        profile_id TEXT NOT NULL,
        since DOUBLE PRECISION NOT NULL,
        count INTEGER NOT NULL,
        last_n INTEGER NOT NULL,
        PRIMARY KEY (table_id, profile_id)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_chat_quiet (
        profile_id TEXT PRIMARY KEY
    )""",
    """CREATE TABLE IF NOT EXISTS hr_bans (
        kind TEXT NOT NULL,
        target TEXT NOT NULL,
        label TEXT NOT NULL,
        until DOUBLE PRECISION,
        operator TEXT NOT NULL,
        reason TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (kind, target)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_admin_log (
        seq INTEGER PRIMARY KEY,
        at DOUBLE PRECISION NOT NULL,
        operator TEXT NOT NULL,
        command TEXT NOT NULL,
        target TEXT NOT NULL,
        table_id TEXT,
        reason TEXT NOT NULL
    )""",
)

ADDED_COLUMNS = (
    ("hr_tables", "revision INTEGER NOT NULL DEFAULT 0"),
    ("hr_tables", "version INTEGER NOT NULL DEFAULT 0"),
    ("hr_tables", "started INTEGER NOT NULL DEFAULT 0"),
    ("hr_tables", "has_bots INTEGER NOT NULL DEFAULT 0"),
    ("hr_tables", "timer INTEGER"),
    ("hr_tables", "stand_in TEXT"),
    ("hr_tables", "bot_delay DOUBLE PRECISION NOT NULL DEFAULT 0.6"),
    ("hr_tables", "due DOUBLE PRECISION"),
    ("hr_tables", "lease_owner TEXT"),
    ("hr_tables", "lease_until DOUBLE PRECISION"),
    ("hr_tables", "creator TEXT"),
    ("hr_tables", "touched DOUBLE PRECISION"),
    ("hr_tables", "finished_at DOUBLE PRECISION"),
    ("hr_seats", "control TEXT"),
    ("hr_seats", "joined_at DOUBLE PRECISION"),
    ("hr_seats", "joined_by TEXT"),
    ("hr_tables", "hints INTEGER NOT NULL DEFAULT 1"),
    ("hr_tables", "real_dice INTEGER NOT NULL DEFAULT 0"),
    ("hr_tables", "creator_net TEXT"),
    ("hr_seat_changes", "detail TEXT"),
    ("hr_seats", "profile_id TEXT"),
    ("hr_seats", "bank DOUBLE PRECISION"),
    ("hr_tables", "waiting INTEGER"),
    ("hr_tables", "waiting_since DOUBLE PRECISION"),
    ("hr_tables", "bank DOUBLE PRECISION"),
    ("hr_tables", "rated TEXT"),
    ("hr_steps", "lines TEXT"),
    ("hr_steps", "log_end INTEGER"),
    ("hr_tables", "mover INTEGER"),
    ("hr_tables", "last_line TEXT"),
    ("hr_passkeys", "rp_id TEXT"),
    ("hr_passkeys", "origin TEXT"),
    ("hr_profile_keys", "how TEXT"),
    ("hr_profile_keys", "passkey_id TEXT"),
    ("hr_profile_keys", "browser TEXT"),
    ("hr_profile_keys", "system TEXT"),
    ("hr_signin_links", "passkey_id TEXT"),
    ("hr_push", "key_hash TEXT"),
    ("hr_seats", "network TEXT"),
    ("hr_results", "void TEXT"),
    ("hr_tables", "creator_profile TEXT"),
)
"""Columns schema 2 adds to schema 1's tables (a fresh database gets them the same way), and columns
added since with a default that is right for the tables already there (`hints`: allowed; `real_dice`:
the server draws; `creator_net`: none, so older tables count for their address only; a seat change's
`detail`: none, as only a companion table's undo has one; a passkey's `rp_id` and `origin`: none, the
site it is first verified for is taken as its own; a device key's `how`, `passkey_id`, `browser` and
`system`: unknown; a push subscription's `key_hash`: none, so signing a device out leaves it to the
profile; a seat's `network`: none, so a seat taken before is nobody's network; a result's `void`: none,
as every result stored before counted, but for an empty ranking; a table's `creator_profile`: none,
so nobody's blocks keep anyone from an older table's seats). `hr_seats`'
`joined_at` is no longer written (`hr_joins` counts seats taken); `joined_by` is the address that took
the seat (`Origin.address`: a keyed hash, or "local" for the server's own machine), so that its maker
can close a table it alone plays at; none for seats taken before, which only their token or profile closes. A step's
`lines` (its log lines, narrated with seat marks, JSON) and `log_end` (the step lines of the table through it) are
none for steps stored by an earlier highroller: the table's first load narrates them and fills them in.
A table's `mover` (who is on move) and `last_line` (its log's last line) are none for tables last
changed by an earlier highroller: they are read from the table itself until its next change."""

INDEXES = (
    "CREATE INDEX IF NOT EXISTS hr_tables_open ON hr_tables (finished, created)",
    "CREATE INDEX IF NOT EXISTS hr_tables_due ON hr_tables (due)",
    "CREATE INDEX IF NOT EXISTS hr_tables_creator ON hr_tables (creator, created)",
    "CREATE INDEX IF NOT EXISTS hr_tables_creator_net ON hr_tables (creator_net, created)",
    "CREATE INDEX IF NOT EXISTS hr_joins_address ON hr_joins (address, at)",
    "CREATE INDEX IF NOT EXISTS hr_joins_network ON hr_joins (network, at)",
    "CREATE INDEX IF NOT EXISTS hr_presence_process ON hr_presence (process)",
    "CREATE INDEX IF NOT EXISTS hr_seats_profile ON hr_seats (profile_id)",
    "CREATE INDEX IF NOT EXISTS hr_profile_keys_profile ON hr_profile_keys (profile_id)",
    "CREATE INDEX IF NOT EXISTS hr_passkeys_profile ON hr_passkeys (profile_id)",
    "CREATE INDEX IF NOT EXISTS hr_push_profile ON hr_push (profile_id)",
    "CREATE INDEX IF NOT EXISTS hr_push_key ON hr_push (key_hash)",
    "CREATE INDEX IF NOT EXISTS hr_tables_waiting ON hr_tables (waiting, finished)",
    "CREATE INDEX IF NOT EXISTS hr_ratings_board ON hr_ratings (game, players)",
    "CREATE INDEX IF NOT EXISTS hr_tables_rated ON hr_tables (finished) WHERE rated IS NOT NULL",
    "CREATE INDEX IF NOT EXISTS hr_outbox_due ON hr_outbox (next_try) WHERE state = 'due'",
    "CREATE INDEX IF NOT EXISTS hr_results_at ON hr_results (at)",
    "CREATE INDEX IF NOT EXISTS hr_ratings_player ON hr_ratings (player)",
    "CREATE INDEX IF NOT EXISTS hr_finishes_profile ON hr_finishes (profile_id, finished_at)",
    "CREATE INDEX IF NOT EXISTS hr_follows_followed ON hr_follows (followed)",
    "CREATE INDEX IF NOT EXISTS hr_blocks_blocked ON hr_blocks (blocked)",
    "CREATE INDEX IF NOT EXISTS hr_invitations_invitee ON hr_invitations (invitee, at)",
    "CREATE INDEX IF NOT EXISTS hr_invitations_inviter ON hr_invitations (inviter, at)",
    "CREATE INDEX IF NOT EXISTS hr_invitations_at ON hr_invitations (at)",
    "CREATE INDEX IF NOT EXISTS hr_chat_reports_open ON hr_chat_reports (state, at)",
    "CREATE INDEX IF NOT EXISTS hr_chat_unseen_since ON hr_chat_unseen (since)",
)

BACKFILL = (
    "UPDATE hr_tables SET version = (SELECT COUNT(*) FROM hr_steps WHERE hr_steps.table_id = hr_tables.id), touched = "
    "created",
    """UPDATE hr_tables SET
        started = CASE WHEN EXISTS (SELECT 1 FROM hr_seats s WHERE s.table_id = hr_tables.id AND s.bot IS NULL
          AND s.token_hash IS NULL) THEN 0 ELSE 1 END,
        has_bots = CASE WHEN EXISTS (SELECT 1 FROM hr_seats s WHERE s.table_id = hr_tables.id
          AND s.bot IS NOT NULL) THEN 1 ELSE 0 END""",
    "UPDATE hr_tables SET finished_at = ? WHERE finished = 1",
    "UPDATE hr_tables SET due = ? WHERE finished = 0 AND started = 1 AND has_bots = 1",
)
"""Schema 1 → 2 for tables that already exist: what the new columns say of them. Tables with bots that
are in play are marked due, so a bot worker looks at each once (and clears it if no bot is on move);
finished tables count as finished now, so they are kept for the whole keeping period."""
