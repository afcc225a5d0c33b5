"""Adapters that put highroller's games into the common game-AI toolkits.

- each game's encoder (`encoder.py` in its folder, named by its spec; the interface is
  `highroller.core.encoder.Encoder`): a fixed-size numeric encoding (observation vector, discrete
  action space, action mask), used by all the adapters;
- `highroller.envs.pettingzoo`: PettingZoo AEC environments (every seat an agent);
- `highroller.envs.gymnasium`: a Gymnasium environment (one learning seat, bots in the others);
- `highroller.envs.openspiel`: the games as OpenSpiel Python games.

The toolkits are optional (`pip install "highroller[rl]"`, `"highroller[openspiel]"`); each adapter
imports its toolkit only when it is imported itself, so `import highroller` stays light.
"""
