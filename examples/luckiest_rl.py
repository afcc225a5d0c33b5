"""Train a small agent on one Luckiest Dice turn and compare it with the exact solver's policy.

The environment is `highroller.envs.gymnasium.HighrollerEnv("luckiest", players=1, rounds=1)`: one
practice turn per episode, rewarded with the turn's points, so the agent's expected reward is its
expected turn score — the quantity the solver maximises exactly (15.731852 points with the default
dice). The agent is Maskable PPO from sb3-contrib (Stable-Baselines3 with action masks), a small
multilayer perceptron on the CPU.

    pip install "highroller[rl]" torch==2.13.0 sb3-contrib
    python examples/luckiest_rl.py --timesteps 200000 --eval-turns 20000

It prints the agent's mean turn score with its standard error, the optimal bot's mean over the same
number of turns, the solver's exact value, and the gap.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

import highroller as hr
from highroller.envs.gymnasium import HighrollerEnv
from highroller.games.luckiest.faces import resolve_faces
from highroller.games.luckiest.solver import score_values


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of `values` and its standard error."""
    array = np.asarray(values, dtype=float)
    return float(array.mean()), float(array.std(ddof=1) / math.sqrt(len(array)))


def solver_value() -> float:
    """The exact expected points of a turn played by the solver's policy (default dice)."""
    return float(score_values(resolve_faces("default")).start[0])


def bot_scores(name: str, turns: int, seed: int) -> list[float]:
    """The points of `turns` practice turns played by the highroller bot `name`."""
    game = hr.make("luckiest", players=1, rounds=1)
    return [hr.play(game, [name], seed=seed + turn).returns()[0] for turn in range(turns)]


def train(timesteps: int, rollout: int, seed: int) -> Any:
    """Maskable PPO trained for `timesteps` steps on one-turn episodes, updating every `rollout` steps."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.logger import Logger

    env = HighrollerEnv("luckiest", players=1, rounds=1)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        gamma=1.0,
        n_steps=rollout,
        batch_size=min(256, rollout),
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        verbose=0,
    )
    model.set_logger(
        Logger(folder=None, output_formats=[])
    )  # no log files (the default logger makes a folder in the system's temporary directory)
    model.learn(total_timesteps=timesteps)
    return model


def agent_scores(model: Any, turns: int, seed: int) -> list[float]:
    """The points of `turns` turns played greedily by the trained agent."""
    env = HighrollerEnv("luckiest", players=1, rounds=1)
    scores = []
    observation, info = env.reset(seed=seed)
    for _ in range(turns):
        while True:
            action, _ = model.predict(observation, action_masks=info["action_mask"], deterministic=True)
            observation, reward, terminated, _, info = env.step(action)
            if terminated:
                scores.append(float(reward))
                observation, info = env.reset()
                break
    return scores


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=200_000, help="training steps (decisions)")
    parser.add_argument("--eval-turns", type=int, default=20_000, help="turns to measure each player on")
    parser.add_argument("--rollout", type=int, default=4096, help="steps collected between policy updates")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    model = train(args.timesteps, args.rollout, args.seed)
    trained = time.perf_counter() - started
    agent, agent_error = mean_and_error(agent_scores(model, args.eval_turns, seed=10_000 + args.seed))
    bot, bot_error = mean_and_error(bot_scores("optimal", args.eval_turns, seed=10_000 + args.seed))
    exact = solver_value()
    results = {
        "timesteps": float(args.timesteps),
        "training_seconds": trained,
        "agent": agent,
        "agent_error": agent_error,
        "optimal_bot": bot,
        "optimal_bot_error": bot_error,
        "solver": exact,
        "gap": exact - agent,
    }
    print(f"trained {args.timesteps:,} steps in {trained:.0f} s")
    print(f"agent        {agent:8.3f} ± {agent_error:.3f} points a turn ({args.eval_turns:,} turns)")
    print(f"optimal bot  {bot:8.3f} ± {bot_error:.3f} points a turn ({args.eval_turns:,} turns)")
    print(f"solver       {exact:8.3f} points a turn (exact)")
    print(f"gap          {exact - agent:8.3f} points ({100 * (exact - agent) / exact:.1f}% of the optimum)")
    return results


if __name__ == "__main__":
    main()
