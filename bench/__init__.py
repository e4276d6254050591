"""Benchmarks: measure and print ratios; never timed assertions."""
