"""Last Chance (Milton Bradley): bid for the right to roll a card's five dice, side bets, jokers."""
