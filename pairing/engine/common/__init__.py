"""What every pairing system shares: the per-round view of a player, colours,
compatibility and pairability checks. No system imports another; they all import this."""
