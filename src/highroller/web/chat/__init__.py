"""A table's chat: the quick phrases, what a message may hold, who may chat and how fast, the
messages told to the people at the table in every process, and the notifications of those away."""
