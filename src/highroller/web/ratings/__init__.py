"""Rated tables: who may sit at one (`rated_seats`), their results recorded as their games finish
(`rating_keeper`) into each player's rating per game and player count (`results`), and the leaderboards
read from them (`leaderboards`)."""
