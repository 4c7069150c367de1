"""Evaluation: gold corpora (ours and public formats) and one scorer for every field."""
