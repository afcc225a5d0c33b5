"""The host's hand on a running server: bans (of an address, a network or a profile) and read-only
mode, kept in the database by `highroller admin` and enforced by every server process within seconds
(`standing`: what this process knows of them, read again whenever the admin log moves; `gate`: the
middleware that turns banned requests away; `targets`: what a ban of what the host typed stores)."""
