"""Pig for highroller: each turn a player rolls one die as often as they like, adding its face to the
turn's total, and holds to bank it; a 1 loses the turn's total and ends the turn. The first to reach
the target wins.

A game of its own package: its rules, steps, bots, words (English and French), terminal drawing,
typed input, declared view, learning encoder, browser board and rules in short, registered through
the `highroller.games` entry point. No part of highroller knows the game by name."""
