"""Las Vegas (Rüdiger Dorn): roll, place dice on six casinos, win the bills by majority."""
